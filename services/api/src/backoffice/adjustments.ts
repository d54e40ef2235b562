import type { AdjustmentStatus, AdjustmentView } from "@sportsbook/contracts";
import {
  balanceAdjustments,
  currencies,
  type Executor,
  ensurePlayerAccount,
  InsufficientFundsError,
  players,
  postPlayerTransfer,
  staff,
  type Transaction,
} from "@sportsbook/db";
import { and, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { publishBalance } from "../realtime/to-player.js";
import { houseAccount } from "../wallet/accounts.js";
import { type AuditActor, recordStaffAction } from "./audit.js";

type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
type StaffActor = AuditActor & { staffId: number };

const requester = alias(staff, "requester");
const decider = alias(staff, "decider");

/** Balance adjustments, newest first: one player's, or every one waiting for approval. */
export async function listAdjustments(
  ex: Executor,
  filter: { playerId?: number; status?: AdjustmentStatus; id?: number },
): Promise<AdjustmentView[]> {
  const where: SQL[] = [];
  if (filter.playerId !== undefined) where.push(eq(balanceAdjustments.playerId, filter.playerId));
  if (filter.status) where.push(eq(balanceAdjustments.status, filter.status));
  if (filter.id !== undefined) where.push(eq(balanceAdjustments.id, filter.id));
  const rows = await ex
    .select({
      a: balanceAdjustments,
      playerEmail: players.email,
      by: requester.email,
      decidedBy: decider.email,
      subunits: currencies.subunits,
    })
    .from(balanceAdjustments)
    .innerJoin(players, eq(players.id, balanceAdjustments.playerId))
    .innerJoin(currencies, eq(currencies.code, balanceAdjustments.currency))
    .innerJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy))
    .where(and(...where))
    .orderBy(desc(balanceAdjustments.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.a.id,
    player_id: r.a.playerId,
    player_email: r.playerEmail,
    currency: r.a.currency,
    subunits: r.subunits,
    amount: r.a.amount,
    reason: r.a.reason,
    status: r.a.status as AdjustmentStatus,
    requested_by: r.by,
    decided_by: r.decidedBy,
    created_at: r.a.createdAt.toISOString(),
    decided_at: r.a.decidedAt?.toISOString() ?? null,
  }));
}

async function viewOf(ex: Executor, id: number): Promise<AdjustmentView> {
  const [view] = await listAdjustments(ex, { id });
  if (!view) throw new Error(`adjustment ${id} vanished`);
  return view;
}

/** The ledger posting of an adjustment: the player's account against the house's adjustment account. */
async function postAdjustment(
  tx: Transaction,
  row: AdjustmentRow,
  houseId: number,
): Promise<{ transactionId: number; balance: number }> {
  const account = await ensurePlayerAccount(tx, row.playerId, row.currency);
  try {
    const posting = await postPlayerTransfer(tx, {
      kind: "adjustment",
      currency: row.currency,
      reference: { type: "adjustment", id: String(row.id) },
      playerAccountId: account.id,
      houseAccountId: houseId,
      amount: row.amount,
    });
    return { transactionId: posting.transactionId, balance: posting.playerBalance };
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new ApiError("adjustmentExceedsBalance");
    throw error;
  }
}

/**
 * A staff member corrects a player's balance with a reason, in the player's current currency. Up to
 * the configured amount it is posted at once; above it, it waits for a second member's approval.
 */
export async function requestAdjustment(
  ctx: AppContext,
  actor: StaffActor,
  playerId: number,
  body: { amount: number; reason: string },
): Promise<AdjustmentView> {
  const [player] = await ctx.db.select().from(players).where(eq(players.id, playerId));
  if (!player) throw new ApiError("notFound");
  const currency = player.currency;
  const house = await houseAccount(ctx, "house_adjustments", currency, playerId);
  const immediate = Math.abs(body.amount) <= ctx.settings.adjustmentApprovalMinor;
  const result = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [row] = await tx
      .insert(balanceAdjustments)
      .values({
        playerId,
        currency,
        amount: body.amount,
        reason: body.reason,
        status: "pending",
        requestedBy: actor.staffId,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("adjustment was not written");
    let balance: number | undefined;
    if (immediate) {
      const posted = await postAdjustment(tx, row, house);
      balance = posted.balance;
      await tx
        .update(balanceAdjustments)
        .set({
          status: "applied",
          transactionId: posted.transactionId,
          decidedBy: actor.staffId,
          decidedAt: now,
        })
        .where(eq(balanceAdjustments.id, row.id));
    }
    await recordStaffAction(ctx, tx, actor, {
      action: immediate ? "player.balance_adjusted" : "player.adjustment_requested",
      targetType: "player",
      targetId: playerId,
      after: { adjustment_id: row.id, currency, amount: body.amount, reason: body.reason },
    });
    return { view: await viewOf(tx, row.id), balance };
  });
  if (result.balance !== undefined) await publishBalance(ctx, playerId, currency, result.balance);
  return result.view;
}

/**
 * A second staff member approves (the posting is written) or rejects a waiting adjustment; the member
 * who asked for it cannot decide it.
 */
export async function decideAdjustment(
  ctx: AppContext,
  actor: StaffActor,
  id: number,
  approve: boolean,
): Promise<AdjustmentView> {
  const [found] = await ctx.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
  if (!found) throw new ApiError("notFound");
  const house = await houseAccount(ctx, "house_adjustments", found.currency, found.playerId);
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.id, id))
      .for("update");
    if (!row) throw new ApiError("notFound");
    if (row.status !== "pending") throw new ApiError("adjustmentDecided");
    if (row.requestedBy === actor.staffId) throw new ApiError("adjustmentNeedsSecondStaff");
    const now = ctx.now();
    const posted = approve ? await postAdjustment(tx, row, house) : undefined;
    await tx
      .update(balanceAdjustments)
      .set({
        status: approve ? "applied" : "rejected",
        transactionId: posted?.transactionId ?? null,
        decidedBy: actor.staffId,
        decidedAt: now,
      })
      .where(eq(balanceAdjustments.id, id));
    await recordStaffAction(ctx, tx, actor, {
      action: approve ? "player.adjustment_approved" : "player.adjustment_rejected",
      targetType: "player",
      targetId: row.playerId,
      before: { adjustment_id: id, status: "pending" },
      after: { adjustment_id: id, status: approve ? "applied" : "rejected", amount: row.amount },
    });
    return { view: await viewOf(tx, id), balance: posted?.balance, row };
  });
  if (result.balance !== undefined)
    await publishBalance(ctx, result.row.playerId, result.row.currency, result.balance);
  return result.view;
}
