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
      outcome: sql<"placed" | "short" | "changed">`w.outcome`,
      betId: sql<number | string | null>`w.placed_bet_id`,
      balance: sql<number | string | null>`w.player_balance`,
      selectionIds: sql<(number | string)[] | null>`w.selection_ids`,
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
        ${sql.placeholder("selectionOdds")}::integer[], ${sql.placeholder("tokenHash")}::text,
        ${sql.placeholder("csrfToken")}::text, ${sql.placeholder("playerStatus")}::text,
        ${sql.placeholder("storedOddsAcceptMode")}::text, ${sql.placeholder("currentOdds")}::integer[],
        ${sql.placeholder("marketStatuses")}::smallint[], ${sql.placeholder("matchStatuses")}::smallint[]) w`,
    )
    .prepare("place_bet_with_stake");

/** One bet to write: its row, selections, audit entry and the house account taking the stake. */
export interface Placement {
  bet: NewBet;
  selections: NewSelection[];
  audit: Record<string, unknown>;
  houseAccountId: number;
}

function placementArguments({ bet, selections, audit, houseAccountId }: Placement) {
  return {
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
  };
}

function writtenBet(
  { bet, selections }: Placement,
  row: {
    betId: number | string | null;
    balance: number | string | null;
    selectionIds: (number | string)[] | null;
  },
): WrittenBet {
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
      id: Number(row.selectionIds?.[position] ?? 0),
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

/** What a bet decided on remembered state was decided with, for the write to confirm. */
export interface Confirmation {
  tokenHash: string;
  csrfToken: string;
  playerStatus: string;
  /** The odds-change policy as stored (null when the player never chose one). */
  storedOddsAcceptMode: string | null;
  /** Per selection, in order: the odds, market status and match status decided on. */
  currentOdds: number[];
  marketStatuses: number[];
  matchStatuses: number[];
}

const unconfirmed: Record<keyof Confirmation, null> = {
  tokenHash: null,
  csrfToken: null,
  playerStatus: null,
  storedOddsAcceptMode: null,
  currentOdds: null,
  marketStatuses: null,
  matchStatuses: null,
};

/**
 * Takes the stake and writes the bet through `place_bet_with_stake` (migrations 0007, 0009): the
 * player account is debited (only if it holds the stake), then the bet, its selections, its
 * `placed` audit entry and the balanced `stake` posting are written — or nothing at all. Answers
 * undefined when the player lacks the funds. With a confirmation the bet is written only if
 * everything it was decided on still holds, and `changed` answers that something does not.
 *
 * One call is atomic on its own, so a single bet needs no surrounding transaction and costs one
 * round trip; callers that must combine it with other writes run it inside theirs. The call is a
 * named prepared statement, built once for the pool.
 */
export async function writeBet(
  ctx: AppContext,
  ex: Executor,
  placement: Placement,
  confirmation?: Confirmation,
): Promise<WrittenBet | "changed" | undefined> {
  const statement = ex === ctx.db ? prepared(ctx, "place_bet_with_stake", buildPlaceBet) : buildPlaceBet(ex);
  const [row] = await statement.execute({
    ...placementArguments(placement),
    ...(confirmation ?? unconfirmed),
  });
  if (!row) throw new Error("place_bet_with_stake answered no row");
  if (row.outcome !== "placed") return row.outcome === "short" ? undefined : "changed";
  return writtenBet(placement, row);
}
