import { tournamentPoolChangedSchema } from "@sportsbook/contracts";
import { bets, jackpotHits, jackpotLevels, postPlayerTransfer, type Transaction } from "@sportsbook/db";
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

/** A bet's play written but not yet told: the pools to announce and the balance a hit left. */
export interface FedJackpots {
  play: JackpotPlay;
  pools: { jackpotId: number; currency: string; pool: number }[];
  balance: number | undefined;
}

/**
 * Feeds the running jackpots a placed bet plays for, each in a transaction of its own right after
 * the bet committed (a jackpot's levels are shared by every bet in its currency, so they are held
 * only for this short write, never for the placement's). A level the contribution takes to its drop
 * amount is won by the bet: the hit is recorded and paid to the player from the bonus account in
 * the same transaction. Then the new pools go to every public channel and the balance to the player.
 */
export async function playJackpots(ctx: AppContext, bet: PlayedBet): Promise<JackpotPlay> {
  const fed = await feedJackpots(ctx, bet, await jackpotShares(ctx, bet));
  await announceJackpots(ctx, bet, fed);
  return fed.play;
}

/** What a bet would give one running jackpot, and the house account that pays its hits. */
export interface JackpotShare {
  jackpotId: number;
  currency: string;
  contribution: number;
  house: number;
}

/**
 * The running jackpots a bet plays for and what it gives each, read before any write (a placing
 * transaction on PGlite, which runs one at a time, could not wait for these reads).
 */
export async function jackpotShares(
  ctx: AppContext,
  bet: JackpotBet & { playerId: number },
): Promise<JackpotShare[]> {
  const shares: JackpotShare[] = [];
  for (const jackpot of (await ctx.jackpots.list(ctx)).filter((j) => playsFor(j, bet))) {
    const contribution = jackpotContribution(bet.stake, jackpot.contributionBp);
    if (contribution <= 0) continue;
    const house = await houseAccount(ctx, "house_bonus", jackpot.currency, bet.playerId);
    shares.push({ jackpotId: jackpot.id, currency: jackpot.currency, contribution, house });
  }
  return shares;
}

/**
 * Writes a bet's contributions and hits; within a placing transaction (`within`) each jackpot's
 * write is a savepoint of it, so the placement's recorded answer can say what the play did, and
 * the levels are held from this write to that transaction's commit, which follows at once.
 * Announce only after the writes committed.
 */
export async function feedJackpots(
  ctx: AppContext,
  bet: PlayedBet,
  shares: readonly JackpotShare[],
  within?: Transaction,
): Promise<FedJackpots> {
  const fed: FedJackpots = { play: { jackpotIds: [], hits: [] }, pools: [], balance: undefined };
  for (const { jackpotId, currency, contribution, house } of shares) {
    const jackpot = { id: jackpotId, currency };
    const write = async (tx: Transaction) => {
      const levels = await tx
        .select()
        .from(jackpotLevels)
        .where(eq(jackpotLevels.jackpotId, jackpot.id))
        .orderBy(asc(jackpotLevels.position))
        .for("update");
      const contributed = contributeToLevels(
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
        const pool = contributed.levels[i]?.pool ?? level.poolAmount;
        if (pool !== level.poolAmount)
          await tx.update(jackpotLevels).set({ poolAmount: pool }).where(eq(jackpotLevels.id, level.id));
      }
      const hits: JackpotPlay["hits"] = [];
      let balance: number | undefined;
      for (const drop of contributed.drops) {
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
        hits.push({ jackpotId: jackpot.id, amount: drop.amount, currency: jackpot.currency });
      }
      await tx.update(bets).set({ usedInJackpot: true }).where(eq(bets.id, bet.betId));
      return { levels: contributed.levels, hits, balance };
    };
    const written = within ? await within.transaction(write) : await ctx.db.transaction(write);
    fed.play.jackpotIds.push(jackpot.id);
    fed.play.hits.push(...written.hits);
    if (written.balance !== undefined) fed.balance = written.balance;
    // the event's pool is the jackpot's `amount`: every level's pool together
    fed.pools.push({
      jackpotId: jackpot.id,
      currency: jackpot.currency,
      pool: written.levels.reduce((n, l) => n + l.pool, 0),
    });
  }
  return fed;
}

/** Tells the new pools on every public channel and the balance a hit left to the player. */
export async function announceJackpots(ctx: AppContext, bet: PlayedBet, fed: FedJackpots): Promise<void> {
  for (const pool of fed.pools) {
    const event = tournamentPoolChangedSchema.parse({
      type: "tournament_pool_changed",
      tournament_id: pool.jackpotId,
      pool_amount: pool.pool,
      currency: pool.currency,
    });
    await ctx.pools.announce(pool.jackpotId, event);
  }
  if (fed.balance !== undefined) await publishBalance(ctx, bet.playerId, bet.currency, fed.balance);
}
