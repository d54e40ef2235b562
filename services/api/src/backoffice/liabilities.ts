import type { LiabilityMatch, liabilityBetSchema } from "@sportsbook/contracts";
import { type BetBonusRecord, type Executor, rowsOf, selectionSettlementOf } from "@sportsbook/db";
import {
  BET_TYPES,
  type BetType,
  BONUS_TYPES,
  bookLiabilities,
  LIABLE_BET_STATUSES,
  type LiabilityBet,
  type MatchLiability,
  type Odds,
} from "@sportsbook/domain";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { ApiError, validationError } from "../http/errors.js";
import { containsPattern } from "./like.js";

/** Reads the open bets of the book from the database and works out its liabilities (domain rule). */

const liable = sql`${`{${LIABLE_BET_STATUSES.join(",")}}`}::text[]`;

interface CurrencyRow {
  code: string;
  subunits: number;
  fiat: boolean;
}

/** Currencies with open bets, most open bets first. */
async function openCurrencies(ex: Executor): Promise<CurrencyRow[]> {
  return rowsOf<CurrencyRow>(
    await ex.execute(sql`
      select c.code, c.subunits, c.fiat from (
        select b.currency, count(*) as n from bets b
        where b.status = any(${liable})
          and exists (select 1 from bet_selections s where s.bet_id = b.id and s.status = 'open')
        group by b.currency
      ) x join currencies c on c.code = x.currency
      order by x.n desc, c.code`),
  );
}

/** The currency asked for (any the wallet knows), else the one with most open bets. */
async function currencyFor(ex: Executor, asked: string | undefined) {
  const open = await openCurrencies(ex);
  const codes = open.map((c) => c.code);
  if (asked === undefined) return { currency: open[0] ?? null, codes };
  const known = rowsOf<CurrencyRow>(
    await ex.execute(sql`select code, subunits, fiat from currencies where code = ${asked}`),
  )[0];
  if (!known) throw validationError([{ field: "currency", message: "unknown currency" }]);
  return { currency: known, codes };
}

interface BetRow {
  id: number | string;
  ref: string;
  player_id: number | string;
  type: string;
  active_stake: number | string;
  potential_win: number | string;
  created_at: Date | string;
  system_win_count: number | null;
  system_total_count: number | null;
  custom_odds: number | null;
  bonus: BetBonusRecord | null;
  match_id: number | string;
  market_row_id: number | string;
  outcome_id: string;
  odds: number;
  status: string;
  dead_heat_factor: number | null;
}

type BetView = z.infer<typeof liabilityBetSchema>;

interface OpenBet {
  bet: LiabilityBet;
  rows: BetRow[];
}

/** Open bets in a currency with an open selection (on `matchId` when given), with all their selections. */
async function openBets(ex: Executor, currency: string, matchId?: number): Promise<OpenBet[]> {
  const rows = rowsOf<BetRow>(
    await ex.execute(sql`
      select b.id, b.ref, b.player_id, b.type, b.active_stake, b.potential_win, b.created_at,
        b.system_win_count, b.system_total_count, b.custom_odds, b.bonus,
        s.match_id, s.market_row_id, s.outcome_id, s.odds, s.status, s.dead_heat_factor
      from bets b join bet_selections s on s.bet_id = b.id
      where b.currency = ${currency} and b.status = any(${liable})
        and exists (select 1 from bet_selections o where o.bet_id = b.id and o.status = 'open'
          ${matchId !== undefined ? sql`and o.match_id = ${matchId}` : sql``})
      order by b.id, s.position`),
  );
  const byBet = new Map<number, BetRow[]>();
  for (const r of rows) {
    const id = Number(r.id);
    byBet.set(id, [...(byBet.get(id) ?? []), r]);
  }
  return [...byBet].map(([id, legs]) => {
    const first = legs[0] as BetRow;
    const bonusType = BONUS_TYPES.find((t) => t === first.bonus?.type);
    const bet: LiabilityBet = {
      id,
      betType: (BET_TYPES.find((t) => t === first.type) ?? "single") as BetType,
      stake: Number(first.active_stake),
      legs: legs.map((l) => {
        const settlement = selectionSettlementOf({ status: l.status, deadHeatFactor: l.dead_heat_factor });
        return {
          matchId: Number(l.match_id),
          marketRowId: Number(l.market_row_id),
          outcomeId: l.outcome_id,
          odds: l.odds as Odds,
          ...(settlement ? { settlement } : {}),
        };
      }),
      ...(first.system_win_count !== null && first.system_total_count !== null
        ? { systemType: { winCount: first.system_win_count, totalCount: first.system_total_count } }
        : {}),
      ...(first.custom_odds !== null ? { customOdds: first.custom_odds as Odds } : {}),
      ...(bonusType ? { bonusType } : {}),
      ...(bonusType === "comboboost" && first.bonus?.odds ? { bonusOdds: first.bonus.odds as Odds } : {}),
    };
    return { bet, rows: legs };
  });
}

interface Catalogue {
  marketNames: Map<number, string>;
  outcomeNames: Map<string, string>;
  marketOutcomes: Map<number, string[]>;
}

const outcomeKey = (marketRowId: number, outcomeId: string) => `${marketRowId}/${outcomeId}`;

/** Names of the markets and their outcomes, and every outcome of each market (backed or not). */
async function catalogueOf(ex: Executor, marketRowIds: readonly number[]): Promise<Catalogue> {
  const catalogue: Catalogue = { marketNames: new Map(), outcomeNames: new Map(), marketOutcomes: new Map() };
  if (marketRowIds.length === 0) return catalogue;
  const ids = sql`${`{${marketRowIds.join(",")}}`}::bigint[]`;
  for (const m of rowsOf<{ id: number | string; name: string; specifier: string }>(
    await ex.execute(sql`select id, name, specifier from markets where id = any(${ids})`),
  )) {
    catalogue.marketNames.set(Number(m.id), m.specifier ? `${m.name} (${m.specifier})` : m.name);
  }
  for (const o of rowsOf<{ market_row_id: number | string; outcome_id: string; name: string }>(
    await ex.execute(
      sql`select market_row_id, outcome_id, name from outcomes where market_row_id = any(${ids}) order by id`,
    ),
  )) {
    const row = Number(o.market_row_id);
    catalogue.outcomeNames.set(outcomeKey(row, o.outcome_id), o.name);
    catalogue.marketOutcomes.set(row, [...(catalogue.marketOutcomes.get(row) ?? []), o.outcome_id]);
  }
  return catalogue;
}

interface MatchRow {
  id: number | string;
  name: string;
  sport: string;
  tournament: string;
  start_time: Date | string;
  status: number;
}

async function matchRows(ex: Executor, ids: readonly number[], q: string | undefined) {
  if (ids.length === 0) return new Map<number, MatchRow>();
  const like = q ? containsPattern(q) : null;
  const rows = rowsOf<MatchRow>(
    await ex.execute(sql`
      select m.id, coalesce(nullif(m.name, ''), coalesce(h.name, '?') || ' vs ' || coalesce(a.name, '?')) as name,
        s.name as sport, t.name as tournament, m.start_time, m.status
      from matches m
      join sports s on s.id = m.sport_id
      join tournaments t on t.id = m.tournament_id
      left join competitors h on h.id = m.home_competitor_id
      left join competitors a on a.id = m.away_competitor_id
      where m.id = any(${`{${ids.join(",")}}`}::bigint[])
        ${like ? sql`and (h.name ilike ${like} or a.name ilike ${like} or m.name ilike ${like} or t.name ilike ${like})` : sql``}`),
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

function matchView(row: MatchRow, figures: MatchLiability, catalogue: Catalogue): LiabilityMatch {
  const worst = figures.markets[0];
  return {
    id: Number(row.id),
    name: row.name,
    sport: row.sport,
    tournament: row.tournament,
    start_time: new Date(row.start_time).toISOString(),
    status: Number(row.status),
    bets: figures.bets,
    stakes: figures.stakes,
    worst_case: figures.worstCase,
    worst_market: worst ? (catalogue.marketNames.get(worst.marketRowId) ?? String(worst.marketRowId)) : "",
  };
}

async function figuresOf(ex: Executor, currency: string, matchId?: number) {
  const bets = await openBets(ex, currency, matchId);
  const rowIds = [
    ...new Set(bets.flatMap((b) => b.bet.legs.filter((l) => !l.settlement).map((l) => l.marketRowId))),
  ];
  const catalogue = await catalogueOf(ex, rowIds);
  return {
    bets,
    catalogue,
    matches: bookLiabilities(
      bets.map((b) => b.bet),
      catalogue.marketOutcomes,
    ),
  };
}

/** Every match with open bets in one currency, worst case first. */
export async function liabilities(
  ex: Executor,
  q: { currency?: string | undefined; q?: string | undefined; limit: number },
) {
  const { currency, codes } = await currencyFor(ex, q.currency);
  if (!currency) return { data: [], currency: null, currencies: codes };
  const { matches, catalogue } = await figuresOf(ex, currency.code);
  const rows = await matchRows(
    ex,
    matches.map((m) => m.matchId),
    q.q,
  );
  const data = matches
    .flatMap((m) => {
      const row = rows.get(m.matchId);
      return row ? [matchView(row, m, catalogue)] : [];
    })
    .slice(0, q.limit);
  return { data, currency, currencies: codes };
}

/** One match's markets and outcomes with their figures, and the bets behind them. */
export async function matchLiabilities(ex: Executor, matchId: number, asked: string | undefined) {
  const { currency, codes } = await currencyFor(ex, asked);
  const row = (await matchRows(ex, [matchId], undefined)).get(matchId);
  if (!row) throw new ApiError("notFound");
  // with no bet open anywhere, the figures are all zero in whichever currency the wallet knows first
  const chosen =
    currency ??
    rowsOf<CurrencyRow>(
      await ex.execute(sql`select code, subunits, fiat from currencies order by enabled desc, code limit 1`),
    )[0] ??
    null;
  if (!chosen) throw new ApiError("notFound");
  const { bets, catalogue, matches } = currency
    ? await figuresOf(ex, currency.code, matchId)
    : { bets: [], catalogue: await catalogueOf(ex, []), matches: [] };
  const figures = matches.find((m) => m.matchId === matchId) ?? {
    matchId,
    bets: 0,
    stakes: 0,
    worstCase: 0,
    markets: [],
  };
  const marketName = (id: number) => catalogue.marketNames.get(id) ?? String(id);
  const outcomeName = (market: number, outcome: string) =>
    catalogue.outcomeNames.get(outcomeKey(market, outcome)) ?? outcome;
  const betViews: BetView[] = bets.map(({ bet, rows }) => {
    const first = rows[0] as BetRow;
    return {
      id: bet.id,
      ref: first.ref,
      player_id: Number(first.player_id),
      type: bet.betType,
      stake: bet.stake,
      bonus: bet.bonusType ?? null,
      potential_win: Number(first.potential_win),
      created_at: new Date(first.created_at).toISOString(),
      selections: rows
        .filter((r) => Number(r.match_id) === matchId)
        .map((r) => ({
          market: marketName(Number(r.market_row_id)),
          outcome: outcomeName(Number(r.market_row_id), r.outcome_id),
          odds: r.odds,
        })),
    };
  });
  return {
    data: {
      match: matchView(row, figures, catalogue),
      currency: chosen,
      currencies: codes,
      markets: figures.markets.map((m) => ({
        id: m.marketRowId,
        name: marketName(m.marketRowId),
        stakes: m.stakes,
        worst_case: m.worstCase,
        outcomes: m.outcomes.map((o) => ({
          id: o.outcomeId,
          name: outcomeName(m.marketRowId, o.outcomeId),
          liability: o.liability,
          payout: o.payout,
          bets: o.bets.map((b) => ({ bet_id: b.betId, pays: b.pays, taken: b.taken })),
        })),
      })),
      bets: betViews,
    },
  };
}
