import { notificationEventSchema, type RealtimePublisher } from "@sportsbook/contracts";
import type { NotificationType } from "@sportsbook/domain";
import type { PushMessage, PushSender } from "./sender.js";

/**
 * The notifications also sent as Web Push, and the page a click opens. A cash-out is pushed once it
 * is paid (`bet_cashed_out`); the cash-out value itself moves with every price change
 * (`bet_cashout_changed`), too often to push.
 */
export const PUSHED: Partial<Record<NotificationType, string>> = {
  bet_settled: "/my-bets",
  bet_cashed_out: "/my-bets",
  bonus_issued: "/promotions",
};

const USER_CHANNEL = /^\$user:(\d+)$/;

/** The push a realtime publication calls for: a pushed notification on a player's channel, else null. */
export function pushOf(channel: string, data: unknown): { playerId: number; message: PushMessage } | null {
  const player = USER_CHANNEL.exec(channel);
  if (!player || (data as { type?: unknown } | null)?.type !== "notification") return null;
  const event = notificationEventSchema.safeParse(data);
  if (!event.success) return null;
  const n = event.data.notification;
  const url = PUSHED[n.type as NotificationType];
  if (!url) return null;
  return {
    playerId: Number(player[1]),
    message: {
      type: n.type,
      title: n.title,
      body: n.body,
      tag: `${n.object_type ?? n.type}-${n.object_id ?? n.id}`,
      url,
    },
  };
}

/**
 * A publisher that also pushes the notifications it carries. Every notification reaches the player's
 * channel once its cause committed, whichever part caused it (the feed's settlement, a cash-out, a
 * bonus issue), so this is the one place that sees them all. The push goes out in the background and
 * before the realtime publication, so a realtime outage does not hold it back.
 */
export function pushingPublisher(inner: RealtimePublisher, push: PushSender): RealtimePublisher {
  return {
    async publish(channel, data) {
      const pushed = pushOf(channel, data);
      if (pushed) push.notify(pushed.playerId, pushed.message);
      await inner.publish(channel, data);
    },
  };
}
