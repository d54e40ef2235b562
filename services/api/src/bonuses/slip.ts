import type {
  comboboostTermsSchema,
  freebetTermsSchema,
  huntingTermsSchema,
  lootboxTermsSchema,
  SlipBonusView,
  tournamentTermsSchema,
} from "@sportsbook/contracts";
import { bonuses, type Executor, playerBonuses, players } from "@sportsbook/db";
import {
  BONUS_TYPES,
  type BonusType,
  type ComboboostConditions,
  comboboostStanding,
  type FarmingRule,
  type FarmingState,
  type FreebetConditions,
  farmingOdds,
  freebetMismatches,
  isFreebet,
  type LootboxPlaceKey,
  type LootboxPlaceRule,
  type Odds,
  potentialPoints,
  readPlaceKey,
  type SlipSelection,
} from "@sportsbook/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { localText, statusOf } from "./present.js";

/** A bonus the player holds and may bet with now: the slip offers it, and a placement spends it. */
export interface UsableBonus {
  /** The player's copy, whose uses a bet spends. */
  playerBonusId: number;
  bonusId: number;
  type: BonusType;
  name: Record<string, string>;
  /** Freebets: the stake it pays or insures, in `currency`. */
  freebet?: FreebetConditions & { amount: number; currency: string };
  comboboost?: ComboboostConditions;
  /** Hunting, tournaments and lootboxes: how bets farm, and the player's standing. */
  farming?: {
    terms: FarmingTerms;
    state: FarmingState;
    /** Hunting: the points that win the reward; tournaments have none. */
    targetPoints: number | null;
    /** Hunting and tournaments: the reward freebet's key; lootboxes reward by place. */
    rewardKey: string | null;
    /** Hunting: the reward freebet's stake per currency. */
    rewardAmounts: Record<string, number>;
    /** Lootboxes: the places, and the keys opened so far. */
    places: LootboxPlace[];
    placeKeys: string[];
  };
}

/** A lootbox place: its points and chance, and the freebet a win issues. */
export interface LootboxPlace extends LootboxPlaceRule {
  rewardKey: string;
}

type FreebetTerms = z.output<typeof freebetTermsSchema>;
type ComboboostTerms = z.output<typeof comboboostTermsSchema>;
type LootboxTerms = z.output<typeof lootboxTermsSchema>;
export type FarmingTerms =
  | z.output<typeof huntingTermsSchema>
  | z.output<typeof tournamentTermsSchema>
  | LootboxTerms;

/** The kinds whose bets farm points. */
const FARMING_KINDS: readonly BonusType[] = ["hunting", "tournament", "lootbox"];

/** The farming rule of a hunting or tournament for bets in `currency`; none when that currency does not farm. */
export function farmingRule(terms: FarmingTerms, currency: string): FarmingRule | undefined {
  const stakeUnit = terms.stake_unit[currency];
  if (stakeUnit === undefined) return undefined;
  return {
    stakeUnit,
    minStake: terms.min_stake[currency] ?? 0,
    minOdds: terms.min_odds ?? 1000,
    oncePerEvent: terms.farm_once_per_event,
  };
}

/**
 * The player's bonuses a bet may use now: freebets the player has activated (one at a time), and
 * comboboosts issued to them that still run — those verified-only for a player whose phone is verified.
 */
export async function usableBonuses(ctx: AppContext, ex: Executor, playerId: number): Promise<UsableBonus[]> {
  const rows = await ex
    .select({ bonus: bonuses, issued: playerBonuses, phoneVerifiedAt: players.phoneVerifiedAt })
    .from(playerBonuses)
    .innerJoin(bonuses, eq(bonuses.id, playerBonuses.bonusId))
    .innerJoin(players, eq(players.id, playerBonuses.playerId))
    .where(and(eq(playerBonuses.playerId, playerId), inArray(bonuses.kind, [...BONUS_TYPES])))
    .orderBy(asc(bonuses.id));
  const out: UsableBonus[] = [];
  const rewardKeys = rows.flatMap((r) =>
    r.bonus.kind === "hunting" ? [(r.bonus.terms as z.output<typeof huntingTermsSchema>).reward_bonus] : [],
  );
  const rewards =
    rewardKeys.length > 0
      ? await ex
          .select({ key: bonuses.key, terms: bonuses.terms })
          .from(bonuses)
          .where(inArray(bonuses.key, rewardKeys))
      : [];
  for (const { bonus, issued, phoneVerifiedAt } of rows) {
    const status = statusOf(ctx, bonus, issued);
    const type = bonus.kind as BonusType;
    const base = { playerBonusId: issued.id, bonusId: bonus.id, type, name: bonus.name };
    if (isFreebet(type)) {
      if (status !== "active" || issued.amount === null || issued.currency === null) continue;
      const t = bonus.terms as FreebetTerms;
      out.push({
        ...base,
        freebet: {
          amount: issued.amount,
          currency: issued.currency,
          matchStatus: t.match_status,
          selectionCountFrom: t.selection_count_from,
          ...(t.selection_count_to !== undefined ? { selectionCountTo: t.selection_count_to } : {}),
          ...(t.min_odds !== undefined ? { minOdds: t.min_odds as Odds } : {}),
          ...(t.max_odds !== undefined ? { maxOdds: t.max_odds as Odds } : {}),
        },
      });
    } else if (FARMING_KINDS.includes(type)) {
      if (status !== "available" && status !== "active") continue;
      const terms = bonus.terms as FarmingTerms;
      const rewardKey = "reward_bonus" in terms ? terms.reward_bonus : null;
      const reward = rewards.find((r) => r.key === rewardKey)?.terms as FreebetTerms | undefined;
      const places = "places" in terms ? terms.places : [];
      // a lootbox whose every key is open has nothing left to farm for
      if (type === "lootbox" && issued.placeKeys.length >= places.length) continue;
      out.push({
        ...base,
        farming: {
          terms,
          state: { points: issued.points, farmedEventIds: issued.farmedEventIds },
          targetPoints: "target_points" in terms ? terms.target_points : null,
          rewardKey,
          rewardAmounts: type === "hunting" ? (reward?.amounts ?? {}) : {},
          places: places.map((p) => ({ points: p.points, chanceBp: p.chance_bp, rewardKey: p.reward_bonus })),
          placeKeys: issued.placeKeys,
        },
      });
    } else if (type === "comboboost") {
      const t = bonus.terms as ComboboostTerms;
      if (status !== "available" && status !== "active") continue;
      if (t.only_verified && phoneVerifiedAt === null) continue;
      out.push({
        ...base,
        comboboost: {
          ...(t.min_odds !== undefined ? { minOdds: t.min_odds as Odds } : {}),
          ranges: t.ranges.map((r) => ({
            minCount: r.min_count,
            maxCount: r.max_count,
            bonusOdds: r.bonus_odds as Odds,
          })),
        },
      });
    }
  }
  return out;
}

/** One bet as the bonus rules read it: its type, currency and selections at their current prices. */
export interface BonusBet {
  type: string;
  currency: string;
  selections: readonly SlipSelection[];
}

/** How a usable bonus applies to one bet; undefined when it does not. */
export interface BonusFit {
  bonus: UsableBonus;
  /** Freebets: the stake. */
  freebetStake?: number;
  /** Comboboosts: the range reached and its odds. */
  activeRangeIndex?: number;
  bonusOdds?: Odds;
  /** Hunting and tournaments: the rule in the bet's currency. */
  farmingRule?: FarmingRule;
}

/**
 * Whether the bonus applies to the bet: a freebet in the bet's currency whose conditions the bet
 * meets (a bet builder's price is not the selections' prices, so freebets skip it); a comboboost on a
 * combo whose suitable selections reach one of its ranges.
 */
export function bonusFit(bonus: UsableBonus, bet: BonusBet): BonusFit | undefined {
  if (bonus.freebet) {
    if (bet.type === "custom_bet" || bonus.freebet.currency !== bet.currency) return undefined;
    if (freebetMismatches(bonus.freebet, bet.selections).length > 0) return undefined;
    return { bonus, freebetStake: bonus.freebet.amount };
  }
  if (bonus.farming) {
    const rule = farmingRule(bonus.farming.terms, bet.currency);
    if (!rule || bet.type === "custom_bet") return undefined;
    // the stake is the player's to choose, so only what the selections decide is checked here
    const probe = { stake: Number.MAX_SAFE_INTEGER, odds: totalOddsOf(bet), eventIds: eventIdsOf(bet) };
    if (potentialPoints(rule, bonus.farming.state, probe) === 0) return undefined;
    return { bonus, farmingRule: rule };
  }
  if (bonus.comboboost) {
    if (bet.type !== "combo") return undefined;
    const standing = comboboostStanding(bonus.comboboost, bet.selections);
    if (standing.bonusOdds === undefined || standing.activeRangeIndex === undefined) return undefined;
    return { bonus, activeRangeIndex: standing.activeRangeIndex, bonusOdds: standing.bonusOdds };
  }
  return undefined;
}

/** The events a bet is on, as farming remembers them. */
export function eventIdsOf(bet: BonusBet): string[] {
  return [...new Set(bet.selections.map((s) => s.matchId))];
}

/** The bet's total odds as farming reads them. */
export function totalOddsOf(bet: BonusBet): number {
  return farmingOdds(
    bet.type,
    bet.selections.map((s) => s.odds),
  );
}

/** A fitting bonus as `POST /bonuses` answers it. */
export function presentFit(fit: BonusFit, locale: string, currency: string): SlipBonusView {
  const { bonus } = fit;
  return {
    bonus_id: bonus.bonusId,
    bonus_type: bonus.type,
    name: localText(bonus.name, locale),
    freebet_stake: fit.freebetStake ?? null,
    ranges: (bonus.comboboost?.ranges ?? []).map((r) => ({
      min_count: r.minCount,
      max_count: r.maxCount,
      bonus_odds: r.bonusOdds,
    })),
    min_odds: bonus.comboboost?.minOdds ?? null,
    active_range_index: fit.activeRangeIndex ?? null,
    bonus_odds: fit.bonusOdds ?? null,
    farming:
      bonus.farming && fit.farmingRule
        ? {
            stake_unit: fit.farmingRule.stakeUnit,
            min_stake: fit.farmingRule.minStake,
            min_odds: fit.farmingRule.minOdds,
            once_per_event: fit.farmingRule.oncePerEvent,
            points: bonus.farming.state.points,
            farmed_event_ids: [...bonus.farming.state.farmedEventIds],
            target_points: bonus.farming.targetPoints,
            reward_amount: bonus.farming.rewardAmounts[currency] ?? null,
            places: bonus.farming.places.map((p, i) => ({
              points: p.points,
              key: openedKey(bonus.farming?.placeKeys ?? [], i),
            })),
          }
        : null,
  };
}

/** The key a lootbox's place opened with, or null while it is locked. */
function openedKey(placeKeys: readonly string[], index: number): LootboxPlaceKey | null {
  for (const key of placeKeys) if (readPlaceKey(key)?.index === index) return key as LootboxPlaceKey;
  return null;
}
