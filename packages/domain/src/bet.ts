import type { FarmingRule, FarmingState } from "./farming.js";
import type { LootboxPlaceKey } from "./lootbox.js";
import type { Odds } from "./odds.js";
import type { SystemType } from "./system.js";

/** Bet types of SPEC §3. */
export const BET_TYPES = ["single", "combo", "system", "custom_bet"] as const;
export type BetType = (typeof BET_TYPES)[number];

/** Placed bets may arrive as double, treble or accumulator: all are combos (SPEC §3). */
export function betTypeFromName(name: string): BetType | undefined {
  const key = name.trim().toLowerCase();
  if (key === "double" || key === "treble" || key === "accumulator") return "combo";
  return (BET_TYPES as readonly string[]).includes(key) ? (key as BetType) : undefined;
}

/**
 * The analytics label of a slip (SPEC §7): singles, doubles (2), trebles (3), accumulator (more), or
 * the system's name.
 */
export function ticketLabel(betType: BetType, selectionCount: number, system?: SystemType): string {
  if (betType === "system" && system) return `system ${system.winCount}/${system.totalCount}`;
  if (betType === "single" || betType === "custom_bet" || selectionCount < 2) return "singles";
  return selectionCount === 2 ? "doubles" : selectionCount === 3 ? "trebles" : "accumulator";
}

/** Odds providers named by SPEC §1. */
export const PROVIDERS = ["betradar", "oddin", "betconstruct"] as const;

/** One outcome on the bet slip (SPEC §3 slip selection). */
export interface SlipSelection {
  /** Unique on the slip; the outcome key the UI marks as selected. */
  readonly id: string;
  readonly matchId: string;
  readonly matchStatus: number;
  readonly marketId: string;
  readonly specifier: string;
  readonly outcomeId: string;
  /** Current price. */
  readonly odds: Odds;
  /** Price the player last accepted. */
  readonly acceptedOdds: Odds;
  /** Price when the selection was added. */
  readonly initialOdds: Odds;
  readonly provider: string;
  readonly active: boolean;
  readonly isSuspended: boolean;
  readonly isChanged: boolean;
  readonly isNotAvailable: boolean;
  /** Its market is over (settled, cancelled, withdrawn): the pick stays no longer available. */
  readonly marketClosed?: boolean;
  readonly matchUrnId?: string;
  readonly matchSlug?: string;
  readonly marketName?: string;
  readonly outcomeName?: string;
  readonly sportKey?: string;
  readonly nameA?: string;
  readonly nameB?: string;
  readonly categoryName?: string;
  readonly marketGroup?: string;
  readonly type?: string;
}

/** Where the stake of a slip bet came from (SPEC §3 stakeSource). */
export type StakeSource = "stake" | "potentialWin" | "sharing";

/** Bonus kinds a slip bet can carry (SPEC §1, §3). */
export const BONUS_TYPES = [
  "comboboost",
  "freebet",
  "freebet_no_risk",
  "freebet_all_win",
  "freebet_only_win",
  "hunting",
  "tournament",
  "lootbox",
] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** The freebet types: the bonus pays or insures the stake. */
export const FREEBET_TYPES = ["freebet", "freebet_no_risk", "freebet_all_win", "freebet_only_win"] as const;

/** Every kind the operator defines: the slip's bonuses, and freebet "amb" progress (earned, never chosen on a slip). */
export const BONUS_KINDS = [...BONUS_TYPES, "freebet_amb"] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** A comboboost range: between minCount and maxCount selections the combo gets bonusOdds. */
export interface ComboboostRange {
  readonly minCount: number;
  readonly maxCount: number;
  readonly bonusOdds: Odds;
}

/** A bonus offered for, or chosen on, a slip bet (SPEC §3 slip bonus fields). */
export interface SlipBonus {
  readonly bonusId: string;
  readonly bonusType: BonusType;
  /** The bonus's name in the player's language, to show on the slip. */
  readonly name?: string;
  /** Freebets: the stake the freebet pays, in minor units. */
  readonly freebetStake?: number;
  /** Comboboosts: the ranges of selection counts and their bonus odds. */
  readonly ranges?: readonly ComboboostRange[];
  /** Comboboosts: selections priced below this do not count towards a range. */
  readonly minOdds?: Odds;
  readonly activeRangeIndex?: number;
  /** Hunting and tournaments: how the bet farms points, the player's standing, and a hunting's goal. */
  readonly farming?: {
    readonly rule: FarmingRule;
    readonly state: FarmingState;
    readonly targetPoints?: number;
    /** Hunting: the reward freebet's stake. */
    readonly rewardAmount?: number;
    /** Lootboxes: each place's points, and its key once opened. */
    readonly places?: readonly { readonly points: number; readonly key: LootboxPlaceKey | null }[];
  };
}

/** True for every freebet type. */
export function isFreebet(type: string): boolean {
  return (FREEBET_TYPES as readonly string[]).includes(type);
}

/** One bet on the slip (SPEC §3 ticket bet). Amounts are minor units of `currency`. */
export interface TicketBet {
  readonly betType: BetType;
  readonly selections: readonly SlipSelection[];
  readonly stake: number;
  readonly currency: string;
  readonly stakeSource: StakeSource;
  /** The win the player typed when stakeSource is potentialWin; the stake follows it. */
  readonly potentialWin?: number;
  readonly systemType?: SystemType;
  readonly customOdds?: Odds;
  /** Freebets the player may use on this bet. */
  readonly availableBonuses: readonly SlipBonus[];
  readonly bonus?: SlipBonus;
  readonly freebetStake: number;
  readonly bonusOdds?: Odds;
  readonly betId?: string;
  readonly isVip?: boolean;
  readonly jackpots?: readonly string[];
}

/** A fresh bet of a type over selections, without stake. */
export function newTicketBet(
  betType: BetType,
  selections: readonly SlipSelection[],
  currency: string,
): TicketBet {
  return {
    betType,
    selections,
    stake: 0,
    currency,
    stakeSource: "stake",
    availableBonuses: [],
    freebetStake: 0,
  };
}

/** The stake that counts: a positive freebet stake replaces the stake (SPEC §4 bonus selection). */
export function effectiveStake(bet: TicketBet): number {
  return bet.freebetStake > 0 ? bet.freebetStake : bet.stake;
}
