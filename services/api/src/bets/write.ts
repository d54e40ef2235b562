import type { betSelections, bets, Executor } from "@sportsbook/db";
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
 * Takes the stake and writes the bet through `place_bet_with_stake` (migration 0007): the player
 * account is debited (only if it holds the stake), then the bet, its selections, its `placed` audit
 * entry and the balanced `stake` posting are written — or nothing at all.
 *
 * One call is atomic on its own, so a single bet needs no surrounding transaction and costs one
 * round trip; callers that must combine it with other writes run it inside theirs. Answers
 * undefined when the player lacks the funds.
 */
export async function writeBetWithStake(
  ex: Executor,
  bet: NewBet,
  selections: NewSelection[],
  audit: Record<string, unknown>,
  houseAccountId: number,
): Promise<WrittenBet | undefined> {
  const result =
    await ex.execute(sql`select * from place_bet_with_stake(${bet.ref}::text, ${bet.playerId}::bigint,
    ${bet.accountId}::bigint, ${houseAccountId}::bigint, ${bet.type}::text, ${bet.currency}::text,
    ${bet.stake}::bigint, ${bet.odds}::integer, ${bet.potentialWin}::bigint, ${bet.systemWinCount}::smallint,
    ${bet.systemTotalCount}::smallint, ${bet.customOdds}::integer, ${bet.isVip}::boolean, ${bet.quick}::boolean,
    ${bet.deviceId}::text, ${bet.oddsAcceptMode}::text, ${bet.createdAt.toISOString()}::timestamptz,
    ${JSON.stringify(audit)}::jsonb, ${sql.param(selections.map((s) => s.matchId))}::bigint[],
    ${sql.param(selections.map((s) => s.marketRowId))}::bigint[], ${sql.param(selections.map((s) => s.marketId))}::integer[],
    ${sql.param(selections.map((s) => s.specifier))}::text[], ${sql.param(selections.map((s) => s.outcomeId))}::text[],
    ${sql.param(selections.map((s) => s.odds))}::integer[])`);
  const row = (
    result as unknown as {
      rows: {
        placed_bet_id: string | number;
        player_balance: string | number;
        selection_ids: (string | number)[];
      }[];
    }
  ).rows[0];
  if (!row) return undefined;
  const betId = Number(row.placed_bet_id);
  return {
    playerBalance: Number(row.player_balance),
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
      id: Number(row.selection_ids[position] ?? 0),
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
