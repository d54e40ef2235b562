import { ensurePlayerAccount, payments, postPlayerTransfer, type Transaction } from "@sportsbook/db";
import type { AppContext } from "../context.js";
import { enforceLimits } from "../limits/barriers.js";
import { publishBalance } from "../realtime/to-player.js";
import { houseAccount } from "./accounts.js";

/**
 * Credits a deposit through the demo payment provider: the payment row and its ledger posting are
 * written in one transaction, then the new balance is published.
 */
export async function demoDeposit(
  ctx: AppContext,
  playerId: number,
  currency: string,
  amount: number,
  /** Runs inside the deposit's transaction with its result (e.g. to store an idempotent answer). */
  inTransaction?: (tx: Transaction, result: { paymentId: number; balance: number }) => Promise<void>,
): Promise<{ paymentId: number; balance: number }> {
  const house = await houseAccount(ctx, "house_payments", currency, playerId);
  const result = await ctx.db.transaction(async (tx) => {
    await enforceLimits(ctx, tx, { playerId, kind: "deposit", movements: [{ currency, amount }] });
    const account = await ensurePlayerAccount(tx, playerId, currency);
    const [payment] = await tx
      .insert(payments)
      .values({ playerId, direction: "deposit", provider: "demo", currency, amount, status: "succeeded" })
      .returning({ id: payments.id });
    if (!payment) throw new Error("payment row was not written");
    const posting = await postPlayerTransfer(tx, {
      kind: "deposit",
      currency,
      reference: { type: "payment", id: String(payment.id) },
      playerAccountId: account.id,
      houseAccountId: house,
      amount,
    });
    const result = { paymentId: payment.id, balance: posting.playerBalance };
    await inTransaction?.(tx, result);
    return result;
  });
  await publishBalance(ctx, playerId, currency, result.balance);
  return result;
}
