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

/**
 * Spends one use of the player's bonus on the bet and records it on the bet, in the placing
 * transaction. The use is taken only while uses remain, so two bets racing for a freebet's last use
 * cannot both have it: the loser throws BonusSpentError and its transaction is rolled back.
 */
export async function spendBonusOnBet(
  tx: Transaction,
  betId: number,
  bonus: AcceptedBonus,
): Promise<BetBonusRecord> {
  const spent = await tx
    .update(playerBonuses)
    .set({ timesUsed: sql`${playerBonuses.timesUsed} + 1` })
    .where(
      and(
        eq(playerBonuses.id, bonus.playerBonusId),
        sql`exists (select 1 from ${bonuses} where ${bonuses.id} = ${playerBonuses.bonusId} and (${or(
          isNull(bonuses.usesCount),
          lt(playerBonuses.timesUsed, bonuses.usesCount),
        )}))`,
      ),
    )
    .returning({ id: playerBonuses.id });
  if (spent.length === 0) throw new BonusSpentError(`player bonus ${bonus.playerBonusId} has no use left`);
  const record: BetBonusRecord = {
    id: bonus.bonusId,
    type: bonus.type,
    odds: bonus.odds,
    player_bonus_id: bonus.playerBonusId,
  };
  await tx.update(bets).set({ bonus: record }).where(eq(bets.id, betId));
  return record;
}
