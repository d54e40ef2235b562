import { isBuilderMarket, MARKET_STATUS, ODDS_SCALE } from "@sportsbook/domain";
import {
  MARKETS,
  marketName,
  marketNameTranslations,
  type Names,
  NO_TRANSLATIONS,
  outcomeName,
  outcomeNameTranslations,
} from "../markets.js";
import type { FeedEvent, MarketOdds } from "../model.js";
import type { MarketNames, MatchRef } from "./catalogue.js";
import type { FeedCheckpoint } from "./checkpoint.js";
import { realtimeMarketStatus, specMatchStatus, statisticsOf } from "./present.js";

// The in-memory half of applying an odds change: deciding what to write (against what this ingest
// last wrote) and reading back what was written. The statement itself is in odds-write.ts, so that
// one statement can carry the odds changes of several matches.

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

/**
 * Never-priced outcomes are stored at 1.00 and inactive, so odds stay a positive integer. A provider's
 * own 1.00 (Oddin prices a decided outcome so) pays nothing back and is stored inactive too.
 */
export const NO_PRICE = ODDS_SCALE;

/** The bet-builder group of markets the builder can price. */
const BUILDER_GROUP = ["bet_builder"];
const NO_GROUPS: string[] = [];

/**
 * One market row to write. The rows travel as one JSON document per table (read with
 * `json_to_recordset`), and a key is repeated in every row: one-letter keys halve the bytes the
 * ingest serialises and sends and PostgreSQL parses. Each names its column below.
 */
export interface MarketRow {
  /** match_id */
  m: number;
  /** market_id */
  k: number;
  /** specifier */
  s: string;
  /** name */
  n: string;
  /** translations; absent for a market already written (names are written once, with the first row) or when none */
  t?: Readonly<Record<string, string>>;
  /** status */
  st: number;
  /** group_keys */
  g: string[];
  /** custom_bet_groups */
  c: string[];
  /** most_balanced */
  b: boolean;
  /** producer */
  p: number;
  /** next_bet_stop, absent when none */
  x?: string;
  /** updated_at */
  at: string;
  /** held suspended although sent open: its producer is recovering (absent otherwise) */
  h?: true;
}

/** One outcome row to write (one-letter keys, see `MarketRow`); it joins its market row by (m, k, s). */
export interface OutcomeRow {
  /** match_id */
  m: number;
  /** market_id */
  k: number;
  /** specifier */
  s: string;
  /** outcome_id */
  o: string;
  /** name */
  n: string;
  /** translations; absent for an outcome of a market already written, or when none */
  t?: Readonly<Record<string, string>>;
  /** odds */
  p: number;
  /** active */
  a: boolean;
  /** Its place in the message: a new market's outcomes are stored, and so listed, in the provider's order. */
  i: number;
}

/** The match row's update; only its clock when the message carries no sport event status. */
export interface MatchRow {
  id: number;
  at: string;
  has_status: boolean;
  status: number | null;
  code: number | null;
  statistics: unknown;
  producer: number | null;
  /** how many market rows the write carries for the match */
  markets: number;
}

/** An odds change decided and ready to write: the rows, and what to remember once they are written. */
export interface PreparedOdds {
  ref: MatchRef;
  match: MatchRow;
  markets: MarketRow[];
  outcomes: OutcomeRow[];
  checkpoint?: FeedCheckpoint | undefined;
  /** the markets written, with the fingerprint each leaves behind */
  changed: { market: MarketOdds; fingerprint: string }[];
  statusChanged: boolean;
  statistics?: Record<string, unknown>;
}

function fingerprint(m: MarketOdds, producer: number, balanced: boolean): string {
  let s = `${m.status}/${producer}/${m.nextBetstop ?? ""}/${balanced ? 1 : 0}`;
  for (const o of m.outcomes) s += `|${o.id}:${o.odds}:${o.active ? 1 : 0}`;
  return s;
}

export const marketKey = (id: number, specifiers: string): string => `${id}/${specifiers}`;

/** A market's and its outcomes' English names for this match, rendered once per match and market. */
function namesOf(ref: MatchRef, m: MarketOdds, competitors: Names): MarketNames {
  const key = marketKey(m.id, m.specifiers);
  let n = ref.names.get(key);
  if (!n) {
    n = { market: marketName(m.id, m.specifiers, competitors), outcomes: new Map() };
    ref.names.set(key, n);
  }
  return n;
}

function outcomeNameOf(m: MarketOdds, names: MarketNames, outcomeId: string, competitors: Names): string {
  let name = names.outcomes.get(outcomeId);
  if (name === undefined) {
    name = outcomeName(m.id, outcomeId, m.specifiers, competitors);
    names.outcomes.set(outcomeId, name);
  }
  return name;
}

function competitorNames(ref: MatchRef): Names {
  return { home: ref.home, away: ref.away, competitor: (urn: string) => ref.competitors.get(urn) };
}

/** What a never-priced or decided outcome (no price, or a provider's 1.00) is stored as. */
function storedActive(o: { odds: number | null; active: boolean }): boolean {
  return o.active && o.odds !== null && o.odds > NO_PRICE;
}

/**
 * Decides what an odds change writes and takes it as the match's state (status, statistics, clock),
 * as the ingest does before its write. Markets identical to what this ingest last wrote are left out:
 * the simulator (and some feeds) resend every line.
 */
export function prepareOddsChange(
  ref: MatchRef,
  event: Extract<FeedEvent, { kind: "odds_change" }>,
  checkpoint?: FeedCheckpoint,
  /** The producer is recovering: what is sent open is stored suspended until its snapshot ends. */
  held = false,
): PreparedOdds {
  const at = new Date(event.timestamp).toISOString();
  const match: MatchRow = {
    id: ref.id,
    at,
    has_status: false,
    status: null,
    code: null,
    statistics: null,
    producer: null,
    markets: 0,
  };
  let statusChanged = false;
  let statistics: Record<string, unknown> | undefined;
  if (event.status) {
    const status = specMatchStatus(event.status.status);
    const stats = statisticsOf(event.status, event.timestamp);
    const statsJson = JSON.stringify(stats);
    statusChanged = status !== ref.status || event.status.status !== ref.uofStatus;
    if (statsJson !== ref.statistics) statistics = stats as Record<string, unknown>;
    match.has_status = true;
    match.status = status;
    match.code = event.status.matchStatus;
    match.statistics = stats;
    match.producer = event.producer;
    ref.status = status;
    ref.uofStatus = event.status.status;
    ref.statistics = statsJson;
    ref.producer = event.producer;
  }
  ref.lastTs = Math.max(ref.lastTs, event.timestamp);
  const balanced = mostBalanced(event.markets);
  const competitors = competitorNames(ref);
  const changed: PreparedOdds["changed"] = [];
  const marketRows: MarketRow[] = [];
  const outcomeRows: OutcomeRow[] = [];
  for (const m of event.markets) {
    const key = marketKey(m.id, m.specifiers);
    const f = fingerprint(m, event.producer, balanced.has(m));
    const last = ref.written.get(key);
    if (last === f) continue;
    changed.push({ market: m, fingerprint: f });
    // Names are written with a market's first row and never updated, so the other languages are
    // worded only for markets this ingest has not written yet; a known market's row keeps what it has.
    const known = last !== undefined;
    const names = namesOf(ref, m, competitors);
    const row: MarketRow = {
      m: ref.id,
      k: m.id,
      s: m.specifiers,
      n: names.market,
      st: m.status,
      g: MARKETS.get(m.id)?.groups ?? NO_GROUPS,
      // The bet builder offers what its score model can price together (soccer, one final score).
      c: ref.sportKey === "soccer" && isBuilderMarket(m.id, m.specifiers) ? BUILDER_GROUP : NO_GROUPS,
      b: balanced.has(m),
      p: event.producer,
      at,
    };
    if (!known) {
      const t = marketNameTranslations(m.id, m.specifiers, competitors);
      if (t !== NO_TRANSLATIONS) row.t = t;
    }
    if (m.nextBetstop !== undefined) row.x = new Date(m.nextBetstop).toISOString();
    if (held && m.status === MARKET_STATUS.allowed) row.h = true;
    marketRows.push(row);
    for (const o of m.outcomes) {
      const out: OutcomeRow = {
        m: ref.id,
        k: m.id,
        s: m.specifiers,
        o: o.id,
        n: outcomeNameOf(m, names, o.id, competitors),
        p: o.odds ?? NO_PRICE,
        a: storedActive(o),
        i: outcomeRows.length,
      };
      if (!known) {
        // half of a first book's outcomes name a competitor, worded alike in every language
        const t = outcomeNameTranslations(m.id, o.id, m.specifiers, competitors);
        if (t !== NO_TRANSLATIONS) out.t = t;
      }
      outcomeRows.push(out);
    }
  }
  match.markets = marketRows.length;
  return {
    ref,
    match,
    markets: marketRows,
    outcomes: outcomeRows,
    checkpoint,
    changed,
    statusChanged,
    ...(statistics ? { statistics } : {}),
  };
}

/** What the statement answers for one match: its written markets and open bets, and kept prices. */
export interface WrittenMatch {
  /** how many of the match's markets were written */
  count: number;
  /** the keys of the markets written, listed only when some were left alone (`count` below those sent) */
  markets: Set<string>;
  /** market key → outcome id → the price an outcome sent without one kept */
  kept: Map<string, Map<string, number>>;
  openBetIds: number[];
  /**
   * What a trader's suspension holds although the feed sent it open: market keys, and
   * `marketKey#outcomeId` for single outcomes. Players are told it is suspended.
   */
  held: Set<string>;
}

export function emptyWritten(): WrittenMatch {
  return { count: 0, markets: new Set(), kept: new Map(), openBetIds: [], held: new Set() };
}

/**
 * The result of a written odds change, its outcomes in the message's order as they are now stored,
 * and what each market now holds. A market the statement left alone (newer state, or settled) is
 * neither remembered nor published.
 */
export function collectWritten(p: PreparedOdds, written: WrittenMatch): OddsResult {
  const result: OddsResult = {
    markets: [],
    openBetIds: written.openBetIds,
    statusChanged: p.statusChanged,
    ...(p.statistics ? { statistics: p.statistics } : {}),
  };
  const all = written.count === p.changed.length;
  for (const { market, fingerprint: f } of p.changed) {
    const key = marketKey(market.id, market.specifiers);
    if (!all && !written.markets.has(key)) continue;
    p.ref.written.set(key, f);
    const kept = written.kept.get(key);
    result.markets.push({
      id: market.id,
      specifier: market.specifiers,
      status: written.held.has(key) ? "suspended" : realtimeMarketStatus(market.status),
      outcomes: market.outcomes.map((o) => {
        const active = storedActive(o) && !written.held.has(`${key}#${o.id}`);
        const odds = o.odds ?? NO_PRICE;
        // an outcome sent without a price (or at 1.00) keeps the price it had, inactive
        const shown = odds === NO_PRICE && !active ? (kept?.get(o.id) ?? odds) : odds;
        return { id: o.id, odds: shown, active };
      }),
    });
  }
  return result;
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
    const gap = Math.abs(ODDS_SCALE / a.odds - ODDS_SCALE / b.odds);
    const cur = best.get(m.id);
    if (!cur || gap < cur.gap) best.set(m.id, { m, gap });
  }
  return new Set([...best.values()].map((x) => x.m));
}
