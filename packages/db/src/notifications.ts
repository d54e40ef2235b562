import { type BetResult, formatAmount, money, type NotificationType } from "@sportsbook/domain";
import { and, count, eq } from "drizzle-orm";
import type { Executor } from "./database.js";
import { currencies, notifications } from "./schema/index.js";

export type NotificationRow = typeof notifications.$inferSelect;

/** What happened, in the terms of its cause; amounts in minor units. */
export type NotificationCause =
  | { type: "bet_settled"; betId: number; result: BetResult; amount: number; currency: string }
  | { type: "bet_cashed_out"; betId: number; amount: number; currency: string }
  | {
      type: "deposit_succeeded" | "withdrawal_approved" | "withdrawal_declined";
      paymentId: number;
      amount: number;
      currency: string;
    }
  /** A limit change that waited for its cooling-off period took effect: a looser limit, or a removal. */
  | { type: "limit_changed"; limitId: number; limitType: string; removal: boolean }
  /** A bonus was issued to the player; `name` in the player's language. */
  | { type: "bonus_issued"; bonusId: number; name: string };

interface Wording {
  title: string;
  body: string;
  objectType: "bet" | "payment" | "limit" | "bonus";
  objectId: number;
}

function settledBody(result: BetResult, amount: string): string {
  if (result === "lose_entire") return "Your bet lost.";
  if (result === "win_entire") return `Your bet won ${amount}.`;
  return amount === "" ? "Your bet was settled." : `Your bet was settled and paid ${amount}.`;
}

type MoneyCause = Exclude<NotificationCause, { type: "limit_changed" | "bonus_issued" }>;

function limitWording(cause: Extract<NotificationCause, { type: "limit_changed" }>): Wording {
  const name = cause.limitType.replace(/_/g, " ");
  return {
    title: "Limit changed",
    body: cause.removal ? `Your ${name} limit is removed.` : `Your new ${name} limit applies now.`,
    objectType: "limit",
    objectId: cause.limitId,
  };
}

/** English wording for clients that do not localize; the browser words it from `params`. */
function wordingOf(cause: MoneyCause, amount: string): Wording {
  switch (cause.type) {
    case "bet_settled":
      return {
        title: `Bet #${cause.betId} settled`,
        body: settledBody(cause.result, cause.amount > 0 ? amount : ""),
        objectType: "bet",
        objectId: cause.betId,
      };
    case "bet_cashed_out":
      return {
        title: `Bet #${cause.betId} cashed out`,
        body: `${amount} was paid to your balance.`,
        objectType: "bet",
        objectId: cause.betId,
      };
    case "deposit_succeeded":
      return {
        title: "Deposit received",
        body: `${amount} was added to your balance.`,
        objectType: "payment",
        objectId: cause.paymentId,
      };
    case "withdrawal_approved":
      return {
        title: "Withdrawal approved",
        body: `Your withdrawal of ${amount} is on its way.`,
        objectType: "payment",
        objectId: cause.paymentId,
      };
    case "withdrawal_declined":
      return {
        title: "Withdrawal declined",
        body: `Your withdrawal of ${amount} was declined and returned to your balance.`,
        objectType: "payment",
        objectId: cause.paymentId,
      };
  }
}

/** How many of a player's notifications are unread. */
export async function unreadNotifications(db: Executor, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.playerId, playerId), eq(notifications.read, false)));
  return Number(row?.n ?? 0);
}

/**
 * Writes the notification of a cause in the caller's transaction, so it exists exactly when its
 * cause does, and returns it with the player's unread count for the realtime events sent after
 * commit.
 */
export async function recordNotification(
  tx: Executor,
  playerId: number,
  cause: NotificationCause,
): Promise<{ notification: NotificationRow; unread: number }> {
  const { wording, params } =
    cause.type === "limit_changed"
      ? {
          wording: limitWording(cause),
          params: { limit_type: cause.limitType, change: cause.removal ? "removed" : "applied" },
        }
      : cause.type === "bonus_issued"
        ? {
            wording: {
              title: "New bonus",
              body: `${cause.name} is yours: find it under bonuses.`,
              objectType: "bonus" as const,
              objectId: cause.bonusId,
            },
            params: { name: cause.name },
          }
        : await moneyWording(tx, cause);
  const type: NotificationType = cause.type;
  const [notification] = await tx
    .insert(notifications)
    .values({
      playerId,
      type,
      title: wording.title,
      body: wording.body,
      objectType: wording.objectType,
      objectId: String(wording.objectId),
      params,
    })
    .returning();
  if (!notification) throw new Error("notification insert returned no row");
  return { notification, unread: await unreadNotifications(tx, playerId) };
}

async function moneyWording(tx: Executor, cause: MoneyCause) {
  const [currency] = await tx.select().from(currencies).where(eq(currencies.code, cause.currency));
  const subunits = currency?.subunits ?? 2;
  const amount = `${formatAmount(money(cause.amount, cause.currency), { code: cause.currency, subunits, fiat: currency?.fiat ?? true })} ${cause.currency}`;
  return {
    wording: wordingOf(cause, amount),
    params: {
      amount: cause.amount,
      currency: cause.currency,
      ...(cause.type === "bet_settled" ? { result: cause.result } : {}),
    },
  };
}

/** A notification as the API and the realtime event carry it (SPEC §3). */
export function notificationView(n: NotificationRow) {
  return {
    id: n.id,
    title: n.title,
    body: n.body,
    caption: n.caption,
    type: n.type,
    object_type: n.objectType,
    object_id: n.objectId,
    params: n.params,
    read: n.read,
    created_at: n.createdAt.toISOString(),
  };
}
