import type { PaymentWebhook } from "@sportsbook/contracts";
import {
  ensurePlayerAccount,
  type NotificationRow,
  paymentEvents,
  payments,
  postPlayerTransfer,
  recordNotification,
} from "@sportsbook/db";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { enforceLimits } from "../limits/barriers.js";
import { publishBalance, publishNotification } from "../realtime/to-player.js";
import { houseAccount } from "../wallet/accounts.js";
import type { PaymentRow } from "./present.js";

/**
 * Opens a deposit: a pending payment (counted against the deposit limit from now on) and a checkout
 * session at the provider, whose page the player is sent to. Nothing is credited here.
 */
export async function openDeposit(
  ctx: AppContext,
  log: FastifyBaseLogger,
  playerId: number,
  input: { amount: number; currency: string; subunits: number; returnPath: string },
): Promise<{ payment: PaymentRow; checkoutUrl: string }> {
  const provider = ctx.payments.provider;
  if (!provider) throw new ApiError("paymentsUnavailable");
  const expiresAt = new Date(ctx.now().getTime() + ctx.payments.checkoutTtlSeconds * 1000);
  const payment = await ctx.db.transaction(async (tx) => {
    await enforceLimits(ctx, tx, {
      playerId,
      kind: "deposit",
      movements: [{ currency: input.currency, amount: input.amount }],
    });
    const [row] = await tx
      .insert(payments)
      .values({
        playerId,
        direction: "deposit",
        provider: provider.name,
        currency: input.currency,
        amount: input.amount,
        status: "pending",
        expiresAt,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    if (!row) throw new Error("payment row was not written");
    return row;
  });
  try {
    const checkout = await provider.openCheckout({
      paymentId: payment.id,
      amount: input.amount,
      currency: input.currency,
      subunits: input.subunits,
      returnPath: input.returnPath,
      expiresAt,
    });
    const [opened] = await ctx.db
      .update(payments)
      .set({ externalRef: checkout.session, updatedAt: ctx.now() })
      .where(eq(payments.id, payment.id))
      .returning();
    return { payment: opened ?? payment, checkoutUrl: checkout.checkoutUrl };
  } catch (error) {
    // The provider never opened the session: the deposit ends here and stops counting to the limit.
    await ctx.db
      .update(payments)
      .set({ status: "failed", reason: "the payment provider could not be reached", updatedAt: ctx.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    log.error({ err: error, paymentId: payment.id }, "opening a checkout failed");
    throw new ApiError("paymentsUnavailable");
  }
}

const OUTCOME = {
  "payment.succeeded": "succeeded",
  "payment.failed": "failed",
  "payment.cancelled": "cancelled",
  "payment.expired": "expired",
} as const;

export type CallbackResult =
  | { applied: true; payment: PaymentRow }
  | { applied: false; why: "duplicate" | "already_final"; payment?: PaymentRow };

/**
 * Applies one verified provider callback. Each provider event id is applied once (a replay finds
 * its row and changes nothing); a callback naming another amount, currency or session than the
 * payment's is refused whole. Only a success credits the ledger, in the same transaction as the
 * status change. A success after the deposit expired here is still credited: the player paid.
 */
export async function applyDepositCallback(
  ctx: AppContext,
  providerName: string,
  event: PaymentWebhook,
): Promise<CallbackResult> {
  const paymentId = Number(event.data.reference);
  const outcome = OUTCOME[event.type];
  const [known] = await ctx.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.id, paymentId), eq(payments.provider, providerName), eq(payments.direction, "deposit")),
    );
  // Amount, currency and session never change once the checkout is open, so they are checked here.
  if (
    !known ||
    known.amount !== event.data.amount ||
    known.currency !== event.data.currency ||
    known.externalRef !== event.data.session
  ) {
    throw new ApiError("paymentMismatch");
  }
  // House accounts are looked up outside the transaction (see `houseAccount`).
  const house = await houseAccount(ctx, "house_payments", known.currency, known.playerId);
  const result = await ctx.db.transaction(
    async (
      tx,
    ): Promise<
      CallbackResult & { balance?: number; notice?: { notification: NotificationRow; unread: number } }
    > => {
      const payment = known;
      const seen = await tx
        .insert(paymentEvents)
        .values({
          provider: providerName,
          eventId: event.id,
          paymentId,
          type: event.type,
          receivedAt: ctx.now(),
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (seen.length === 0) return { applied: false, why: "duplicate", payment };
      const from = outcome === "succeeded" ? ["pending", "expired"] : ["pending"];
      const [changed] = await tx
        .update(payments)
        .set({ status: outcome, reason: event.data.reason ?? null, updatedAt: ctx.now() })
        .where(and(eq(payments.id, paymentId), inArray(payments.status, from)))
        .returning();
      if (!changed) return { applied: false, why: "already_final", payment };
      if (outcome !== "succeeded") return { applied: true, payment: changed };
      const account = await ensurePlayerAccount(tx, payment.playerId, payment.currency);
      const posting = await postPlayerTransfer(tx, {
        kind: "deposit",
        currency: payment.currency,
        reference: { type: "payment", id: String(payment.id) },
        playerAccountId: account.id,
        houseAccountId: house,
        amount: payment.amount,
      });
      const notice = await recordNotification(tx, payment.playerId, {
        type: "deposit_succeeded",
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
      });
      return { applied: true, payment: changed, balance: posting.playerBalance, notice };
    },
  );
  if (result.applied && result.balance !== undefined) {
    await publishBalance(ctx, result.payment.playerId, result.payment.currency, result.balance);
  }
  if (result.applied && result.notice) await publishNotification(ctx, result.payment.playerId, result.notice);
  const { balance: _, notice: __, ...answer } = result;
  return answer;
}

/** Pending deposits whose checkout ran out without a callback end as expired; returns how many. */
export async function expireDeposits(ctx: AppContext): Promise<number> {
  const expired = await ctx.db
    .update(payments)
    .set({ status: "expired", reason: "not completed in time", updatedAt: ctx.now() })
    .where(
      and(
        eq(payments.status, "pending"),
        eq(payments.direction, "deposit"),
        lt(payments.expiresAt, ctx.now()),
      ),
    )
    .returning({ id: payments.id });
  return expired.length;
}
