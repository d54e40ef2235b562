import type { BetChannel } from "@sportsbook/contracts";
import { type betSelections, type bets, type Executor, houseShardOf } from "@sportsbook/db";
import { sql } from "drizzle-orm";
import { databaseErrorOf } from "../http/database-errors.js";
import { prepared, type StatementCache } from "../statements.js";
import { GroupLanes, type GroupWrite } from "./group-commit.js";

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
  /** Where it was placed (SPEC reports' channel breakdown). */
  channel: BetChannel;
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

/** What `place_bet_with_stake` answers for one bet, as both placement statements read it. */
const placedColumns = {
  outcome: sql<"placed" | "short" | "changed">`w.outcome`,
  betId: sql<number | string | null>`w.placed_bet_id`,
  balance: sql<number | string | null>`w.player_balance`,
  selectionIds: sql<(number | string)[] | null>`w.selection_ids`,
};

const buildPlaceBet = (db: Executor) =>
  db
    .select(placedColumns)
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
        ${sql.placeholder("marketStatuses")}::smallint[], ${sql.placeholder("matchStatuses")}::smallint[],
        ${sql.placeholder("channel")}::text) w`,
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

/** One bet for `place_bet_with_stake`, with what it was decided on when that is to be confirmed. */
export interface BetWrite {
  placement: Placement;
  confirmation?: Confirmation | undefined;
}

/** What writing one bet answers: the written bet, `changed`, or undefined when the funds are short. */
export type BetWriteOutcome = WrittenBet | "changed" | undefined;

interface PlaceBetRow {
  outcome: "placed" | "short" | "changed";
  betId: number | string | null;
  balance: number | string | null;
  selectionIds: (number | string)[] | null;
}

function outcomeOf(placement: Placement, row: PlaceBetRow | undefined): BetWriteOutcome {
  if (!row) throw new Error("place_bet_with_stake answered no row");
  if (row.outcome !== "placed") return row.outcome === "short" ? undefined : "changed";
  return writtenBet(placement, row);
}

/** One bet in one call: atomic on its own, or part of the caller's transaction when `ex` is one. */
async function writeAlone(ctx: StatementCache, ex: Executor, { placement, confirmation }: BetWrite) {
  const statement = ex === ctx.db ? prepared(ctx, "place_bet_with_stake", buildPlaceBet) : buildPlaceBet(ex);
  const [row] = await statement.execute({
    ...placementArguments(placement),
    ...(confirmation ?? unconfirmed),
  });
  return outcomeOf(placement, row);
}

/** A list as a PostgreSQL array literal, every element quoted (null for no list). */
function arrayLiteral(values: readonly (string | number)[] | null): string | null {
  if (values === null) return null;
  return `{${values.map((v) => `"${String(v).replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * Several bets in one statement: `place_bet_with_stake` is called for each in the order given, each
 * call seeing what the calls before it wrote (two bets of one player: the second finds the balance
 * the first left). A refusal (`short`, `changed`) writes nothing of its bet, so the other bets stand
 * and one commit makes them durable together; an error raised by any call refuses the statement,
 * and with it every bet, as a whole. Each bet goes in as one JSON object, its lists as array
 * literals.
 */
const buildPlaceBets = (db: Executor) =>
  db
    .select(placedColumns)
    .from(
      sql`jsonb_array_elements(${sql.placeholder("bets")}::jsonb) WITH ORDINALITY AS a(b, n)
      CROSS JOIN LATERAL place_bet_with_stake(a.b->>'ref', (a.b->>'playerId')::bigint,
        (a.b->>'accountId')::bigint, (a.b->>'houseAccountId')::bigint, a.b->>'type', a.b->>'currency',
        (a.b->>'stake')::bigint, (a.b->>'odds')::integer, (a.b->>'potentialWin')::bigint,
        (a.b->>'systemWinCount')::smallint, (a.b->>'systemTotalCount')::smallint,
        (a.b->>'customOdds')::integer, (a.b->>'isVip')::boolean, (a.b->>'quick')::boolean,
        a.b->>'deviceId', a.b->>'oddsAcceptMode', (a.b->>'createdAt')::timestamptz, a.b->'audit',
        (a.b->>'matchIds')::bigint[], (a.b->>'marketRowIds')::bigint[], (a.b->>'marketIds')::integer[],
        (a.b->>'specifiers')::text[], (a.b->>'outcomeIds')::text[], (a.b->>'selectionOdds')::integer[],
        a.b->>'tokenHash', a.b->>'csrfToken', a.b->>'playerStatus', a.b->>'storedOddsAcceptMode',
        (a.b->>'currentOdds')::integer[], (a.b->>'marketStatuses')::smallint[],
        (a.b->>'matchStatuses')::smallint[], a.b->>'channel') w`,
    )
    .orderBy(sql`a.n`)
    .prepare("place_bets_with_stake");

function groupedArguments({ placement, confirmation }: BetWrite): Record<string, unknown> {
  const { selections, audit } = placement;
  const c = confirmation ?? unconfirmed;
  return {
    ...placement.bet,
    houseAccountId: placement.houseAccountId,
    createdAt: placement.bet.createdAt.toISOString(),
    audit,
    matchIds: arrayLiteral(selections.map((s) => s.matchId)),
    marketRowIds: arrayLiteral(selections.map((s) => s.marketRowId)),
    marketIds: arrayLiteral(selections.map((s) => s.marketId)),
    specifiers: arrayLiteral(selections.map((s) => s.specifier)),
    outcomeIds: arrayLiteral(selections.map((s) => s.outcomeId)),
    selectionOdds: arrayLiteral(selections.map((s) => s.odds)),
    tokenHash: c.tokenHash,
    csrfToken: c.csrfToken,
    playerStatus: c.playerStatus,
    storedOddsAcceptMode: c.storedOddsAcceptMode,
    currentOdds: arrayLiteral(c.currentOdds),
    marketStatuses: arrayLiteral(c.marketStatuses),
    matchStatuses: arrayLiteral(c.matchStatuses),
  };
}

/**
 * Writes several bets in one statement, so in one transaction when `ex` is the pool: outcomes in
 * the order of `writes`. Throws, with nothing written, when any call raised an error.
 */
export async function writeBets(
  ctx: StatementCache,
  ex: Executor,
  writes: readonly BetWrite[],
): Promise<BetWriteOutcome[]> {
  const statement =
    ex === ctx.db ? prepared(ctx, "place_bets_with_stake", buildPlaceBets) : buildPlaceBets(ex);
  const rows = await statement.execute({ bets: JSON.stringify(writes.map(groupedArguments)) });
  if (rows.length !== writes.length)
    throw new Error("place_bets_with_stake answered the wrong number of rows");
  return writes.map((w, i) => outcomeOf(w.placement, rows[i]));
}

/**
 * SQLSTATE classes after which a statement's fate is unknown: the connection failed or the server
 * was stopped, possibly after it committed.
 */
const UNKNOWN_FATE = /^(08|57P|58)/;

/** How grouped bets are written on the pool: together in one statement, or alone in one call. */
export function betGroupWrite(ctx: StatementCache): GroupWrite<BetWrite, BetWriteOutcome> {
  return {
    together: (writes) => writeBets(ctx, ctx.db, writes),
    alone: (write) => writeAlone(ctx, ctx.db, write),
    rolledBack: (error) => {
      const known = databaseErrorOf(error);
      return known !== undefined && !UNKNOWN_FATE.test(known.code);
    },
  };
}

/**
 * Lanes of bets written by group commit. A bet's lane follows its player's house account shard
 * (lanes must divide the shard count), so one player's bets keep their order in one lane and two
 * lanes never write the same account: transactions of different lanes cannot deadlock each other.
 */
export function betGroupLanes(write: GroupWrite<BetWrite, BetWriteOutcome>, lanes: number) {
  return new GroupLanes(write, lanes, (w: BetWrite, n) => houseShardOf(w.placement.bet.playerId) % n);
}

/**
 * Takes the stake and writes the bet through `place_bet_with_stake` (migrations 0007, 0009): the
 * player account is debited (only if it holds the stake), then the bet, its selections, its
 * `placed` audit entry and the balanced `stake` posting are written — or nothing at all. Answers
 * undefined when the player lacks the funds. With a confirmation the bet is written only if
 * everything it was decided on still holds, and `changed` answers that something does not.
 *
 * One call is atomic on its own, so a single bet needs no surrounding transaction; callers that
 * must combine it with other writes run it inside theirs (`ex` a transaction). On the pool the bet
 * goes through the context's group commit (`betGroupLanes`): written at once when nothing else is
 * in flight in its lane, else together with the bets that came meanwhile in one transaction, and
 * answered only once that committed. The calls are named prepared statements, built once for the
 * pool.
 */
export async function writeBet(
  ctx: StatementCache & { betGroups: Pick<GroupLanes<BetWrite, BetWriteOutcome>, "submit"> },
  ex: Executor,
  placement: Placement,
  confirmation?: Confirmation,
): Promise<BetWriteOutcome> {
  const write = { placement, confirmation };
  return ex === ctx.db ? ctx.betGroups.submit(write) : writeAlone(ctx, ex, write);
}
