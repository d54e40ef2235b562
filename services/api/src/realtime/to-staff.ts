import { type BetTickerKind, betTicker, STAFF_BETS_CHANNEL } from "@sportsbook/contracts";
import { publishAfterCommit } from "@sportsbook/contracts/publisher";
import { tickerBets } from "@sportsbook/db";
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
  try {
    const at = ctx.now();
    for (const bet of await tickerBets(ctx.db, betIds)) {
      await publishAfterCommit(
        ctx.publisher,
        STAFF_BETS_CHANNEL,
        betTicker(kind, bet, at),
        ctx.publishFailed,
      );
    }
  } catch (error) {
    ctx.publishFailed({ channel: STAFF_BETS_CHANNEL, event: "bet_ticker", error });
  }
}
