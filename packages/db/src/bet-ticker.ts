import { MATCH_STATUS } from "@sportsbook/domain";
import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "./database.js";

/** What the staff's bet ticker shows of one bet; amounts in integer minor units of `currency`. */
export interface TickerBet {
  betId: number;
  betRef: string;
  playerId: number;
  status: string;
  result: string;
  currency: string;
  /** Decimals of `currency`, so amounts can be shown and compared in its major unit. */
  subunits: number;
  stake: number;
  winAmount: number | null;
  cashedOut: number;
  legs: { matchId: number; matchName: string; sportId: number; sportName: string; live: boolean }[];
}

interface BetRow {
  id: number | string;
  ref: string;
  player_id: number | string;
  status: string;
  result: string;
  currency: string;
  subunits: number;
  stake: number | string;
  win_amount: number | string | null;
  cashed_out_amount: number | string;
}

interface LegRow {
  bet_id: number | string;
  match_id: number | string;
  match_name: string;
  sport_id: number | string;
  sport_name: string;
  status: number;
}

/**
 * The ticker's view of bets that just changed, read after their change committed so the staff see
 * what the database holds. `live` is whether the leg's match is in play as it is read.
 */
export async function tickerBets(ex: Executor, betIds: readonly number[]): Promise<TickerBet[]> {
  if (betIds.length === 0) return [];
  const ids = `{${betIds.join(",")}}`;
  const bets = rowsOf<BetRow>(
    await ex.execute(sql`
      select b.id, b.ref, b.player_id, b.status, b.result, b.currency, coalesce(c.subunits, 2) as subunits,
        b.stake, b.win_amount, b.cashed_out_amount
      from bets b left join currencies c on c.code = b.currency
      where b.id = any(${ids}::bigint[]) order by b.id`),
  );
  const legs = rowsOf<LegRow>(
    await ex.execute(sql`
      select bs.bet_id, m.id as match_id, s.id as sport_id, s.name as sport_name, m.status,
        coalesce(nullif(m.name, ''), coalesce(h.name, '?') || ' vs ' || coalesce(a.name, '?')) as match_name
      from bet_selections bs
      join matches m on m.id = bs.match_id
      join sports s on s.id = m.sport_id
      left join competitors h on h.id = m.home_competitor_id
      left join competitors a on a.id = m.away_competitor_id
      where bs.bet_id = any(${ids}::bigint[])
      order by bs.bet_id, bs.position`),
  );
  return bets.map((b) => ({
    betId: Number(b.id),
    betRef: b.ref,
    playerId: Number(b.player_id),
    status: b.status,
    result: b.result,
    currency: b.currency,
    subunits: Number(b.subunits),
    stake: Number(b.stake),
    winAmount: b.win_amount === null ? null : Number(b.win_amount),
    cashedOut: Number(b.cashed_out_amount),
    legs: legs
      .filter((l) => Number(l.bet_id) === Number(b.id))
      .map((l) => ({
        matchId: Number(l.match_id),
        matchName: l.match_name,
        sportId: Number(l.sport_id),
        sportName: l.sport_name,
        live: Number(l.status) === MATCH_STATUS.live,
      })),
  }));
}
