/** What a notification tells the player about (SPEC §3 notification `type`). */
export const NOTIFICATION_TYPES = [
  "bet_settled",
  "bet_cashed_out",
  "deposit_succeeded",
  "withdrawal_approved",
  "withdrawal_declined",
  "limit_changed",
  "bonus_issued",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export function isNotificationType(type: string): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type);
}
