import {
  arrayParam,
  betSelections,
  bets,
  type Executor,
  markets,
  matches,
  outcomes,
  rowsOf,
} from "@sportsbook/db";
import { isBuilderMarket, MARKET_STATUS } from "@sportsbook/domain";
import { and, arrayOverlaps, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import {
  MARKETS,
  marketName,
  marketNameTranslations,
  outcomeName,
  outcomeNameTranslations,
} from "../markets.js";
import type { FeedEvent, MarketOdds } from "../model.js";
import type { MatchRef } from "./catalogue.js";
import { checkpointUpsert, type FeedCheckpoint } from "./checkpoint.js";
import { realtimeMarketStatus, specMatchStatus, statisticsOf } from "./present.js";

export interface MarketChange {
  id: number;
  specifier: string;
  status: ReturnType<typeof realtimeMarketStatus>;
  outcomes: { id: string; odds: number; active: boolean }[];
}

export interface OddsResult {
  markets: MarketChange[];
  /** open bets with a selection on the markets written: their cash-out values moved */
  openBetIds: number[];
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

/**
 * Applies an odds change in one statement (atomic by itself, one round trip whatever the message's
 * size): the match's status and statistics, its changed markets and their outcomes, the checkpoint
 * when given, and the open bets whose cash-out value the moved markets change. Each column travels as
 * one array parameter (unnest), so neither the statement nor the work of building it grows with the
 * market count.
 */
export async function applyOddsChange(
  ex: Executor,
  ref: MatchRef,
  event: Extract<FeedEvent, { kind: "odds_change" }>,
  checkpoint?: FeedCheckpoint,
): Promise<OddsResult> {
  const ts = new Date(event.timestamp);
  const at = sql`${ts.toISOString()}::timestamptz`;
  const result: OddsResult = { markets: [], openBetIds: [], statusChanged: false };
  const steps: SQL[] = [];
  if (event.status) {
    const status = specMatchStatus(event.status.status);
    const stats = statisticsOf(event.status, event.timestamp);
    const statsJson = JSON.stringify(stats);
    result.statusChanged = status !== ref.status || event.status.status !== ref.uofStatus;
    if (statsJson !== ref.statistics) result.statistics = stats as Record<string, unknown>;
    steps.push(sql`match_row as (update ${matches} set status = ${status},
      match_status_code = ${event.status.matchStatus}, statistics = ${statsJson}::jsonb,
      producer = ${event.producer}, updated_at = ${at}
      where id = ${ref.id} and updated_at <= ${at})`);
    ref.status = status;
    ref.uofStatus = event.status.status;
    ref.statistics = statsJson;
    ref.producer = event.producer;
  } else {
    steps.push(sql`match_row as (update ${matches} set updated_at = ${at}
      where id = ${ref.id} and updated_at <= ${at})`);
  }
  ref.lastTs = Math.max(ref.lastTs, event.timestamp);
  if (checkpoint) steps.push(sql`checkpoint as (${checkpointUpsert(checkpoint)})`);
  // the simulator (and some feeds) resend every line; only what changed is written and published
  const balanced = mostBalanced(event.markets);
  const changed = event.markets.filter(
    (m) => ref.written.get(`${m.id}/${m.specifiers}`) !== fingerprint(m, event.producer, balanced.has(m)),
  );
  if (changed.length === 0) {
    await ex.execute(sql`with ${sql.join(steps, sql`, `)} select 1`);
    return result;
  }
  steps.push(...marketSteps(ref, changed, event.producer, at, balanced));
  const rows = rowsOf<WrittenRow>(
    await ex.execute(sql`with ${sql.join(steps, sql`, `)}
      select 'market' as kind, id, market_id, specifier, status, null as outcome_id, null::int as odds,
        null::boolean as active from market_rows
      union all
      select 'outcome', market_row_id, null, null, null, outcome_id, odds, active from outcome_rows
      union all
      select 'bet', bet_id, null, null, null, null, null, null from open_bets`),
  );
  collectWritten(ref, changed, event.producer, balanced, rows, result);
  return result;
}

/** One row of the statement's answer: a written market, a written outcome, or an open bet. */
interface WrittenRow {
  kind: "market" | "outcome" | "bet";
  id: string | number;
  market_id: number | null;
  specifier: string | null;
  status: number | null;
  outcome_id: string | null;
  odds: number | null;
  active: boolean | null;
}

/** The bet-builder group of markets the builder can price. */
const BUILDER_GROUP = ["bet_builder"];

/** The upserts of markets and outcomes, and the open bets on the markets written. */
function marketSteps(
  ref: MatchRef,
  list: MarketOdds[],
  producer: number,
  at: SQL,
  balanced: Set<MarketOdds>,
): SQL[] {
  const names = { home: ref.home, away: ref.away, competitor: (urn: string) => ref.competitors.get(urn) };
  // Names are written with a market's first row and never updated, so the other languages are worded
  // only for markets this ingest has not written yet; a known market's row keeps what it has.
  const known = (m: MarketOdds) => ref.written.has(`${m.id}/${m.specifiers}`);
  const outs = list.flatMap((m) => m.outcomes.map((o) => ({ m, o })));
  return [
    sql`market_rows as (
      insert into ${markets} (match_id, market_id, specifier, name, translations, status, group_keys,
        custom_bet_groups, priority, most_balanced, producer, next_bet_stop, updated_at)
      select ${ref.id}, m.market_id, m.specifier, m.name, m.translations::jsonb, m.status,
        array(select jsonb_array_elements_text(m.group_keys::jsonb)),
        array(select jsonb_array_elements_text(m.custom_bet_groups::jsonb)),
        -m.market_id, m.most_balanced, ${producer}, m.next_bet_stop, ${at}
      from unnest(
        ${arrayParam(
          list.map((m) => m.id),
          "int",
        )},
        ${arrayParam(
          list.map((m) => m.specifiers),
          "text",
        )},
        ${arrayParam(
          list.map((m) => marketName(m.id, m.specifiers, names)),
          "text",
        )},
        ${arrayParam(
          list.map((m) => JSON.stringify(known(m) ? {} : marketNameTranslations(m.id, m.specifiers, names))),
          "text",
        )},
        ${arrayParam(
          list.map((m) => m.status),
          "smallint",
        )},
        ${arrayParam(
          list.map((m) => JSON.stringify(MARKETS.get(m.id)?.groups ?? [])),
          "text",
        )},
        ${arrayParam(
          // The bet builder offers what its score model can price together (soccer, one final score).
          list.map((m) =>
            JSON.stringify(
              ref.sportKey === "soccer" && isBuilderMarket(m.id, m.specifiers) ? BUILDER_GROUP : [],
            ),
          ),
          "text",
        )},
        ${arrayParam(
          list.map((m) => balanced.has(m)),
          "boolean",
        )},
        ${arrayParam(
          list.map((m) => (m.nextBetstop !== undefined ? new Date(m.nextBetstop).toISOString() : null)),
          "timestamptz",
        )}
      ) as m(market_id, specifier, name, translations, status, group_keys, custom_bet_groups,
        most_balanced, next_bet_stop)
      on conflict (match_id, market_id, specifier) do update set
        status = excluded.status,
        custom_bet_groups = excluded.custom_bet_groups,
        producer = excluded.producer,
        most_balanced = excluded.most_balanced,
        next_bet_stop = excluded.next_bet_stop,
        updated_at = excluded.updated_at
      -- a market keeps the newest state it was sent (a late message changes nothing), and only a
      -- rollback reopens a settled or cancelled market
      where ${markets}.updated_at <= excluded.updated_at and ${markets}.status not in (-3, -4)
      returning id, market_id, specifier, status)`,
    sql`outcome_rows as (
      insert into ${outcomes} (market_row_id, outcome_id, name, translations, odds, active, updated_at)
      select r.id, o.outcome_id, o.name, o.translations::jsonb, o.odds, o.active, ${at}
      from unnest(
        ${arrayParam(
          outs.map(({ m }) => m.id),
          "int",
        )},
        ${arrayParam(
          outs.map(({ m }) => m.specifiers),
          "text",
        )},
        ${arrayParam(
          outs.map(({ o }) => o.id),
          "text",
        )},
        ${arrayParam(
          outs.map(({ m, o }) => outcomeName(m.id, o.id, m.specifiers, names)),
          "text",
        )},
        ${arrayParam(
          outs.map(({ m, o }) =>
            JSON.stringify(known(m) ? {} : outcomeNameTranslations(m.id, o.id, m.specifiers, names)),
          ),
          "text",
        )},
        ${arrayParam(
          outs.map(({ o }) => o.odds ?? NO_PRICE),
          "int",
        )},
        ${arrayParam(
          outs.map(({ o }) => o.active && o.odds !== null && o.odds > NO_PRICE),
          "boolean",
        )}
      ) as o(market_id, specifier, outcome_id, name, translations, odds, active)
      join market_rows r on r.market_id = o.market_id and r.specifier = o.specifier
      on conflict (market_row_id, outcome_id) do update set
        -- an outcome sent without a price keeps its last price, inactive
        odds = case when excluded.odds = ${NO_PRICE} and excluded.active = false then ${outcomes}.odds
          else excluded.odds end,
        active = excluded.active,
        updated_at = excluded.updated_at
      returning market_row_id, outcome_id, odds, active)`,
    // bets whose cash-out value moves with these markets (custom bets are not cashed out)
    sql`open_bets as (
      select distinct s.bet_id from ${betSelections} s join ${bets} b on b.id = s.bet_id
      where s.match_id = ${ref.id} and b.status = 'waiting_results' and b.type <> 'custom_bet'
        and s.market_row_id in (select id from market_rows))`,
  ];
}

/** Reads the statement's answer into the result and remembers what each market now holds. */
function collectWritten(
  ref: MatchRef,
  list: MarketOdds[],
  producer: number,
  balanced: Set<MarketOdds>,
  rows: WrittenRow[],
  result: OddsResult,
): void {
  const rowOf = new Map<string, { id: number; status: number }>();
  const byMarket = new Map<number, { id: string; odds: number; active: boolean }[]>();
  for (const r of rows) {
    if (r.kind === "market")
      rowOf.set(`${r.market_id}/${r.specifier}`, { id: Number(r.id), status: r.status ?? 0 });
    else if (r.kind === "bet") result.openBetIds.push(Number(r.id));
    else {
      const l = byMarket.get(Number(r.id)) ?? [];
      l.push({ id: r.outcome_id ?? "", odds: r.odds ?? NO_PRICE, active: r.active === true });
      byMarket.set(Number(r.id), l);
    }
  }
  for (const market of list) {
    const key = `${market.id}/${market.specifiers}`;
    const row = rowOf.get(key);
    if (!row) continue;
    if (row.status === market.status)
      ref.written.set(key, fingerprint(market, producer, balanced.has(market)));
    else ref.written.delete(key);
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
    if ((lines.get(m.id) ?? 0) < 2 || m.status !== MARKET_STATUS.allowed || m.outcomes.length !== 2) continue;
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
