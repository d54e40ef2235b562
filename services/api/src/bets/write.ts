import type { betSelections, bets, Executor } from "@sportsbook/db";
import { sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { prepared } from "../statements.js";

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

const buildPlaceBet = (db: Executor) =>
  db
    .select({
      betId: sql<number | string>`w.placed_bet_id`,
      balance: sql<number | string>`w.player_balance`,
      selectionIds: sql<(number | string)[]>`w.selection_ids`,
    })
    .from(
      sql`place_bet_with_stake(${sql.placeholder("ref")}::text, ${sql.placeholder("playerId")}::bigint,
        ${sql.placeholder("accountId")}::bigint, ${sql.placeholder("houseAccountId")}::bigint,
        ${sql.placeholder("type")}::text, ${sql.placeholder("currency")}::text, ${sql.placeholder("stake")}::bigint,
        ${sql.placeholder("odds")}::integer, ${sql.placeholder("potentialWin")}::bigint,
        ${sql.placeholder("systemWinCount")}::smallint, ${sql.placeholder("systemTotalCount")}::smallint,
        ${sql.placeholder("customOdds")}::integer, ${sql.placeholder("isVip")}::boolean,
        ${sql.placeholder("quick")}::boolean, ${sql.placeholder("deviceId")}::text,
        ${sql.placeholder("oddsAcceptMode")}::text, ${sql.placeholder("createdAt")}::timestamptz,
        ${sql.placeholder("audit")}::jsonb, ${sql.placeholder("matchIds")}::bigint[],
        ${sql.placeholder("marketRowIds")}::bigint[], ${sql.placeholder("marketIds")}::integer[],
        ${sql.placeholder("specifiers")}::text[], ${sql.placeholder("outcomeIds")}::text[],
        ${sql.placeholder("selectionOdds")}::integer[]) w`,
    )
    .prepare("place_bet_with_stake");

/**
 * Takes the stake and writes the bet through `place_bet_with_stake` (migration 0007): the player
 * account is debited (only if it holds the stake), then the bet, its selections, its `placed` audit
 * entry and the balanced `stake` posting are written — or nothing at all.
 *
 * One call is atomic on its own, so a single bet needs no surrounding transaction and costs one
 * round trip; callers that must combine it with other writes run it inside theirs. The call is a
 * named prepared statement, built once for the pool. Answers undefined when the player lacks the
 * funds.
 */
export async function writeBetWithStake(
  ctx: AppContext,
  ex: Executor,
  bet: NewBet,
  selections: NewSelection[],
  audit: Record<string, unknown>,
  houseAccountId: number,
): Promise<WrittenBet | undefined> {
  const statement = ex === ctx.db ? prepared(ctx, "place_bet_with_stake", buildPlaceBet) : buildPlaceBet(ex);
  const [row] = await statement.execute({
    ...bet,
    houseAccountId,
    createdAt: bet.createdAt.toISOString(),
    audit: JSON.stringify(audit),
    matchIds: selections.map((s) => s.matchId),
    marketRowIds: selections.map((s) => s.marketRowId),
    marketIds: selections.map((s) => s.marketId),
    specifiers: selections.map((s) => s.specifier),
    outcomeIds: selections.map((s) => s.outcomeId),
    selectionOdds: selections.map((s) => s.odds),
  });
  if (!row) return undefined;
  const betId = Number(row.betId);
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
      id: Number(row.selectionIds[position] ?? 0),
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
