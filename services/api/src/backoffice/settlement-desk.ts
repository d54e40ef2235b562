import type { settleMarketSchema } from "@sportsbook/contracts";
import { betChanged } from "@sportsbook/contracts/player-events";
import {
  type BetNotice,
  type Executor,
  handSettlements,
  type MarketRow,
  markets,
  type OutcomeResultRecord,
  outcomes,
  reopenSelections,
  resettleBets,
  SETTLED_AS,
  type SettledSelectionStatus,
  settlementConflicts,
  type Transaction,
  voidSelections,
  writeOutcomeResults,
} from "@sportsbook/db";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { publishBalance, publishNotification, publishToPlayer } from "../realtime/to-player.js";
import { publishTicker } from "../realtime/to-staff.js";
import { type AuditActor, recordStaffAction } from "./audit.js";
import { publishMarkets } from "./trading.js";

type SettleBody = z.infer<typeof settleMarketSchema>;
type OutcomeRow = typeof outcomes.$inferSelect;
export type DeskActor = AuditActor & { staffId: number };

/** The settled status an outcome's stored result stands for, none while it is undecided. */
export function resultOf(o: Pick<OutcomeRow, "result" | "voidFactor">): SettledSelectionStatus | null {
  if (o.result === null) return null;
  const found = (Object.keys(SETTLED_AS) as SettledSelectionStatus[]).find(
    (s) => SETTLED_AS[s].result === o.result && SETTLED_AS[s].voidFactor === o.voidFactor,
  );
  return found ?? (o.result === 1 ? "won" : "lost");
}

/** What players hear of bets settled again: the bet, the balance, the notification, as the feed sends them. */
export async function publishNotices(ctx: AppContext, notices: BetNotice[]): Promise<void> {
  for (const n of notices) {
    await publishToPlayer(ctx, n.playerId, betChanged({ id: n.betId, ...n }));
    if (n.balance !== undefined) await publishBalance(ctx, n.playerId, n.currency, n.balance);
    if (n.notification) await publishNotification(ctx, n.playerId, n.notification);
  }
  await publishTicker(
    ctx,
    notices.map((n) => n.betId),
    "settled",
  );
}

/** The market row, locked for the change, and its outcomes; unknown markets are not found. */
async function lockMarket(tx: Transaction, id: number) {
  const [m] = await tx.select().from(markets).where(eq(markets.id, id)).for("update");
  if (!m) throw new ApiError("notFound");
  const outs = await tx.select().from(outcomes).where(eq(outcomes.marketRowId, id));
  return { m, outs };
}

const rowOf = (m: typeof markets.$inferSelect): MarketRow => ({
  id: m.id,
  matchId: m.matchId,
  marketId: m.marketId,
  specifier: m.specifier,
});

const stateOf = (m: { status: number }, outs: OutcomeRow[]) => ({
  status: m.status,
  results: outs.map((o) => ({ outcome_id: o.outcomeId, result: resultOf(o) })),
});

async function statusNow(ex: Executor, id: number): Promise<number> {
  const [m] = await ex.select({ status: markets.status }).from(markets).where(eq(markets.id, id));
  return m?.status ?? 0;
}

/**
 * Settles or voids a market (or one outcome) by hand, with the feed's rule: results are written on
 * the outcomes and the selections on them, each bet is settled again and money moves by the
 * difference from what the ledger already paid. The desk's decision is kept (so a later feed
 * settlement of the market waits as a conflict) and audited, all in one transaction; players hear
 * of their bets and the market after the commit.
 */
export async function settleByHand(ctx: AppContext, actor: DeskActor, marketRowId: number, body: SettleBody) {
  const at = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const { m, outs } = await lockMarket(tx, marketRowId);
    const known = new Set(outs.map((o) => o.outcomeId));
    const named = body.action === "settle" ? body.outcomes.map((o) => o.outcome_id) : [body.outcome_id];
    if (named.some((id) => id !== undefined && !known.has(id))) throw new ApiError("notFound");
    const before = stateOf(m, outs);
    const ref = rowOf(m);
    let results: OutcomeResultRecord[];
    let touched: number[];
    if (body.action === "settle") {
      results = body.outcomes.map((o) => ({ outcome_id: o.outcome_id, result: o.result }));
      touched = await writeOutcomeResults(tx, ref, results, at);
    } else {
      results = (body.outcome_id !== undefined ? [body.outcome_id] : [...known]).map((id) => ({
        outcome_id: id,
        result: "void",
      }));
      touched = await voidSelections(
        tx,
        ref,
        at,
        body.outcome_id !== undefined ? { outcomeId: body.outcome_id } : {},
      );
    }
    await tx.insert(handSettlements).values({
      matchId: m.matchId,
      marketRowId: m.id,
      outcomeId: body.action === "void" ? (body.outcome_id ?? null) : null,
      action: body.action,
      results,
      reason: body.reason,
      staffId: actor.staffId,
      createdAt: at,
    });
    const notices = await resettleBets(tx, touched, at);
    const status = await statusNow(tx, m.id);
    await recordStaffAction(ctx, tx, actor, {
      action: body.action === "settle" ? "settlement.settled" : "settlement.voided",
      targetType: body.action === "void" && body.outcome_id !== undefined ? "outcome" : "market",
      targetId:
        body.action === "void" && body.outcome_id !== undefined
          ? `${m.matchId}/${m.id}/${body.outcome_id}`
          : `${m.matchId}/${m.id}`,
      before,
      after: { status, results, reason: body.reason, bets_resettled: notices.length },
    });
    return { matchId: m.matchId, status, notices };
  });
  await publishMarkets(ctx, done.matchId, [marketRowId]);
  await publishNotices(ctx, done.notices);
  return { market_row_id: marketRowId, status: done.status, bets_resettled: done.notices.length };
}

/**
 * Decides a feed settlement held back because the desk had settled the market: accepting applies
 * the feed's word by the same rule and releases the market to the feed again; rejecting keeps the
 * desk's. Either way it is audited.
 */
export async function decideConflict(
  ctx: AppContext,
  actor: DeskActor,
  id: number,
  decision: "accept" | "reject",
): Promise<{ conflictId: number }> {
  const at = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(settlementConflicts)
      .where(eq(settlementConflicts.id, id))
      .for("update");
    if (!c) throw new ApiError("notFound");
    if (c.status !== "open") throw new ApiError("conflictDecided");
    let notices: BetNotice[] = [];
    if (decision === "accept") {
      const { m } = await lockMarket(tx, c.marketRowId);
      const ref = rowOf(m);
      let touched: number[];
      if (c.kind === "bet_settlement")
        touched = await writeOutcomeResults(tx, ref, c.feed.outcomes ?? [], at);
      else if (c.kind === "bet_cancel")
        touched = await voidSelections(tx, ref, at, {
          ...(c.feed.start_time !== undefined ? { startTime: c.feed.start_time } : {}),
          ...(c.feed.end_time !== undefined ? { endTime: c.feed.end_time } : {}),
        });
      else touched = await reopenSelections(tx, ref, at);
      await tx
        .update(handSettlements)
        .set({ releasedAt: at })
        .where(and(eq(handSettlements.marketRowId, m.id), isNull(handSettlements.releasedAt)));
      notices = await resettleBets(tx, touched, at);
    }
    await tx
      .update(settlementConflicts)
      .set({
        status: decision === "accept" ? "accepted" : "rejected",
        decidedBy: actor.staffId,
        decidedAt: at,
      })
      .where(eq(settlementConflicts.id, id));
    await recordStaffAction(ctx, tx, actor, {
      action: decision === "accept" ? "settlement.conflict_accepted" : "settlement.conflict_rejected",
      targetType: "market",
      targetId: `${c.matchId}/${c.marketRowId}`,
      before: { conflict: c.id, kind: c.kind, status: "open" },
      after: { status: decision === "accept" ? "accepted" : "rejected", bets_resettled: notices.length },
    });
    return { matchId: c.matchId, marketRowId: c.marketRowId, notices };
  });
  if (decision === "accept") {
    await publishMarkets(ctx, done.matchId, [done.marketRowId]);
    await publishNotices(ctx, done.notices);
  }
  return { conflictId: id };
}
