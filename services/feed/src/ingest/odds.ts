import { type Executor, markets, outcomes } from "@sportsbook/db";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, arrayOverlaps, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { FeedEvent } from "../model.js";
import type { MatchRef } from "./catalogue.js";
import { commitWithoutFlush } from "./durability.js";
import { type MarketChange, marketKey, type OddsResult } from "./odds-change.js";
import { realtimeMarketStatus } from "./present.js";

/** Open as the feed last said, whether or not a trader's suspension holds it. */
export const openForTheFeed = or(
  eq(markets.status, MARKET_STATUS.allowed),
  and(eq(markets.status, MARKET_STATUS.suspended), eq(markets.feedStatus, MARKET_STATUS.allowed)),
);

/**
 * A bet stop suspends the match's open markets (or sets the status the message names): all of them
 * for the group `all`, otherwise those in any of the named groups (a market's groups come from the
 * market descriptions). Like an odds change, its transaction commits without waiting for the WAL
 * flush (`durability.ts`).
 */
export async function applyBetStop(
  tx: Executor,
  ref: MatchRef,
  event: Extract<FeedEvent, { kind: "bet_stop" }>,
): Promise<OddsResult> {
  const ts = new Date(event.timestamp);
  await commitWithoutFlush(tx);
  const rows = await tx
    .update(markets)
    // a market a trader holds suspended stays so; the stop is kept as the feed's status for the lift
    .set({
      status: sql`case when ${markets.status} = ${MARKET_STATUS.allowed} then ${event.marketStatus}::smallint else ${markets.status} end`,
      feedStatus: event.marketStatus,
      updatedAt: ts,
    })
    .where(
      and(
        eq(markets.matchId, ref.id),
        openForTheFeed,
        lte(markets.updatedAt, ts),
        event.groups.includes("all") ? undefined : arrayOverlaps(markets.groupKeys, event.groups),
      ),
    )
    .returning({
      id: markets.id,
      marketId: markets.marketId,
      specifier: markets.specifier,
      status: markets.status,
    });
  // the markets stopped no longer hold what this ingest last wrote, so the next odds change writes
  // them again; the others still do (forgetting every market made that change rewrite the match)
  for (const r of rows) ref.written.delete(marketKey(r.marketId, r.specifier));
  ref.lastTs = Math.max(ref.lastTs, event.timestamp);
  return { ...(await changesOf(tx, rows)), openBetIds: [], statusChanged: false };
}

/** Current outcomes of the given market rows, as realtime market changes. */
export async function changesOf(
  tx: Executor,
  rows: { id: number; marketId: number; specifier: string; status: number }[],
): Promise<{ markets: MarketChange[] }> {
  if (rows.length === 0) return { markets: [] };
  const outs = await tx
    .select({
      marketRowId: outcomes.marketRowId,
      id: outcomes.outcomeId,
      odds: outcomes.odds,
      active: outcomes.active,
    })
    .from(outcomes)
    .where(
      inArray(
        outcomes.marketRowId,
        rows.map((r) => r.id),
      ),
    );
  return {
    markets: rows.map((r) => ({
      id: r.marketId,
      specifier: r.specifier,
      status: realtimeMarketStatus(r.status),
      outcomes: outs
        .filter((o) => o.marketRowId === r.id)
        .map((o) => ({ id: o.id, odds: o.odds, active: o.active })),
    })),
  };
}
