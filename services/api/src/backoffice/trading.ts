import {
  matchChannel,
  type RealtimeEvent,
  realtimeMarketStatus,
  type SuspensionView,
  type suspendSchema,
} from "@sportsbook/contracts";
import { publishAfterCommit } from "@sportsbook/contracts/publisher";
import { type Executor, markets, matches, outcomes, rowsOf, staff, tradingSuspensions } from "@sportsbook/db";
import { MARKET_STATUS, matchIdFrom } from "@sportsbook/domain";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { type AuditActor, recordStaffAction } from "./audit.js";

type SuspendBody = z.infer<typeof suspendSchema>;
type SuspensionRow = typeof tradingSuspensions.$inferSelect;
type MarketsChanged = Extract<RealtimeEvent, { type: "markets_changed" }>;

const HELD = MARKET_STATUS.suspended;
const OPEN = MARKET_STATUS.allowed;

export function suspensionView(row: SuspensionRow, staffEmail: string): SuspensionView {
  return {
    id: row.id,
    scope: row.scope as SuspensionView["scope"],
    match_id: row.matchId,
    market_row_id: row.marketRowId,
    outcome_id: row.outcomeId,
    reason: row.reason,
    staff_email: staffEmail,
    created_at: row.createdAt.toISOString(),
  };
}

/** The active suspensions of a match, with who set them. */
export async function activeSuspensions(ex: Executor, matchId: number): Promise<SuspensionView[]> {
  const rows = await ex
    .select({ s: tradingSuspensions, email: staff.email })
    .from(tradingSuspensions)
    .innerJoin(staff, eq(staff.id, tradingSuspensions.staffId))
    .where(and(eq(tradingSuspensions.matchId, matchId), isNull(tradingSuspensions.liftedAt)))
    .orderBy(asc(tradingSuspensions.id));
  return rows.map((r) => suspensionView(r.s, r.email));
}

/** The markets of a match as `markets_changed` tells them, read after the change committed. */
async function marketsEvent(
  ex: Executor,
  matchId: number,
  marketRowIds: number[],
): Promise<MarketsChanged | undefined> {
  if (marketRowIds.length === 0) return undefined;
  const rows = await ex
    .select({
      id: markets.id,
      marketId: markets.marketId,
      specifier: markets.specifier,
      status: markets.status,
      outcomeId: outcomes.outcomeId,
      odds: outcomes.odds,
      active: outcomes.active,
    })
    .from(markets)
    .leftJoin(outcomes, eq(outcomes.marketRowId, markets.id))
    .where(and(eq(markets.matchId, matchId), inArray(markets.id, marketRowIds)))
    .orderBy(asc(markets.id), asc(outcomes.id));
  const byMarket = new Map<number, MarketsChanged["markets"][number]>();
  for (const r of rows) {
    let m = byMarket.get(r.id);
    if (!m) {
      m = { id: r.marketId, specifier: r.specifier, status: realtimeMarketStatus(r.status), outcomes: [] };
      byMarket.set(r.id, m);
    }
    if (r.outcomeId !== null && r.odds !== null && r.active !== null)
      m.outcomes.push({ id: r.outcomeId, odds: r.odds, active: r.active });
  }
  if (byMarket.size === 0) return undefined;
  return { type: "markets_changed", match_id: matchIdFrom(matchId), markets: [...byMarket.values()] };
}

/** Tells players the markets as they now stand (on `match:{id}`), after the change committed. */
export async function publishMarkets(
  ctx: AppContext,
  matchId: number,
  marketRowIds: number[],
): Promise<void> {
  const event = await marketsEvent(ctx.db, matchId, marketRowIds);
  if (event) await publishAfterCommit(ctx.publisher, matchChannel(matchId), event, ctx.publishFailed);
}

/** Checks the target exists and belongs together (the market to the match, the outcome to the market). */
async function assertTarget(ex: Executor, body: SuspendBody): Promise<void> {
  const [match] = await ex.select({ id: matches.id }).from(matches).where(eq(matches.id, body.match_id));
  if (!match) throw new ApiError("notFound");
  if (body.scope === "match") return;
  const [market] = await ex
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.id, body.market_row_id), eq(markets.matchId, body.match_id)));
  if (!market) throw new ApiError("notFound");
  if (body.scope === "market") return;
  const [outcome] = await ex
    .select({ id: outcomes.id })
    .from(outcomes)
    .where(and(eq(outcomes.marketRowId, body.market_row_id), eq(outcomes.outcomeId, body.outcome_id)));
  if (!outcome) throw new ApiError("notFound");
}

/**
 * Suspends a match, a market or one outcome by hand: the row that holds it, the open markets held
 * at suspended (the feed's own status kept beside them in `feed_status`) or the outcome held
 * inactive, and the audit entry, in one transaction; then players are told at once. The feed's odds
 * write keeps the hold until it is lifted.
 */
export async function suspend(ctx: AppContext, actor: AuditActor & { staffId: number }, body: SuspendBody) {
  const { row, marketRowIds } = await ctx.db.transaction(async (tx) => {
    await assertTarget(tx, body);
    const [row] = await tx
      .insert(tradingSuspensions)
      .values({
        scope: body.scope,
        matchId: body.match_id,
        marketRowId: body.scope === "match" ? null : body.market_row_id,
        outcomeId: body.scope === "outcome" ? body.outcome_id : null,
        reason: body.reason,
        staffId: actor.staffId,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ApiError("alreadySuspended");
    let marketRowIds: number[];
    let before: unknown;
    if (body.scope === "outcome") {
      const held = await tx
        .update(outcomes)
        .set({ feedActive: sql`coalesce(${outcomes.feedActive}, ${outcomes.active})`, active: false })
        .where(and(eq(outcomes.marketRowId, body.market_row_id), eq(outcomes.outcomeId, body.outcome_id)))
        .returning({ feedActive: outcomes.feedActive });
      before = { active: held[0]?.feedActive ?? null };
      marketRowIds = [body.market_row_id];
    } else {
      const scope =
        body.scope === "match" ? eq(markets.matchId, body.match_id) : eq(markets.id, body.market_row_id);
      const held = await tx
        .update(markets)
        .set({ feedStatus: sql`coalesce(${markets.feedStatus}, ${markets.status})`, status: HELD })
        .where(and(scope, eq(markets.matchId, body.match_id), inArray(markets.status, [OPEN, HELD])))
        .returning({ id: markets.id, feedStatus: markets.feedStatus });
      marketRowIds = held.map((m) => m.id);
      before = { open_markets: held.filter((m) => m.feedStatus === OPEN).length };
    }
    await recordStaffAction(ctx, tx, actor, {
      action: "trading.suspended",
      targetType: body.scope,
      targetId: targetIdOf(row),
      before,
      after: { suspended: true, reason: body.reason },
    });
    return { row, marketRowIds };
  });
  await publishMarkets(ctx, row.matchId, marketRowIds);
  return suspensionView(row, actor.email);
}

function targetIdOf(row: SuspensionRow): string {
  if (row.scope === "match") return String(row.matchId);
  if (row.scope === "market") return `${row.matchId}/${row.marketRowId}`;
  return `${row.matchId}/${row.marketRowId}/${row.outcomeId}`;
}

/**
 * Lifts a suspension: each market or outcome it held goes back to what the feed last sent, unless
 * another suspension still holds it (a market suspended by hand inside a suspended match stays so).
 */
export async function lift(ctx: AppContext, actor: AuditActor & { staffId: number }, id: number) {
  const { row, marketRowIds } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(tradingSuspensions)
      .set({ liftedAt: ctx.now(), liftedBy: actor.staffId })
      .where(and(eq(tradingSuspensions.id, id), isNull(tradingSuspensions.liftedAt)))
      .returning();
    if (!row) throw new ApiError("notFound");
    let marketRowIds: number[];
    if (row.scope === "outcome" && row.marketRowId !== null && row.outcomeId !== null) {
      await tx
        .update(outcomes)
        .set({ active: sql`coalesce(${outcomes.feedActive}, ${outcomes.active})` })
        .where(and(eq(outcomes.marketRowId, row.marketRowId), eq(outcomes.outcomeId, row.outcomeId)));
      marketRowIds = [row.marketRowId];
    } else {
      const restored = rowsOf<{ id: number | string }>(
        await tx.execute(sql`
          update ${markets} m set status = m.feed_status
          where m.match_id = ${row.matchId} and m.status = ${HELD} and m.feed_status is not null
            ${row.scope === "market" ? sql`and m.id = ${row.marketRowId}` : sql``}
            and not exists (
              select 1 from ${tradingSuspensions} h
              where h.lifted_at is null and h.match_id = m.match_id
                and (h.scope = 'match' or (h.scope = 'market' and h.market_row_id = m.id)))
          returning m.id`),
      );
      marketRowIds = restored.map((r) => Number(r.id));
    }
    await recordStaffAction(ctx, tx, actor, {
      action: "trading.resumed",
      targetType: row.scope,
      targetId: targetIdOf(row),
      before: { suspended: true, reason: row.reason },
      after: { suspended: false, markets_reopened: marketRowIds.length },
    });
    return { row, marketRowIds };
  });
  await publishMarkets(ctx, row.matchId, marketRowIds);
  const [by] = await ctx.db.select({ email: staff.email }).from(staff).where(eq(staff.id, row.staffId));
  return suspensionView(row, by?.email ?? "");
}
