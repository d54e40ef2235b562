import {
  betSelections,
  bets,
  type Executor,
  markets,
  matches,
  namedStatement,
  outcomes,
  rowsOf,
  tradingSuspensions,
} from "@sportsbook/db";
import { MARKET_STATUS } from "@sportsbook/domain";
import { sql } from "drizzle-orm";
import { checkpointRow, checkpointsUpsert, type FeedCheckpoint } from "./checkpoint.js";
import { ASYNC_COMMIT } from "./durability.js";
import {
  collectWritten,
  emptyWritten,
  marketKey,
  NO_PRICE,
  type OddsResult,
  type PreparedOdds,
  type WrittenMatch,
} from "./odds-change.js";

/**
 * One row of the statement's answer: how many of a match's markets were written, a written market
 * (listed only for a match some of whose markets were left alone), a price kept, an open bet, or a
 * market or outcome a trader's suspension holds although the feed sent it open.
 */
interface AnswerRow {
  kind: "written" | "market" | "kept" | "bet" | "held";
  match_id: string | number;
  market_id: number | null;
  specifier: string | null;
  outcome_id: string | null;
  /** the count written, the price kept, or the open bet's id */
  value: string | number | null;
}

/** The newest checkpoint of each source among the changes written together. */
function newestCheckpoints(list: readonly PreparedOdds[]) {
  const bySource = new Map<string, FeedCheckpoint>();
  for (const p of list) {
    const c = p.checkpoint;
    if (!c) continue;
    const had = bySource.get(c.source);
    if (!had || c.position > had.position) bySource.set(c.source, c);
  }
  return [...bySource.values()].map(checkpointRow);
}

/**
 * One table's rows as one JSON document (serialised natively, read by the database with
 * `json_to_recordset`), so the statement's text is constant and can be a named statement.
 */
const rowsParam = (name: string) => sql`${sql.placeholder(name)}::json`;

const NO_PRICE_SQL = sql.raw(String(NO_PRICE));
const OPEN = sql.raw(String(MARKET_STATUS.allowed));
const HELD = sql.raw(String(MARKET_STATUS.suspended));

/** The odds write's text, constant whatever it carries (see `writeOddsChanges`). */
const ODDS_WRITE = namedStatement(
  "feed_odds_write",
  sql`with ${ASYNC_COMMIT},
    match_in as materialized (
      select * from json_to_recordset(${rowsParam("matches")}) as u(id bigint, at timestamptz,
        has_status boolean, status smallint, code int, statistics jsonb, producer int, markets int)),
    match_rows as (
      update ${matches} m set
        status = case when u.has_status then u.status else m.status end,
        match_status_code = case when u.has_status then u.code else m.match_status_code end,
        statistics = case when u.has_status then u.statistics else m.statistics end,
        producer = case when u.has_status then u.producer else m.producer end,
        updated_at = u.at
      from match_in u, durability
      where m.id = u.id and m.updated_at <= u.at),
    checkpoint as (${checkpointsUpsert(rowsParam("checkpoints"))}),
    -- suspensions set by hand on these matches: they hold whatever the feed sends until lifted
    held as materialized (
      select h.scope, h.match_id, h.market_row_id, h.outcome_id from ${tradingSuspensions} h
      where h.lifted_at is null and h.match_id in (select id from match_in)),
    market_rows as (
      insert into ${markets} (match_id, market_id, specifier, name, translations, status, feed_status,
        group_keys, custom_bet_groups, priority, most_balanced, producer, next_bet_stop, updated_at)
      select m, k, s, n, coalesce(t, '{}'),
        case when st = ${OPEN} and (coalesce(h, false)
            or exists (select 1 from held h where h.match_id = m and h.scope = 'match'))
          then ${HELD} else st end,
        st, g, c, -k, b, p, x, at
      from json_to_recordset(${rowsParam("markets")}) as r(m bigint, k int, s text, n text, t json,
        st smallint, g text[], c text[], b boolean, p int, x timestamptz, at timestamptz, h boolean)
      on conflict (match_id, market_id, specifier) do update set
        -- held as inserted (its producer recovering, or its match suspended by hand) stays held
        status = case when excluded.feed_status = ${OPEN} and (excluded.status = ${HELD} or exists (select 1 from held h
            where h.match_id = ${markets}.match_id
              and (h.scope = 'match' or (h.scope = 'market' and h.market_row_id = ${markets}.id))))
          then ${HELD} else excluded.feed_status end,
        feed_status = excluded.feed_status,
        custom_bet_groups = excluded.custom_bet_groups,
        producer = excluded.producer,
        most_balanced = excluded.most_balanced,
        next_bet_stop = excluded.next_bet_stop,
        updated_at = excluded.updated_at
      -- a market keeps the newest state it was sent (a late message changes nothing), and only a
      -- rollback reopens a settled or cancelled market
      where ${markets}.updated_at <= excluded.updated_at and ${markets}.status not in (-3, -4)
      returning id, match_id, market_id, specifier, updated_at, status, feed_status),
    written as (select match_id, count(*) as n from market_rows group by match_id),
    -- the outcomes of the markets written, beside what is stored (the statement's snapshot); an
    -- outcome sent without a price (or at 1.00) keeps its stored price, inactive
    sent as (
      select r.id as market_row_id, r.match_id, r.market_id, r.specifier, r.updated_at,
        o.o as outcome_id, o.n as name, coalesce(o.t, '{}') as translations, o.a as feed_active,
        -- an outcome with a decided result (settled by hand in an open market) stays withdrawn
        o.a and cur.result is null and not exists (select 1 from held h
          where h.scope = 'outcome' and h.market_row_id = r.id and h.outcome_id = o.o) as active,
        o.i as ord,
        case when o.p = ${NO_PRICE_SQL} and not o.a and cur.odds is not null then cur.odds
          else o.p end as odds,
        cur.odds as cur_odds, cur.active as cur_active,
        coalesce(cur.feed_active, cur.active) as cur_feed_active
      from json_to_recordset(${rowsParam("outcomes")}) as o(m bigint, k int, s text, o text, n text,
        t json, p int, a boolean, i int)
      join market_rows r on r.match_id = o.m and r.market_id = o.k and r.specifier = o.s
      left join ${outcomes} cur on cur.market_row_id = r.id and cur.outcome_id = o.o),
    outcome_rows as (
      insert into ${outcomes} (market_row_id, outcome_id, name, translations, odds, active, feed_active,
        updated_at)
      select market_row_id, outcome_id, name, translations, odds, active, feed_active, updated_at from sent
      where (cur_odds, cur_active, cur_feed_active) is distinct from (odds, active, feed_active)
      -- ids follow the message's order, which is the order outcomes are listed in
      order by ord
      on conflict (market_row_id, outcome_id) do update set
        odds = case when excluded.odds = ${NO_PRICE_SQL} and excluded.active = false then ${outcomes}.odds
          else excluded.odds end,
        active = excluded.active,
        feed_active = excluded.feed_active,
        updated_at = excluded.updated_at),
    -- bets whose cash-out value moves with these markets (custom bets are not cashed out)
    open_bets as (
      select distinct s.bet_id, s.match_id from ${betSelections} s join ${bets} b on b.id = s.bet_id
      where s.match_id in (select match_id from market_rows) and b.status = 'waiting_results'
        and b.type <> 'custom_bet' and s.market_row_id in (select id from market_rows))
    -- a written market stores the status it was sent with, so the answer names the markets written
    -- only for a match some of whose markets were left alone (rare): the rest is a count per match
    select 'written' as kind, match_id, null as market_id, null as specifier, null as outcome_id,
      n as value
    from written
    union all
    select 'market', r.match_id, r.market_id, r.specifier, null, null from market_rows r
    join match_in u on u.id = r.match_id join written w on w.match_id = r.match_id
    where w.n < u.markets
    union all
    select 'kept', match_id, market_id, specifier, outcome_id, cur_odds from sent
    where cur_odds is not null and odds = cur_odds and not active and cur_odds <> ${NO_PRICE_SQL}
    union all
    select 'bet', match_id, null, null, null, bet_id from open_bets
    union all
    select 'held', match_id, market_id, specifier, null, null from market_rows
    where status = ${HELD} and feed_status = ${OPEN}
    union all
    select 'held', match_id, market_id, specifier, outcome_id, null from sent where feed_active and not active`,
);

/**
 * Writes the odds changes of several matches (at most one change per match) in one statement: atomic
 * by itself, one round trip, and a statement whose text stays the same whatever the number of
 * matches, markets and outcomes, since each table's rows travel as one JSON parameter. It updates
 * each match, upserts the changed markets and those of their outcomes whose price or activity moved
 * (compared with the stored row, so an unchanged outcome is neither rewritten nor locked), records
 * the checkpoint, and names the open bets whose cash-out value the markets change. It answers which
 * markets were written (a count per match when it wrote them all, which is the rule) and the prices
 * kept by outcomes sent without one; every other outcome is stored as it was sent.
 * It commits without waiting for the WAL flush (see `ASYNC_COMMIT`).
 */
export async function writeOddsChanges(ex: Executor, list: readonly PreparedOdds[]): Promise<OddsResult[]> {
  const rows = rowsOf<AnswerRow>(
    await ODDS_WRITE.run(ex, {
      matches: JSON.stringify(list.map((p) => p.match)),
      checkpoints: JSON.stringify(newestCheckpoints(list)),
      markets: JSON.stringify(list.flatMap((p) => p.markets)),
      outcomes: JSON.stringify(list.flatMap((p) => p.outcomes)),
    }),
  );
  const byMatch = new Map<number, WrittenMatch>();
  for (const r of rows) {
    const matchId = Number(r.match_id);
    let w = byMatch.get(matchId);
    if (!w) {
      w = emptyWritten();
      byMatch.set(matchId, w);
    }
    const key = marketKey(r.market_id ?? 0, r.specifier ?? "");
    if (r.kind === "written") w.count = Number(r.value);
    else if (r.kind === "market") w.markets.add(key);
    else if (r.kind === "bet") w.openBetIds.push(Number(r.value));
    else if (r.kind === "held") w.held.add(r.outcome_id === null ? key : `${key}#${r.outcome_id}`);
    else {
      let kept = w.kept.get(key);
      if (!kept) {
        kept = new Map();
        w.kept.set(key, kept);
      }
      kept.set(r.outcome_id ?? "", Number(r.value));
    }
  }
  return list.map((p) => collectWritten(p, byMatch.get(p.ref.id) ?? emptyWritten()));
}
