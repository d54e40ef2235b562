import {
  ensurePlayerAccount,
  InsufficientFundsError,
  payments,
  post,
  postPlayerTransfer,
  recordNotification,
  type Transaction,
} from "@sportsbook/db";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { lockPlayer } from "../limits/store.js";
import { publishBalance, publishNotification } from "../realtime/to-player.js";
import { houseAccount } from "../wallet/accounts.js";
import type { PaymentRow } from "./present.js";

/** Provider named on withdrawals when no checkout provider is configured: paid out by the operator. */
const MANUAL_PAYOUT = "manual";

/**
 * A withdrawal request: the amount leaves the player's balance at once, held in the house's
 * withdrawals account until it is paid or given back, so it cannot also be staked. Limits and
 * exclusions do not apply: a player may always take their money out.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  playerId: number,
  input: { amount: number; currency: string },
): Promise<PaymentRow> {
  const hold = await houseAccount(ctx, "house_withdrawals", input.currency, playerId);
  const result = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const account = await ensurePlayerAccount(tx, playerId, input.currency);
    const [payment] = await tx
      .insert(payments)
      .values({
        playerId,
        direction: "withdrawal",
        provider: ctx.payments.provider?.name ?? MANUAL_PAYOUT,
        currency: input.currency,
        amount: input.amount,
        status: "requested",
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    if (!payment) throw new Error("payment row was not written");
    try {
      const posting = await postPlayerTransfer(tx, {
        kind: "withdrawal",
        currency: input.currency,
        reference: { type: "payment", id: String(payment.id) },
        playerAccountId: account.id,
        houseAccountId: hold,
        amount: -input.amount,
      });
      return { payment, balance: posting.playerBalance };
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw new ApiError("withdrawalExceedsBalance");
      throw error;
    }
  });
  await publishBalance(ctx, playerId, input.currency, result.balance);
  return result.payment;
}

/** The player takes back a withdrawal not yet approved; the held amount returns to the balance. */
export async function cancelWithdrawal(
  ctx: AppContext,
  playerId: number,
  paymentId: number,
): Promise<PaymentRow> {
  return settle(ctx, paymentId, { playerId, from: ["requested"], to: "cancelled", reason: null });
}

export type ReviewAction = "approve" | "decline" | "mark_paid";

/**
 * The operator's review: approve a request, decline it (the funds go back to the player) or mark an
 * approved one paid (the held funds leave the house for the provider).
 */
export async function reviewWithdrawal(
  ctx: AppContext,
  paymentId: number,
  action: ReviewAction,
  reason: string | null,
  by?: ReviewRecord,
): Promise<PaymentRow> {
  switch (action) {
    case "approve":
      return settle(ctx, paymentId, { from: ["requested"], to: "approved", reason, by });
    case "decline":
      return settle(ctx, paymentId, { from: ["requested", "approved"], to: "declined", reason, by });
    case "mark_paid":
      return settle(ctx, paymentId, { from: ["approved"], to: "paid", reason, by });
  }
}

/** What a reviewer adds to a review: the provider's payout reference, and their record of it in the same transaction. */
export interface ReviewRecord {
  externalRef?: string;
  within(tx: Transaction, before: string, after: PaymentRow): Promise<void>;
}

/** Moves a withdrawal between statuses and posts what the move means for the held funds. */
async function settle(
  ctx: AppContext,
  paymentId: number,
  move: {
    playerId?: number;
    from: string[];
    to: "approved" | "paid" | "declined" | "cancelled";
    reason: string | null;
    by?: ReviewRecord | undefined;
  },
): Promise<PaymentRow> {
  const [known] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (
    known?.direction !== "withdrawal" ||
    (move.playerId !== undefined && known.playerId !== move.playerId)
  ) {
    throw new ApiError("notFound");
  }
  // House accounts are looked up outside the transaction (see `houseAccount`).
  const hold = await houseAccount(ctx, "house_withdrawals", known.currency, known.playerId);
  const out = await houseAccount(ctx, "house_payments", known.currency, known.playerId);
  const result = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(payments)
      .set({
        status: move.to,
        reason: move.reason,
        updatedAt: ctx.now(),
        ...(move.by?.externalRef ? { externalRef: move.by.externalRef } : {}),
      })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, move.from)))
      .returning();
    if (!changed) throw new ApiError("paymentStateConflict");
    await move.by?.within(tx, known.status, changed);
    const balance = await postFor(tx, changed, move.to, { hold, out });
    // The operator's decisions are news to the player; their own cancellation and the payout
    // that follows an approval are not.
    const notice =
      move.to === "approved" || move.to === "declined"
        ? await recordNotification(tx, changed.playerId, {
            type: move.to === "approved" ? "withdrawal_approved" : "withdrawal_declined",
            paymentId: changed.id,
            amount: changed.amount,
            currency: changed.currency,
          })
        : undefined;
    return { payment: changed, balance, notice };
  });
  if (result.balance !== undefined) {
    await publishBalance(ctx, result.payment.playerId, result.payment.currency, result.balance);
  }
  if (result.notice) await publishNotification(ctx, result.payment.playerId, result.notice);
  return result.payment;
}

/** Declined and cancelled give the hold back to the player; paid hands it to the provider. */
async function postFor(
  tx: Transaction,
  payment: PaymentRow,
  to: "approved" | "paid" | "declined" | "cancelled",
  house: { hold: number; out: number },
): Promise<number | undefined> {
  if (to === "approved") return undefined;
  const reference = { type: "payment", id: String(payment.id) };
  if (to === "paid") {
    await post(tx, {
      kind: "withdrawal",
      currency: payment.currency,
      reference,
      legs: [
        { accountId: house.hold, amount: -payment.amount, house: true },
        { accountId: house.out, amount: payment.amount, house: true },
      ],
    });
    return undefined;
  }
  const account = await ensurePlayerAccount(tx, payment.playerId, payment.currency);
  const posting = await postPlayerTransfer(tx, {
    kind: "withdrawal_reversal",
    currency: payment.currency,
    reference,
    playerAccountId: account.id,
    houseAccountId: house.hold,
    amount: payment.amount,
  });
  return posting.playerBalance;
}
