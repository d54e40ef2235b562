import {
  DECLINES_IN_A_ROW,
  type PaymentFlag,
  type StaffPayment,
  type staffWithdrawalReviewSchema,
} from "@sportsbook/contracts";
import { payments, players, rowsOf } from "@sportsbook/db";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import type { PaymentRow } from "../payments/present.js";
import { reviewWithdrawal } from "../payments/withdrawals.js";
import { currencyTable } from "../wallet/currencies.js";
import { type AuditActor, recordStaffAction } from "./audit.js";
import { containsPattern } from "./like.js";

type Review = z.infer<typeof staffWithdrawalReviewSchema>;

/** Rows a queue or look-up answers at most. */
const LIST_LIMIT = 200;

/**
 * The watched patterns of each withdrawal's player up to the withdrawal (see `PAYMENT_FLAGS`).
 * Payments are ordered by id, which follows the order they were written in.
 */
async function flagsOf(ctx: AppContext, rows: PaymentRow[]): Promise<Map<number, PaymentFlag[]>> {
  const flags = new Map<number, PaymentFlag[]>();
  const withdrawals = rows.filter((r) => r.direction === "withdrawal").map((r) => r.id);
  if (withdrawals.length === 0) return flags;
  const found = rowsOf<{ id: number | string; without_play: boolean | null; declines: boolean | null }>(
    await ctx.db.execute(sql`
      select w.id,
        (select not exists (
            select 1 from bets b
            where b.player_id = w.player_id and b.created_at >= d.created_at and b.created_at <= w.created_at)
          from payments d
          where d.player_id = w.player_id and d.direction = 'deposit' and d.status = 'succeeded'
            and d.id < w.id
          order by d.id desc limit 1) as without_play,
        (select count(*) = ${DECLINES_IN_A_ROW} and bool_and(x.status = 'failed')
          from (select status from payments x
                where x.player_id = w.player_id and x.direction = 'deposit'
                  and x.status in ('succeeded', 'failed') and x.id < w.id
                order by x.id desc limit ${DECLINES_IN_A_ROW}) x) as declines
      from payments w
      where w.id = any(${`{${withdrawals.join(",")}}`}::bigint[])`),
  );
  for (const r of found) {
    const list: PaymentFlag[] = [];
    if (r.without_play) list.push("withdrawn_without_play");
    if (r.declines) list.push("declines_in_a_row");
    flags.set(Number(r.id), list);
  }
  return flags;
}

async function present(
  ctx: AppContext,
  rows: { p: PaymentRow; email: string | null }[],
): Promise<StaffPayment[]> {
  const table = await currencyTable(ctx);
  const flags = await flagsOf(
    ctx,
    rows.map((r) => r.p),
  );
  return rows.map(({ p, email }) => ({
    id: p.id,
    player_id: p.playerId,
    player_email: email,
    direction: p.direction === "withdrawal" ? "withdrawal" : "deposit",
    provider: p.provider,
    external_ref: p.externalRef,
    currency: p.currency,
    subunits: table.get(p.currency)?.subunits ?? 2,
    amount: p.amount,
    status: p.status as StaffPayment["status"],
    reason: p.reason,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    flags: flags.get(p.id) ?? [],
  }));
}

function selectPayments(ctx: AppContext, where: SQL | undefined) {
  return ctx.db
    .select({ p: payments, email: players.email })
    .from(payments)
    .innerJoin(players, eq(players.id, payments.playerId))
    .where(where);
}

/** Withdrawals in one status, oldest first: the review queue. */
export async function withdrawalQueue(ctx: AppContext, status: string): Promise<StaffPayment[]> {
  const rows = await selectPayments(
    ctx,
    and(eq(payments.direction, "withdrawal"), eq(payments.status, status)),
  )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(LIST_LIMIT);
  return present(ctx, rows);
}

/** Payments found by a player's e-mail (part of it) or id, a payment id, or the provider's reference; newest first. */
export async function lookupPayments(ctx: AppContext, q: string): Promise<StaffPayment[]> {
  const match: SQL[] = [ilike(players.email, containsPattern(q)), eq(payments.externalRef, q)];
  if (/^\d{1,15}$/.test(q)) match.push(eq(payments.id, Number(q)), eq(payments.playerId, Number(q)));
  const rows = await selectPayments(ctx, or(...match))
    .orderBy(desc(payments.id))
    .limit(LIST_LIMIT);
  return present(ctx, rows);
}

async function one(ctx: AppContext, id: number): Promise<StaffPayment> {
  const rows = await selectPayments(ctx, inArray(payments.id, [id]));
  const [view] = await present(ctx, rows);
  if (!view) throw new ApiError("notFound");
  return view;
}

const ACTION: Record<Review["action"], "approve" | "decline" | "mark_paid"> = {
  approve: "approve",
  reject: "decline",
  mark_paid: "mark_paid",
};

/**
 * A staff member's review of a withdrawal, audited in the review's own transaction. An approval is
 * paid out through the provider at once when it pays out (the payout reference is kept); a rejection
 * returns the held funds and tells the player, with the reason.
 */
export async function reviewAsStaff(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
  review: Review,
  log: FastifyBaseLogger,
): Promise<StaffPayment> {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  if (row?.direction !== "withdrawal") throw new ApiError("notFound");
  const audited = (action: string, externalRef?: string) => ({
    ...(externalRef ? { externalRef } : {}),
    within: (tx: Parameters<typeof recordStaffAction>[1], before: string, after: PaymentRow) =>
      recordStaffAction(ctx, tx, actor, {
        action,
        targetType: "payment",
        targetId: id,
        before: { status: before },
        after: { status: after.status, reason: after.reason, external_ref: after.externalRef },
      }),
  });
  const reason = review.reason ?? null;
  const reviewed = await reviewWithdrawal(
    ctx,
    id,
    ACTION[review.action],
    reason,
    audited(
      `payment.withdrawal_${review.action === "reject" ? "rejected" : review.action === "approve" ? "approved" : "marked_paid"}`,
    ),
  );
  const provider = ctx.payments.provider;
  if (review.action === "approve" && provider?.payout && reviewed.provider === provider.name) {
    let reference: string;
    try {
      const subunits = (await currencyTable(ctx)).get(reviewed.currency)?.subunits ?? 2;
      reference = (
        await provider.payout({
          paymentId: id,
          amount: reviewed.amount,
          currency: reviewed.currency,
          subunits,
        })
      ).reference;
    } catch (error) {
      // The withdrawal stays approved (funds still held): finance retries or marks it paid by hand.
      log.error({ err: error, payment: id }, "payout failed");
      ctx.metrics.payoutFailures.inc();
      throw new ApiError("paymentsUnavailable");
    }
    await reviewWithdrawal(ctx, id, "mark_paid", reason, audited("payment.withdrawal_paid_out", reference));
  }
  return one(ctx, id);
}
