import { type Odds, totalOdds } from "./odds.js";

/**
 * Points farmed by bets for a hunting or a hunting tournament (SPEC §3 farming stats): each bet
 * staked at or above the minimum, at total odds at or above the minimum, farms one point per stake
 * unit; with `oncePerEvent`, a bet farms nothing when any of its events has farmed before.
 */
export interface FarmingRule {
  /** Minor units of stake per point. */
  readonly stakeUnit: number;
  readonly minStake: number;
  /** Total odds × 1000. */
  readonly minOdds: number;
  readonly oncePerEvent: boolean;
}

export interface FarmingBet {
  readonly stake: number;
  readonly odds: number;
  readonly eventIds: readonly string[];
}

export interface FarmingState {
  readonly points: number;
  readonly farmedEventIds: readonly string[];
}

/**
 * The total odds farming reads: a single's odds, a combo's product, and for a system its lowest
 * selection's (the least any of its lines pays). `betType` is a BET_TYPES value (named as a string,
 * since the bet model itself refers to farming).
 */
export function farmingOdds(betType: string, odds: readonly Odds[]): number {
  if (betType === "system") return Math.min(...odds);
  return totalOdds(odds);
}

/**
 * The least stake that farms a point: the rule's minimum, and never less than one stake unit (a
 * tournament without a minimum still needs a whole unit for its first point).
 */
export function leastFarmingStake(rule: FarmingRule): number {
  return Math.max(rule.minStake, rule.stakeUnit);
}

/** Why a bet farms no point: its total odds, an event that farmed before, or its stake. */
export type NoPointsReason = "odds" | "event_farmed" | "stake";

/**
 * Why the bet would farm nothing now, or undefined when it farms. The odds and the event come first:
 * no stake makes up for them, so naming the stake then would send the player the wrong way.
 */
export function noPointsReason(
  rule: FarmingRule,
  state: FarmingState,
  bet: FarmingBet,
): NoPointsReason | undefined {
  if (bet.odds < rule.minOdds) return "odds";
  if (rule.oncePerEvent && bet.eventIds.some((e) => state.farmedEventIds.includes(e))) return "event_farmed";
  if (rule.stakeUnit <= 0 || bet.stake < leastFarmingStake(rule)) return "stake";
  return undefined;
}

/** The points the bet would farm now (SPEC §3 potential points). */
export function potentialPoints(rule: FarmingRule, state: FarmingState, bet: FarmingBet): number {
  return noPointsReason(rule, state, bet) === undefined ? Math.floor(bet.stake / rule.stakeUnit) : 0;
}

/** The state after the bet farmed: its points added, its events remembered when it farmed any. */
export function farm(rule: FarmingRule, state: FarmingState, bet: FarmingBet): FarmingState {
  const points = potentialPoints(rule, state, bet);
  if (points === 0) return state;
  return {
    points: state.points + points,
    farmedEventIds: [...new Set([...state.farmedEventIds, ...bet.eventIds])],
  };
}

/** A leaderboard row's place: players ordered by points, ties sharing the earlier farmer's order. */
export interface Ranked<T> {
  readonly position: number;
  readonly entry: T;
}

/**
 * Ranks players by points, most first; equal points go to who reached them first (`since`, then
 * `id`), so every position is held by exactly one player.
 */
export function rankByPoints<T extends { points: number; since: number; id: number }>(
  entries: readonly T[],
): Ranked<T>[] {
  return [...entries]
    .sort((a, b) => b.points - a.points || a.since - b.since || a.id - b.id)
    .map((entry, i) => ({ position: i + 1, entry }));
}
