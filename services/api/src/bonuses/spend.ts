import {
  type BetBonusRecord,
  bets,
  bonuses,
  playerBonuses,
  postPlayerTransfer,
  type Transaction,
} from "@sportsbook/db";
import { CHANCE_SCALE, drawWins, placeKey, placesToOpen, readPlaceKey } from "@sportsbook/domain";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { AcceptedBonus } from "../bets/decide.js";
import type { BonusRow } from "./definitions.js";
import { issueCopy } from "./issue.js";
import type { LootboxPlace } from "./slip.js";

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

/** What spending a bonus on a bet wrote: the bet's record, and the rewards it won (freebets). */
export interface Spent {
  record: BetBonusRecord;
  rewards: BonusRow[];
}

/**
 * Spends the player's bonus on the bet and records it on the bet, in the placing transaction: one
 * use of a freebet or comboboost, taken only while uses remain, so two bets racing for a last use
 * cannot both have it (the loser throws BonusSpentError and its transaction is rolled back); or,
 * for a hunting, tournament or lootbox, the points the bet farms (kept on the bet, to be given back
 * if it is cancelled). `roll` draws a lootbox's keys.
 */
export async function spendBonusOnBet(
  tx: Transaction,
  betId: number,
  bonus: AcceptedBonus,
  holder: { playerId: number; currency: string; language?: string },
  now: Date,
  roll: (n: number) => number,
): Promise<Spent> {
  const rewards = bonus.farmed
    ? await farmOnBet(tx, bonus, bonus.farmed, holder, now, roll)
    : await spendUse(tx, bonus);
  const record: BetBonusRecord = {
    id: bonus.bonusId,
    type: bonus.type,
    odds: bonus.odds,
    player_bonus_id: bonus.playerBonusId,
    ...(bonus.farmed ? { points: bonus.farmed.points, event_ids: bonus.farmed.eventIds } : {}),
  };
  await tx.update(bets).set({ bonus: record }).where(eq(bets.id, betId));
  return { record, rewards };
}

async function spendUse(tx: Transaction, bonus: AcceptedBonus): Promise<BonusRow[]> {
  const spent = await tx
    .update(playerBonuses)
    .set({ timesUsed: sql`${playerBonuses.timesUsed} + 1` })
    .where(and(eq(playerBonuses.id, bonus.playerBonusId), usesRemain))
    .returning({ id: playerBonuses.id });
  if (spent.length === 0) throw new BonusSpentError(`player bonus ${bonus.playerBonusId} has no use left`);
  return [];
}

/** The copy has a use left: of those granted to it, else of the bonus's own. */
const usesRemain = sql`exists (select 1 from ${bonuses} where ${bonuses.id} = ${playerBonuses.bonusId} and (${or(
  and(isNull(playerBonuses.usesGranted), isNull(bonuses.usesCount)),
  lt(playerBonuses.timesUsed, sql`coalesce(${playerBonuses.usesGranted}, ${bonuses.usesCount})`),
)}))`;

/**
 * Adds the bet's points to the player's copy (refused when, once per event, another bet farmed one
 * of its events first, or a hunting is already won). A hunting whose points reach its target is won:
 * its one use is spent and the reward freebet issued to the player. A lootbox opens the keys of the
 * places its points reach, each drawn once; a won place issues its freebet.
 */
async function farmOnBet(
  tx: Transaction,
  bonus: AcceptedBonus,
  farmed: NonNullable<AcceptedBonus["farmed"]>,
  holder: { playerId: number; currency: string; language?: string },
  now: Date,
  roll: (n: number) => number,
): Promise<BonusRow[]> {
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
    .returning({ points: playerBonuses.points, placeKeys: playerBonuses.placeKeys });
  if (!copy) throw new BonusSpentError(`player bonus ${bonus.playerBonusId} farmed these events already`);
  if (farmed.places.length > 0)
    return openPlaces(tx, bonus.playerBonusId, farmed.places, copy, holder, now, roll);
  if (farmed.targetPoints === null || farmed.rewardKey === null || copy.points < farmed.targetPoints)
    return [];
  await tx
    .update(playerBonuses)
    .set({ timesUsed: sql`${playerBonuses.timesUsed} + 1` })
    .where(eq(playerBonuses.id, bonus.playerBonusId));
  return issueReward(tx, farmed.rewardKey, holder, now);
}

/** Issues the freebet under `key` to the holder; the bonus it names, when a copy was written. */
async function issueReward(
  tx: Transaction,
  key: string,
  holder: { playerId: number; currency: string; language?: string },
  now: Date,
): Promise<BonusRow[]> {
  const [reward] = await tx.select().from(bonuses).where(eq(bonuses.key, key));
  if (!reward) return [];
  return (await issueCopy(tx, reward, holder, now)) ? [reward] : [];
}

/**
 * Draws the keys of the lootbox places the copy's points now reach (in the farming transaction,
 * whose row lock keeps a place from being drawn twice), remembers them, and issues the won places'
 * freebets. The lootbox is spent once every key is open.
 */
async function openPlaces(
  tx: Transaction,
  playerBonusId: number,
  places: readonly LootboxPlace[],
  copy: { points: number; placeKeys: string[] },
  holder: { playerId: number; currency: string; language?: string },
  now: Date,
  roll: (n: number) => number,
): Promise<BonusRow[]> {
  const opening = placesToOpen(places, copy.placeKeys, copy.points);
  if (opening.length === 0) return [];
  const drawn = opening.map((i) => {
    const place = places[i] as LootboxPlace;
    return { place, key: placeKey(i, drawWins(place, roll(CHANCE_SCALE))) };
  });
  const placeKeys = [...copy.placeKeys, ...drawn.map((d) => d.key)];
  await tx
    .update(playerBonuses)
    .set({
      placeKeys,
      ...(placeKeys.length >= places.length ? { timesUsed: sql`${playerBonuses.timesUsed} + 1` } : {}),
    })
    .where(eq(playerBonuses.id, playerBonusId));
  const rewards: BonusRow[] = [];
  for (const d of drawn)
    if (readPlaceKey(d.key)?.won) rewards.push(...(await issueReward(tx, d.place.rewardKey, holder, now)));
  return rewards;
}
