import { tournamentPoolChangedSchema } from "@sportsbook/contracts";
import { bets, jackpotHits, jackpotLevels, postPlayerTransfer } from "@sportsbook/db";
import { contributeToLevels, type JackpotLevelState, jackpotContribution } from "@sportsbook/domain";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { publishBalance } from "../realtime/to-player.js";
import { houseAccount } from "../wallet/accounts.js";
import { type JackpotBet, playsFor } from "./running.js";

/** A placed bet as the jackpots read it. */
export interface PlayedBet extends JackpotBet {
  betId: number;
  playerId: number;
  accountId: number;
}

/** What a bet's play changed: the jackpots it fed, and what it won. */
export interface JackpotPlay {
  jackpotIds: number[];
  hits: { jackpotId: number; amount: number; currency: string }[];
}

/**
 * Feeds the running jackpots a placed bet plays for, each in a transaction of its own right after
 * the bet committed (a jackpot's levels are shared by every bet in its currency, so they are held
 * only for this short write, never for the placement's). A level the contribution takes to its drop
 * amount is won by the bet: the hit is recorded and paid to the player from the bonus account in
 * the same transaction. Then the new pools go to every public channel and the balance to the player.
 */
export async function playJackpots(ctx: AppContext, bet: PlayedBet): Promise<JackpotPlay> {
  const running = (await ctx.jackpots.list(ctx)).filter((j) => playsFor(j, bet));
  const play: JackpotPlay = { jackpotIds: [], hits: [] };
  let balance: number | undefined;
  for (const jackpot of running) {
    const contribution = jackpotContribution(bet.stake, jackpot.contributionBp);
    if (contribution <= 0) continue;
    const house = await houseAccount(ctx, "house_bonus", jackpot.currency, bet.playerId);
    const pools = await ctx.db.transaction(async (tx) => {
      const levels = await tx
        .select()
        .from(jackpotLevels)
        .where(eq(jackpotLevels.jackpotId, jackpot.id))
        .orderBy(asc(jackpotLevels.position))
        .for("update");
      const fed = contributeToLevels(
        levels.map((l) => ({
          state: l.state as JackpotLevelState,
          pool: l.poolAmount,
          seed: l.seedAmount,
          dropAt: l.dropAt,
          shareBasisPoints: l.shareBp,
        })),
        contribution,
      );
      for (const [i, level] of levels.entries()) {
        const pool = fed.levels[i]?.pool ?? level.poolAmount;
        if (pool !== level.poolAmount)
          await tx.update(jackpotLevels).set({ poolAmount: pool }).where(eq(jackpotLevels.id, level.id));
      }
      for (const drop of fed.drops) {
        const level = levels[drop.levelIndex];
        if (!level) continue;
        const [hit] = await tx
          .insert(jackpotHits)
          .values({
            jackpotId: jackpot.id,
            levelId: level.id,
            playerId: bet.playerId,
            betId: bet.betId,
            amount: drop.amount,
            currency: jackpot.currency,
            status: "paid",
            createdAt: ctx.now(),
          })
          .returning({ id: jackpotHits.id });
        const paid = await postPlayerTransfer(tx, {
          kind: "bonus",
          currency: jackpot.currency,
          reference: { type: "jackpot_hit", id: String(hit?.id) },
          playerAccountId: bet.accountId,
          houseAccountId: house,
          amount: drop.amount,
        });
        balance = paid.playerBalance;
        play.hits.push({ jackpotId: jackpot.id, amount: drop.amount, currency: jackpot.currency });
      }
      await tx.update(bets).set({ usedInJackpot: true }).where(eq(bets.id, bet.betId));
      return fed.levels;
    });
    play.jackpotIds.push(jackpot.id);
    // the event's pool is the jackpot's `amount`: every level's pool together
    const event = tournamentPoolChangedSchema.parse({
      type: "tournament_pool_changed",
      tournament_id: jackpot.id,
      pool_amount: pools.reduce((n, l) => n + l.pool, 0),
      currency: jackpot.currency,
    });
    await ctx.pools.announce(jackpot.id, event);
  }
  if (balance !== undefined) await publishBalance(ctx, bet.playerId, bet.currency, balance);
  return play;
}
