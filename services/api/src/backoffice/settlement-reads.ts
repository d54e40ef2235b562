import type { SettlementConflictView, settlementMatchSchema } from "@sportsbook/contracts";
import {
  type Executor,
  type FeedSettlementRecord,
  handSettlements,
  markets,
  outcomes,
  rowsOf,
  staff,
} from "@sportsbook/db";
import { isMarketListed } from "@sportsbook/domain";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { containsPattern } from "./like.js";
import { resultOf } from "./settlement-desk.js";

type SettlementMatch = z.infer<typeof settlementMatchSchema>;

interface MatchRow {
  id: number | string;
  name: string;
  sport: string;
  tournament: string;
  start_time: Date | string;
  status: number;
  open_bets: number | string;
  open_conflicts: number | string;
}

/** Matches of any status for the settlement desk: those with open bets or conflicts first, latest first. */
export async function settlementMatches(
  ex: Executor,
  q: { q?: string | undefined; limit: number; id?: number },
): Promise<SettlementMatch[]> {
  const like = q.q ? containsPattern(q.q) : null;
  const rows = rowsOf<MatchRow>(
    await ex.execute(sql`
      select * from (
        select m.id, coalesce(nullif(m.name, ''), coalesce(h.name, '?') || ' vs ' || coalesce(a.name, '?')) as name,
          s.name as sport, t.name as tournament, m.start_time, m.status,
          (select count(distinct b.bet_id) from bet_selections b where b.match_id = m.id and b.status = 'open') as open_bets,
          (select count(*) from settlement_conflicts c where c.match_id = m.id and c.status = 'open') as open_conflicts
        from matches m
        join sports s on s.id = m.sport_id
        join tournaments t on t.id = m.tournament_id
        left join competitors h on h.id = m.home_competitor_id
        left join competitors a on a.id = m.away_competitor_id
        where ${q.id !== undefined ? sql`m.id = ${q.id}` : sql`true`}
          ${like ? sql`and (h.name ilike ${like} or a.name ilike ${like} or m.name ilike ${like} or t.name ilike ${like})` : sql``}
      ) x
      order by (x.open_bets > 0 or x.open_conflicts > 0) desc, x.start_time desc, x.id
      limit ${q.limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    sport: r.sport,
    tournament: r.tournament,
    start_time: new Date(r.start_time).toISOString(),
    status: Number(r.status),
    open_bets: Number(r.open_bets),
    open_conflicts: Number(r.open_conflicts),
  }));
}

/** A match's listed markets with their outcomes' results, whether the desk holds them, and open bets. */
export async function settlementMarkets(ex: Executor, matchId: number) {
  const marketRows = (
    await ex
      .select()
      .from(markets)
      .where(eq(markets.matchId, matchId))
      .orderBy(asc(markets.priority), asc(markets.id))
  ).filter((m) => isMarketListed(m.status));
  if (marketRows.length === 0) return [];
  const ids = marketRows.map((m) => m.id);
  const outcomeRows = await ex
    .select()
    .from(outcomes)
    .where(inArray(outcomes.marketRowId, ids))
    .orderBy(asc(outcomes.id));
  const held = new Set(
    rowsOf<{ id: number | string }>(
      await ex.execute(
        sql`select distinct market_row_id as id from hand_settlements where match_id = ${matchId} and released_at is null`,
      ),
    ).map((r) => Number(r.id)),
  );
  const open = new Map(
    rowsOf<{ market_id: number; specifier: string; n: number | string }>(
      await ex.execute(sql`select market_id, specifier, count(distinct bet_id) as n from bet_selections
        where match_id = ${matchId} and status = 'open' group by market_id, specifier`),
    ).map((r) => [`${r.market_id}/${r.specifier}`, Number(r.n)]),
  );
  return marketRows.map((m) => ({
    id: m.id,
    market_id: m.marketId,
    specifier: m.specifier,
    name: m.name,
    status: m.status,
    hand_settled: held.has(m.id),
    open_bets: open.get(`${m.marketId}/${m.specifier}`) ?? 0,
    outcomes: outcomeRows
      .filter((o) => o.marketRowId === m.id)
      .map((o) => ({ id: o.outcomeId, name: o.name, odds: o.odds, result: resultOf(o) })),
  }));
}

/** The desk's settlements of a match, newest first, with who made them. */
export async function handSettlementHistory(ex: Executor, matchId: number) {
  const rows = await ex
    .select({ h: handSettlements, email: staff.email })
    .from(handSettlements)
    .innerJoin(staff, eq(staff.id, handSettlements.staffId))
    .where(eq(handSettlements.matchId, matchId))
    .orderBy(desc(handSettlements.id))
    .limit(100);
  return rows.map(({ h, email }) => ({
    id: h.id,
    market_row_id: h.marketRowId,
    outcome_id: h.outcomeId,
    action: h.action === "void" ? ("void" as const) : ("settle" as const),
    results: h.results,
    reason: h.reason,
    staff_email: email,
    created_at: h.createdAt.toISOString(),
    released: h.releasedAt !== null,
  }));
}

interface ConflictRow {
  id: number | string;
  match_id: number | string;
  match_name: string;
  market_row_id: number | string;
  market_name: string;
  kind: SettlementConflictView["kind"];
  feed: FeedSettlementRecord;
  received_at: Date | string;
  status: SettlementConflictView["status"];
  decided_by: string | null;
}

/** Held-back feed settlements, newest first: of one match, one conflict, or by status. */
export async function settlementConflictViews(
  ex: Executor,
  q: { status?: SettlementConflictView["status"] | "all"; matchId?: number; id?: number; limit: number },
): Promise<SettlementConflictView[]> {
  const rows = rowsOf<ConflictRow>(
    await ex.execute(sql`
      select c.id, c.match_id,
        coalesce(nullif(m.name, ''), coalesce(h.name, '?') || ' vs ' || coalesce(a.name, '?')) as match_name,
        c.market_row_id, coalesce(k.name, '') as market_name, c.kind, c.feed, c.received_at, c.status,
        s.email as decided_by
      from settlement_conflicts c
      join matches m on m.id = c.match_id
      left join markets k on k.id = c.market_row_id
      left join competitors h on h.id = m.home_competitor_id
      left join competitors a on a.id = m.away_competitor_id
      left join staff s on s.id = c.decided_by
      where true
        ${q.id !== undefined ? sql`and c.id = ${q.id}` : sql``}
        ${q.matchId !== undefined ? sql`and c.match_id = ${q.matchId}` : sql``}
        ${q.status !== undefined && q.status !== "all" ? sql`and c.status = ${q.status}` : sql``}
      order by c.id desc
      limit ${q.limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    match_id: Number(r.match_id),
    match_name: r.match_name,
    market_row_id: Number(r.market_row_id),
    market_name: r.market_name,
    kind: r.kind,
    feed: r.feed,
    received_at: new Date(r.received_at).toISOString(),
    status: r.status,
    decided_by: r.decided_by,
  }));
}
