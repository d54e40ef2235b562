import { auditLog, betSelections, bets, type Transaction } from "@sportsbook/db";
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

/**
 * Writes a bet, its selections and its `placed` audit entry in one statement (one round trip inside
 * the caller's transaction) and returns the rows as they now stand.
 */
export async function insertBet(
  tx: Transaction,
  bet: NewBet,
  selections: NewSelection[],
  audit: Record<string, unknown>,
): Promise<{ bet: BetRow; selections: SelectionRow[] }> {
  const at = bet.createdAt.toISOString();
  const insertBetRow = tx
    .insert(bets)
    .values({ ...bet, status: "waiting_results", activeStake: bet.stake, updatedAt: bet.createdAt })
    .returning({ id: bets.id });
  const values = selections.map(
    (s, position) =>
      sql`(${position}::smallint, ${s.matchId}::bigint, ${s.marketRowId}::bigint, ${s.marketId}::integer, ${s.specifier}::text, ${s.outcomeId}::text, ${s.odds}::integer)`,
  );
  const result = await tx.execute(sql`with b as (${insertBetRow.getSQL()}),
    s as (
      insert into ${betSelections} (bet_id, position, match_id, market_row_id, market_id, specifier, outcome_id, odds)
      select b.id, v.position, v.match_id, v.market_row_id, v.market_id, v.specifier, v.outcome_id, v.odds
      from b, (values ${sql.join(values, sql`, `)}) as v(position, match_id, market_row_id, market_id, specifier, outcome_id, odds)
      returning id, position
    ),
    a as (
      insert into ${auditLog} (entity_type, entity_id, action, player_id, data, created_at)
      select 'bet', b.id::text, 'placed', ${bet.playerId}, ${JSON.stringify(audit)}::jsonb, ${at}::timestamptz from b
    )
    select (select id from b) as bet_id, (select json_agg(json_build_array(id, position)) from s) as selections`);
  const row = (
    result as unknown as { rows: { bet_id: string | number; selections: [number, number][] | string }[] }
  ).rows[0];
  if (!row) throw new Error("bet was not written");
  const betId = Number(row.bet_id);
  const ids =
    typeof row.selections === "string" ? (JSON.parse(row.selections) as [number, number][]) : row.selections;
  const idByPosition = new Map(ids.map(([id, position]) => [Number(position), Number(id)]));
  return {
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
