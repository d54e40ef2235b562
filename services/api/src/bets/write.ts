import {
  accounts,
  auditLog,
  betSelections,
  bets,
  type Executor,
  ledgerEntries,
  ledgerTransactions,
} from "@sportsbook/db";
import { sql } from "drizzle-orm";

export type BetRow = typeof bets.$inferSelect;
export type SelectionRow = typeof betSelections.$inferSelect;

export interface NewBet {
  ref: string;
  playerId: number;
  accountId: number;
  type: string;
  currency: string;
  stake: number;
  odds: number;
  potentialWin: number;
  systemWinCount: number | null;
  systemTotalCount: number | null;
  customOdds: number | null;
  isVip: boolean;
  quick: boolean;
  deviceId: string | null;
  oddsAcceptMode: string;
  createdAt: Date;
}

export interface NewSelection {
  matchId: number;
  marketRowId: number;
  marketId: number;
  specifier: string;
  outcomeId: string;
  odds: number;
}

export interface WrittenBet {
  bet: BetRow;
  selections: SelectionRow[];
  /** The player's balance in the stake's currency after the stake was taken. */
  playerBalance: number;
}

/**
 * Takes the stake and writes the bet in one statement: the player account is debited (only if it
 * holds the stake), then the bet, its selections, its `placed` audit entry and the balanced `stake`
 * posting (player leg and house leg with their ledger entries) are written — or nothing at all.
 *
 * One statement is atomic on its own, so a single bet needs no surrounding transaction and costs
 * one round trip; callers that must combine it with other writes run it inside theirs. Locks are
 * taken player row first, house row second (the house update waits on the bet, which waits on the
 * debit), the same order every posting uses. Answers undefined when the player lacks the funds.
 */
export async function writeBetWithStake(
  ex: Executor,
  bet: NewBet,
  selections: NewSelection[],
  audit: Record<string, unknown>,
  houseAccountId: number,
): Promise<WrittenBet | undefined> {
  const at = bet.createdAt.toISOString();
  const values = selections.map(
    (s, position) =>
      sql`(${position}::smallint, ${s.matchId}::bigint, ${s.marketRowId}::bigint, ${s.marketId}::integer, ${s.specifier}::text, ${s.outcomeId}::text, ${s.odds}::integer)`,
  );
  const result = await ex.execute(sql`with p as (
      update ${accounts} set balance = balance - ${bet.stake}
      where id = ${bet.accountId} and currency = ${bet.currency} and kind = 'player'
        and balance >= ${bet.stake}
        and exists (select 1 from ${accounts} where id = ${houseAccountId} and currency = ${bet.currency})
      returning id, balance
    ),
    b as (
      insert into ${bets} (ref, player_id, account_id, type, status, currency, stake, active_stake, odds,
        potential_win, system_win_count, system_total_count, custom_odds, is_vip, quick, device_id,
        odds_accept_mode, created_at, updated_at)
      select ${bet.ref}, ${bet.playerId}, p.id, ${bet.type}, 'waiting_results', ${bet.currency}, ${bet.stake},
        ${bet.stake}, ${bet.odds}, ${bet.potentialWin}, ${bet.systemWinCount}::smallint,
        ${bet.systemTotalCount}::smallint, ${bet.customOdds}::integer, ${bet.isVip}, ${bet.quick},
        ${bet.deviceId}::text, ${bet.oddsAcceptMode}, ${at}::timestamptz, ${at}::timestamptz
      from p
      returning id
    ),
    s as (
      insert into ${betSelections} (bet_id, position, match_id, market_row_id, market_id, specifier, outcome_id, odds)
      select b.id, v.position, v.match_id, v.market_row_id, v.market_id, v.specifier, v.outcome_id, v.odds
      from b, (values ${sql.join(values, sql`, `)}) as v(position, match_id, market_row_id, market_id, specifier, outcome_id, odds)
      returning id, position
    ),
    a as (
      insert into ${auditLog} (entity_type, entity_id, action, player_id, data, created_at)
      select 'bet', b.id::text, 'placed', ${bet.playerId}, ${JSON.stringify(audit)}::jsonb, ${at}::timestamptz from b
    ),
    h as (
      update ${accounts} set balance = balance + ${bet.stake}
      where id = ${houseAccountId} and exists (select 1 from b)
      returning id, balance
    ),
    t as (
      insert into ${ledgerTransactions} (kind, currency, reference_type, reference_id)
      select 'stake', ${bet.currency}, 'bet', b.id::text from b
      returning id
    ),
    e as (
      insert into ${ledgerEntries} (transaction_id, account_id, amount, balance_after)
      select t.id, p.id, -${bet.stake}::bigint, p.balance from t, p
      union all
      select t.id, h.id, ${bet.stake}::bigint, h.balance from t, h
    )
    select b.id as bet_id, p.balance as balance,
      (select json_agg(json_build_array(id, position)) from s) as selections
    from b, p`);
  const row = (
    result as unknown as {
      rows: { bet_id: string | number; balance: string | number; selections: [number, number][] | string }[];
    }
  ).rows[0];
  if (!row) return undefined;
  const betId = Number(row.bet_id);
  const ids =
    typeof row.selections === "string" ? (JSON.parse(row.selections) as [number, number][]) : row.selections;
  const idByPosition = new Map(ids.map(([id, position]) => [Number(position), Number(id)]));
  return {
    playerBalance: Number(row.balance),
    bet: {
      ...bet,
      id: betId,
      status: "waiting_results",
      result: "no_results",
      activeStake: bet.stake,
      winAmount: null,
      cashedOutAmount: 0,
      bonus: null,
      payoutStatus: "initial",
      usedInJackpot: false,
      updatedAt: bet.createdAt,
      settledAt: null,
    },
    selections: selections.map((s, position) => ({
      ...s,
      id: idByPosition.get(position) ?? 0,
      betId,
      position,
      status: "open",
      result: null,
      voidFactor: null,
      deadHeatFactor: null,
      settledAt: null,
    })),
  };
}
