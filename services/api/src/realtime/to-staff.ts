import type { PlacedBet } from "@sportsbook/contracts";
import { type BetTickerKind, betTicker, STAFF_BETS_CHANNEL } from "@sportsbook/contracts";
import { publishAfterCommit } from "@sportsbook/contracts/publisher";
import { type TickerBet, tickerBets } from "@sportsbook/db";
import { MATCH_STATUS } from "@sportsbook/domain";
import type { SelectionState } from "../bets/placement-inputs.js";
import type { AppContext } from "../context.js";

/**
 * Tells the back office's bet ticker about bets whose change has committed. Like the players'
 * events, a failure cannot undo the bet, so a failed read or publish is counted and reported.
 */
export async function publishTicker(
  ctx: AppContext,
  betIds: readonly number[],
  kind: BetTickerKind,
): Promise<void> {
  if (betIds.length === 0) return;
  let bets: TickerBet[];
  try {
    bets = await tickerBets(ctx.db, betIds);
  } catch (error) {
    ctx.publishFailed({ channel: STAFF_BETS_CHANNEL, event: "bet_ticker", error });
    return;
  }
  await publishTickerBets(ctx, bets, kind);
}

/**
 * Tells the ticker about bets just placed, from what the placement wrote and the selections' state
 * it was decided on: a placement is the ticker's busiest cause, and a read after every commit
 * halved how many bets a second the API could place.
 */
export async function publishPlacedTicker(
  ctx: AppContext,
  playerId: number,
  placed: readonly { bet: PlacedBet; states: readonly SelectionState[] }[],
): Promise<void> {
  await publishTickerBets(
    ctx,
    placed.map(({ bet, states }) => ({
      betId: bet.id,
      betRef: bet.ref,
      playerId,
      status: bet.status,
      result: bet.result,
      currency: bet.stake.currency,
      subunits: bet.stake.subunits,
      stake: bet.stake.value,
      winAmount: null,
      cashedOut: 0,
      legs: states.map((s) => ({
        matchId: s.matchId,
        matchName: s.storedMatchName,
        sportId: s.sportId,
        sportName: s.sportName,
        live: s.matchStatus === MATCH_STATUS.live,
      })),
    })),
    "placed",
  );
}

async function publishTickerBets(ctx: AppContext, bets: readonly TickerBet[], kind: BetTickerKind) {
  const at = ctx.now();
  for (const bet of bets) {
    try {
      await publishAfterCommit(
        ctx.publisher,
        STAFF_BETS_CHANNEL,
        betTicker(kind, bet, at),
        ctx.publishFailed,
      );
    } catch (error) {
      ctx.publishFailed({ channel: STAFF_BETS_CHANNEL, event: "bet_ticker", error });
    }
  }
}
