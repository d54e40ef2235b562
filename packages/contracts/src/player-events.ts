import { type BetResult, type BetStatus, isFreebet } from "@sportsbook/domain";
import type { z } from "zod";
import {
  balanceChangedSchema,
  betCashoutChangedSchema,
  betChangedSchema,
  bonusIssuedSchema,
  notificationEventSchema,
  unreadCountersChangedSchema,
} from "./realtime.js";

// One builder per event of the player's private channel, for every service that sends one: each
// checks its event against the wire schema before it leaves.

/** `bet_changed`: a bet's status, result or winnings moved. */
export function betChanged(bet: {
  id: number;
  status: BetStatus;
  result?: BetResult | undefined;
  winAmount?: number | null | undefined;
  currency: string;
}): z.output<typeof betChangedSchema> {
  return betChangedSchema.parse({
    type: "bet_changed",
    bet_id: bet.id,
    status: bet.status,
    result: bet.result,
    win_amount: bet.winAmount,
    currency: bet.currency,
  });
}

/** `bet_cashout_changed`: the bet's cash-out offer now, null when none is open. */
export function betCashoutChanged(
  betId: number,
  toCashout: number | null,
  currency: string,
): z.output<typeof betCashoutChangedSchema> {
  return betCashoutChangedSchema.parse({
    type: "bet_cashout_changed",
    bet_id: betId,
    to_cashout: toCashout,
    currency,
  });
}

/** `balance_changed`: the balance of one of the player's accounts. */
export function balanceChanged(currency: string, balance: number): z.output<typeof balanceChangedSchema> {
  return balanceChangedSchema.parse({ type: "balance_changed", currency, balance });
}

/** `notification`: a notification just stored for the player. */
export function notificationEvent(
  notification: z.input<typeof notificationEventSchema>["notification"],
): z.output<typeof notificationEventSchema> {
  return notificationEventSchema.parse({ type: "notification", notification });
}

/** `unread_counters_changed`: how many notifications the player has not read. */
export function unreadCountersChanged(
  unread: z.input<typeof unreadCountersChangedSchema>["unread"],
): z.output<typeof unreadCountersChangedSchema> {
  return unreadCountersChangedSchema.parse({ type: "unread_counters_changed", unread });
}

/** `bonus_issued`: a bonus was issued to the player (every freebet kind is told as `freebet`). */
export function bonusIssued(bonusId: number, kind: string, name: string): z.output<typeof bonusIssuedSchema> {
  return bonusIssuedSchema.parse({
    type: "bonus_issued",
    bonus_id: bonusId,
    bonus_type: isFreebet(kind) ? "freebet" : kind,
    name,
  });
}
