import type { AmbProgress, ambTermsSchema, freebetTermsSchema } from "@sportsbook/contracts";
import { bonuses, type Executor, playerBonuses } from "@sportsbook/db";
import { type AmbRule, type BonusType, countsForAmb, freebetsEarned, isFreebet } from "@sportsbook/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import type { BonusRow } from "./definitions.js";
import { announceIssued, issueCopy } from "./issue.js";
import { type IssuedRow, localText, statusOf } from "./present.js";

type AmbTerms = z.output<typeof ambTermsSchema>;
type FreebetTerms = z.output<typeof freebetTermsSchema>;

/** A player's freebet amb that counts bets now, with the freebet its milestones earn. */
export interface HeldAmb {
  bonus: BonusRow;
  issued: IssuedRow;
  terms: AmbTerms;
  reward: BonusRow | undefined;
}

/** A bet as the amb progress reads it. */
export interface AmbBet {
  currency: string;
  stake: number;
  /** Total odds × 1000. */
  odds: number;
  /** A freebet paid the stake. */
  paidByFreebet: boolean;
}

export function ambRule(terms: AmbTerms): AmbRule {
  return { currency: terms.stake_currency, minStake: terms.min_stake, minOdds: terms.min_odds ?? 1000 };
}

/** The player's ambs that count bets now (available or active), oldest first. */
export async function heldAmbs(ctx: AppContext, ex: Executor, playerId: number): Promise<HeldAmb[]> {
  const rows = await ex
    .select({ bonus: bonuses, issued: playerBonuses })
    .from(playerBonuses)
    .innerJoin(bonuses, eq(bonuses.id, playerBonuses.bonusId))
    .where(and(eq(playerBonuses.playerId, playerId), eq(bonuses.kind, "freebet_amb")))
    .orderBy(asc(bonuses.id));
  const counting = rows.filter((r) => ["available", "active"].includes(statusOf(ctx, r.bonus, r.issued)));
  const keys = counting.map((r) => (r.bonus.terms as AmbTerms).reward_bonus);
  const rewards = keys.length > 0 ? await ex.select().from(bonuses).where(inArray(bonuses.key, keys)) : [];
  return counting.map((r) => {
    const terms = r.bonus.terms as AmbTerms;
    return { ...r, terms, reward: rewards.find((b) => b.key === terms.reward_bonus) };
  });
}

/** SPEC §3 freebet amb progress as the player sees it; `possible` counts the slip's bets too. */
export function presentAmb(held: HeldAmb, locale: string, possible: number): AmbProgress {
  const { terms, reward } = held;
  const amount = (reward?.terms as FreebetTerms | undefined)?.amounts[terms.stake_currency] ?? 0;
  return {
    bonus_id: held.bonus.id,
    name: localText(held.bonus.name, locale),
    type: reward && isFreebet(reward.kind) ? (reward.kind as BonusType) : "freebet",
    progress_count: held.issued.points,
    possible_progress_count: held.issued.points + possible,
    stake_currency: terms.stake_currency,
    min_stake: terms.min_stake,
    min_odds: terms.min_odds ?? null,
    issue_to: held.bonus.validTo?.toISOString() ?? null,
    amb_ranges: terms.ranges.map((r) => ({
      number_of_bets: r.number_of_bets,
      number_of_freebets: r.number_of_freebets,
      issued_bonus_amount: amount,
      currency: terms.stake_currency,
    })),
  };
}

/** How many of the bets move this amb's bar. */
export function countedBets(held: HeldAmb, bets: readonly AmbBet[]): number {
  const rule = ambRule(held.terms);
  return bets.filter((b) => countsForAmb(rule, b)).length;
}

/**
 * Counts placed bets for the player's ambs, once they stand, in a short transaction of its own:
 * each milestone the count passes issues its freebets as uses of the reward (announced with
 * `bonus_issued`). Nothing is read when no amb runs.
 */
export async function progressAmbs(
  ctx: AppContext,
  player: { id: number; locale: string },
  bets: readonly AmbBet[],
): Promise<void> {
  if (!(await ctx.runningAmbs.get(ctx.now()))) return;
  const now = ctx.now();
  const earned = await ctx.db.transaction(async (tx) => {
    const won: BonusRow[] = [];
    for (const held of await heldAmbs(ctx, tx, player.id)) {
      const n = countedBets(held, bets);
      if (n === 0) continue;
      const [row] = await tx
        .update(playerBonuses)
        .set({ points: sql`${playerBonuses.points} + ${n}`, pointsAt: now })
        .where(eq(playerBonuses.id, held.issued.id))
        .returning({ points: playerBonuses.points });
      if (!row || !held.reward) continue;
      const ranges = held.terms.ranges.map((r) => ({
        numberOfBets: r.number_of_bets,
        numberOfFreebets: r.number_of_freebets,
      }));
      const uses = freebetsEarned(ranges, row.points - n, row.points);
      if (uses === 0) continue;
      const holder = { playerId: player.id, currency: held.terms.stake_currency, language: player.locale };
      if (await issueCopy(tx, held.reward, holder, now, { uses })) won.push(held.reward);
    }
    return won;
  });
  for (const reward of earned) await announceIssued(ctx, player.id, reward, player.locale);
}
