import {
  type BetBonusRecord,
  bets,
  bonuses,
  playerBonuses,
  postPlayerTransfer,
  type Transaction,
} from "@sportsbook/db";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { AcceptedBonus } from "../bets/decide.js";
import type { BonusRow } from "./definitions.js";
import { issueCopy } from "./issue.js";

/** The bonus's use was spent by another bet between the decision and the write. */
export class BonusSpentError extends Error {
  override name = "BonusSpentError";
}

/**
 * Pays a freebet's stake into the player's account, in the placing transaction and just before the
 * stake is taken, so the ledger shows the bonus funding the bet and the balance never moves.
 */
export async function fundStakeFromBonus(
  tx: Transaction,
  input: {
    bonus: AcceptedBonus;
    accountId: number;
    houseBonusAccountId: number;
    currency: string;
    stake: number;
  },
): Promise<void> {
  await postPlayerTransfer(tx, {
    kind: "bonus",
    currency: input.currency,
    reference: { type: "player_bonus", id: String(input.bonus.playerBonusId) },
    playerAccountId: input.accountId,
    houseAccountId: input.houseBonusAccountId,
    amount: input.stake,
  });
}

/** What spending a bonus on a bet wrote: the bet's record, and a reward it won (a hunting's freebet). */
export interface Spent {
  record: BetBonusRecord;
  reward?: BonusRow;
}

/**
 * Spends the player's bonus on the bet and records it on the bet, in the placing transaction: one
 * use of a freebet or comboboost, taken only while uses remain, so two bets racing for a last use
 * cannot both have it (the loser throws BonusSpentError and its transaction is rolled back); or,
 * for a hunting or tournament, the points the bet farms.
 */
export async function spendBonusOnBet(
  tx: Transaction,
  betId: number,
  bonus: AcceptedBonus,
  holder: { playerId: number; currency: string },
  now: Date,
): Promise<Spent> {
  const reward = bonus.farmed
    ? await farmOnBet(tx, bonus, bonus.farmed, holder, now)
    : await spendUse(tx, bonus);
  const record: BetBonusRecord = {
    id: bonus.bonusId,
    type: bonus.type,
    odds: bonus.odds,
    player_bonus_id: bonus.playerBonusId,
  };
  await tx.update(bets).set({ bonus: record }).where(eq(bets.id, betId));
  return reward ? { record, reward } : { record };
}

async function spendUse(tx: Transaction, bonus: AcceptedBonus): Promise<undefined> {
  const spent = await tx
    .update(playerBonuses)
    .set({ timesUsed: sql`${playerBonuses.timesUsed} + 1` })
    .where(and(eq(playerBonuses.id, bonus.playerBonusId), usesRemain))
    .returning({ id: playerBonuses.id });
  if (spent.length === 0) throw new BonusSpentError(`player bonus ${bonus.playerBonusId} has no use left`);
  return undefined;
}

const usesRemain = sql`exists (select 1 from ${bonuses} where ${bonuses.id} = ${playerBonuses.bonusId} and (${or(
  isNull(bonuses.usesCount),
  lt(playerBonuses.timesUsed, bonuses.usesCount),
)}))`;

/**
 * Adds the bet's points to the player's copy (refused when, once per event, another bet farmed one
 * of its events first, or a hunting is already won). A hunting whose points reach its target is won:
 * its one use is spent and the reward freebet issued to the player.
 */
async function farmOnBet(
  tx: Transaction,
  bonus: AcceptedBonus,
  farmed: NonNullable<AcceptedBonus["farmed"]>,
  holder: { playerId: number; currency: string },
  now: Date,
): Promise<BonusRow | undefined> {
  const events = sql`array[${sql.join(
    farmed.eventIds.map((e) => sql`${e}`),
    sql`, `,
  )}]::text[]`;
  const [copy] = await tx
    .update(playerBonuses)
    .set({
      points: sql`${playerBonuses.points} + ${farmed.points}`,
      farmedEventIds: sql`array(select distinct e from unnest(${playerBonuses.farmedEventIds} || ${events}) e order by e)`,
      pointsAt: now,
    })
    .where(
      and(
        eq(playerBonuses.id, bonus.playerBonusId),
        usesRemain,
        farmed.oncePerEvent ? sql`not (${playerBonuses.farmedEventIds} && ${events})` : undefined,
      ),
    )
    .returning({ points: playerBonuses.points });
  if (!copy) throw new BonusSpentError(`player bonus ${bonus.playerBonusId} farmed these events already`);
  if (farmed.targetPoints === null || copy.points < farmed.targetPoints) return undefined;
  await tx
    .update(playerBonuses)
    .set({ timesUsed: sql`${playerBonuses.timesUsed} + 1` })
    .where(eq(playerBonuses.id, bonus.playerBonusId));
  const [reward] = await tx.select().from(bonuses).where(eq(bonuses.key, farmed.rewardKey));
  if (!reward) return undefined;
  return (await issueCopy(tx, reward, holder, now)) ? reward : undefined;
}
