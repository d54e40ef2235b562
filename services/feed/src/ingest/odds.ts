import { type Executor, markets, matches, outcomes } from "@sportsbook/db";
import { isBuilderMarket } from "@sportsbook/domain";
import { and, arrayOverlaps, eq, inArray, lte, sql } from "drizzle-orm";
import {
  MARKETS,
  marketName,
  marketNameTranslations,
  outcomeName,
  outcomeNameTranslations,
} from "../markets.js";
import type { FeedEvent, MarketOdds } from "../model.js";
import type { MatchRef } from "./catalogue.js";
import { realtimeMarketStatus, specMatchStatus, statisticsOf } from "./present.js";

export interface MarketChange {
  id: number;
  specifier: string;
  status: ReturnType<typeof realtimeMarketStatus>;
  outcomes: { id: string; odds: number; active: boolean }[];
}

export interface OddsResult {
  markets: MarketChange[];
  /** market row ids whose odds or status changed (for cash-out values) */
  marketRowIds: number[];
  statusChanged: boolean;
  statistics?: Record<string, unknown>;
}

function fingerprint(m: MarketOdds, producer: number, balanced: boolean): string {
  let s = `${m.status}/${producer}/${m.nextBetstop ?? ""}/${balanced ? 1 : 0}`;
  for (const o of m.outcomes) s += `|${o.id}:${o.odds}:${o.active ? 1 : 0}`;
  return s;
}

/**
 * Never-priced outcomes are stored at 1.00 and inactive, so odds stay a positive integer. A provider's
 * own 1.00 (Oddin prices a decided outcome so) pays nothing back and is stored inactive too.
 */
const NO_PRICE = 1000;

/** Applies an odds change: match status and statistics, then markets and outcomes (per-market ordered). */
export async function applyOddsChange(
  tx: Executor,
  ref: MatchRef,
  event: Extract<FeedEvent, { kind: "odds_change" }>,
): Promise<OddsResult> {
  const ts = new Date(event.timestamp);
  const result: OddsResult = { markets: [], marketRowIds: [], statusChanged: false };
  if (event.status) {
    const status = specMatchStatus(event.status.status);
    const stats = statisticsOf(event.status, event.timestamp);
    const statsJson = JSON.stringify(stats);
    result.statusChanged = status !== ref.status || event.status.status !== ref.uofStatus;
    if (statsJson !== ref.statistics) result.statistics = stats as Record<string, unknown>;
    await tx
      .update(matches)
      .set({
        status,
        matchStatusCode: event.status.matchStatus,
        statistics: stats,
        producer: event.producer,
        updatedAt: ts,
      })
      .where(and(eq(matches.id, ref.id), lte(matches.updatedAt, ts)));
    ref.status = status;
    ref.uofStatus = event.status.status;
    ref.statistics = statsJson;
    ref.producer = event.producer;
  } else {
    await tx
      .update(matches)
      .set({ updatedAt: ts })
      .where(and(eq(matches.id, ref.id), lte(matches.updatedAt, ts)));
  }
  ref.lastTs = Math.max(ref.lastTs, event.timestamp);
  // the simulator (and some feeds) resend every line; only what changed is written and published
  const balanced = mostBalanced(event.markets);
  const changed = event.markets.filter(
    (m) => ref.written.get(`${m.id}/${m.specifiers}`) !== fingerprint(m, event.producer, balanced.has(m)),
  );
  if (changed.length === 0) return result;
  await writeMarkets(tx, ref, changed, event.producer, ts, result, balanced);
  return result;
}

/** The bet-builder group of markets the builder can price. */
const BUILDER_GROUP = ["bet_builder"];

async function writeMarkets(
  tx: Executor,
  ref: MatchRef,
  list: MarketOdds[],
  producer: number,
  ts: Date,
  result: OddsResult,
  balanced: Set<MarketOdds>,
): Promise<void> {
  const names = { home: ref.home, away: ref.away, competitor: (urn: string) => ref.competitors.get(urn) };
  // Names are written with a market's first row and never updated, so the other languages are worded
  // only for markets this ingest has not written yet; a known market's row keeps what it has.
  const known = (m: MarketOdds) => ref.written.has(`${m.id}/${m.specifiers}`);
  const rows = await tx
    .insert(markets)
    .values(
      list.map((m) => ({
        matchId: ref.id,
        marketId: m.id,
        specifier: m.specifiers,
        name: marketName(m.id, m.specifiers, names),
        translations: known(m) ? {} : marketNameTranslations(m.id, m.specifiers, names),
        status: m.status,
        groupKeys: MARKETS.get(m.id)?.groups ?? [],
        // The bet builder offers what its score model can price together (soccer, one final score).
        customBetGroups:
          ref.sportKey === "soccer" && isBuilderMarket(m.id, m.specifiers) ? BUILDER_GROUP : [],
        priority: -m.id,
        mostBalanced: balanced.has(m),
        producer,
        nextBetStop: m.nextBetstop !== undefined ? new Date(m.nextBetstop) : null,
        updatedAt: ts,
      })),
    )
    .onConflictDoUpdate({
      target: [markets.matchId, markets.marketId, markets.specifier],
      set: {
        status: sql`excluded.status`,
        customBetGroups: sql`excluded.custom_bet_groups`,
        producer: sql`excluded.producer`,
        mostBalanced: sql`excluded.most_balanced`,
        nextBetStop: sql`excluded.next_bet_stop`,
        updatedAt: sql`excluded.updated_at`,
      },
      // a market keeps the newest state it was sent (a late message changes nothing), and only a
      // rollback reopens a settled or cancelled market
      setWhere: sql`${markets.updatedAt} <= excluded.updated_at and ${markets.status} not in (-3, -4)`,
    })
    .returning({
      id: markets.id,
      marketId: markets.marketId,
      specifier: markets.specifier,
      status: markets.status,
    });
  const byKey = new Map(rows.map((r) => [`${r.marketId}/${r.specifier}`, r]));
  const values: (typeof outcomes.$inferInsert)[] = [];
  const kept: { row: (typeof rows)[number]; market: MarketOdds }[] = [];
  for (const m of list) {
    const row = byKey.get(`${m.id}/${m.specifiers}`);
    if (!row) continue;
    kept.push({ row, market: m });
    for (const o of m.outcomes) {
      values.push({
        marketRowId: row.id,
        outcomeId: o.id,
        name: outcomeName(m.id, o.id, m.specifiers, names),
        translations: known(m) ? {} : outcomeNameTranslations(m.id, o.id, m.specifiers, names),
        odds: o.odds ?? NO_PRICE,
        active: o.active && o.odds !== null && o.odds > NO_PRICE,
        updatedAt: ts,
      });
    }
  }
  if (values.length === 0) return;
  const outRows = await tx
    .insert(outcomes)
    .values(values)
    .onConflictDoUpdate({
      target: [outcomes.marketRowId, outcomes.outcomeId],
      set: {
        // an outcome sent without a price keeps its last price, inactive
        odds: sql`case when excluded.odds = ${NO_PRICE} and excluded.active = false then ${outcomes.odds} else excluded.odds end`,
        active: sql`excluded.active`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({
      marketRowId: outcomes.marketRowId,
      id: outcomes.outcomeId,
      odds: outcomes.odds,
      active: outcomes.active,
    });
  const byMarket = new Map<number, { id: string; odds: number; active: boolean }[]>();
  for (const o of outRows) {
    const l = byMarket.get(o.marketRowId) ?? [];
    l.push({ id: o.id, odds: o.odds, active: o.active });
    byMarket.set(o.marketRowId, l);
  }
  for (const { row, market } of kept) {
    if (row.status === market.status)
      ref.written.set(
        `${market.id}/${market.specifiers}`,
        fingerprint(market, producer, balanced.has(market)),
      );
    else ref.written.delete(`${market.id}/${market.specifiers}`);
    result.marketRowIds.push(row.id);
    result.markets.push({
      id: market.id,
      specifier: market.specifiers,
      status: realtimeMarketStatus(row.status),
      outcomes: byMarket.get(row.id) ?? [],
    });
  }
}

/**
 * Of the lines of one market (totals, handicaps) sent together, the open one whose two prices are
 * closest: the line to show first.
 */
export function mostBalanced(list: MarketOdds[]): Set<MarketOdds> {
  const best = new Map<number, { m: MarketOdds; gap: number }>();
  const lines = new Map<number, number>();
  for (const m of list) lines.set(m.id, (lines.get(m.id) ?? 0) + 1);
  for (const m of list) {
    if ((lines.get(m.id) ?? 0) < 2 || m.status !== 1 || m.outcomes.length !== 2) continue;
    const [a, b] = m.outcomes;
    if (!a?.odds || !b?.odds) continue;
    const gap = Math.abs(1000 / a.odds - 1000 / b.odds);
    const cur = best.get(m.id);
    if (!cur || gap < cur.gap) best.set(m.id, { m, gap });
  }
  return new Set([...best.values()].map((x) => x.m));
}

/**
 * A bet stop suspends the match's open markets (or sets the status the message names): all of them
 * for the group `all`, otherwise those in any of the named groups (a market's groups come from the
 * market descriptions).
 */
export async function applyBetStop(
  tx: Executor,
  ref: MatchRef,
  event: Extract<FeedEvent, { kind: "bet_stop" }>,
): Promise<OddsResult> {
  const ts = new Date(event.timestamp);
  ref.written.clear();
  const rows = await tx
    .update(markets)
    .set({ status: event.marketStatus, updatedAt: ts })
    .where(
      and(
        eq(markets.matchId, ref.id),
        eq(markets.status, 1),
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
  ref.lastTs = Math.max(ref.lastTs, event.timestamp);
  return { ...(await changesOf(tx, rows)), statusChanged: false };
}

/** Current outcomes of the given market rows, as realtime market changes. */
export async function changesOf(
  tx: Executor,
  rows: { id: number; marketId: number; specifier: string; status: number }[],
): Promise<{ markets: MarketChange[]; marketRowIds: number[] }> {
  if (rows.length === 0) return { markets: [], marketRowIds: [] };
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
    marketRowIds: rows.map((r) => r.id),
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
