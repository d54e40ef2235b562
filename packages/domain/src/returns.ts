import { divFloor } from "./decimal.js";
import { ODDS_SCALE, type Odds } from "./odds.js";
import { multiplyRatios, type Ratio, ratio } from "./ratio.js";
import { elementarySymmetric, forEachCombination } from "./symmetric.js";
import { type SystemType, systemLineCount } from "./system.js";

// Rounding rule for every return in this module: the exact rational amount is computed with BigInt
// and rounded down to a whole minor unit once, at the end, so a return is never overstated. For a
// system bet the stake is split evenly over its lines without rounding each line's stake.

const SCALE = BigInt(ODDS_SCALE);

/** Return of a single: stake × odds, rounded down to a minor unit. */
export function singleReturn(stake: number, odds: Odds): number {
  return Number(divFloor(BigInt(stake) * BigInt(odds), SCALE));
}

/** Return of a combo: stake × the product of its odds, rounded down once to a minor unit. */
export function comboReturn(stake: number, odds: readonly Odds[]): number {
  let numerator = BigInt(stake);
  let denominator = 1n;
  for (const o of odds) {
    numerator *= BigInt(o);
    denominator *= SCALE;
  }
  return Number(divFloor(numerator, denominator));
}

function checkSystem(odds: readonly Odds[], winCount: number): void {
  if (!Number.isInteger(winCount) || winCount < 1 || winCount > odds.length) {
    throw new RangeError(`no system ${winCount}/${odds.length}`);
  }
}

/**
 * Potential return of system winCount/n when every selection wins: the stake is shared evenly by the
 * C(n, k) lines, so the return is stake × e_k(odds) / C(n, k), with e_k the elementary symmetric
 * polynomial; no combination is enumerated.
 */
export function systemReturn(stake: number, odds: readonly Odds[], winCount: number): number {
  checkSystem(odds, winCount);
  const e = elementarySymmetric(odds.map(BigInt), winCount)[winCount] ?? 0n;
  const lines = systemLineCount({ winCount, totalCount: odds.length });
  return Number(divFloor(BigInt(stake) * e, lines * SCALE ** BigInt(winCount)));
}

/** Potential returns of every system k/n for k = 1..n from one pass; index k holds system k/n. */
export function systemReturns(stake: number, odds: readonly Odds[]): number[] {
  const e = elementarySymmetric(odds.map(BigInt));
  return e.map((ek, k) =>
    k === 0
      ? 0
      : Number(
          divFloor(
            BigInt(stake) * ek,
            systemLineCount({ winCount: k, totalCount: odds.length }) * SCALE ** BigInt(k),
          ),
        ),
  );
}

/** The same return as systemReturn, by enumerating every combination: the baseline it is checked against. */
export function systemReturnByEnumeration(stake: number, odds: readonly Odds[], winCount: number): number {
  checkSystem(odds, winCount);
  const values = odds.map(BigInt);
  let sum = 0n;
  let lines = 0n;
  forEachCombination(values.length, winCount, (indices) => {
    let product = 1n;
    for (const i of indices) product *= values[i] ?? 1n;
    sum += product;
    lines += 1n;
  });
  return Number(divFloor(BigInt(stake) * sum, lines * SCALE ** BigInt(winCount)));
}

/** A bet as far as its potential return is concerned. */
export interface ReturnInput {
  readonly betType: "single" | "combo" | "system" | "custom_bet";
  /** Stake in minor units (for a system, the total over all lines). */
  readonly stake: number;
  readonly odds: readonly Odds[];
  readonly systemType?: SystemType;
  /** Custom bets are priced as a whole. */
  readonly customOdds?: Odds;
  /** Extra multiplier of a comboboost, applied to the whole return. */
  readonly bonusOdds?: Odds;
  /** Highest payout allowed, in minor units (SPEC §5 max-payout cap); no cap when absent. */
  readonly maxPayout?: number;
}

/** Caps a payout at the maximum when one is set. */
export function capPayout(amount: number, maxPayout: number | undefined): number {
  return maxPayout === undefined ? amount : Math.min(amount, maxPayout);
}

/** Potential return of a bet if every selection wins, with bonus odds and the max-payout cap applied. */
export function potentialReturn(bet: ReturnInput): number {
  const base = ((): number => {
    switch (bet.betType) {
      case "single":
        return bet.odds.length === 1
          ? singleReturn(bet.stake, bet.odds[0] as Odds)
          : comboReturn(bet.stake, bet.odds);
      case "combo":
        return comboReturn(bet.stake, bet.bonusOdds ? [...bet.odds, bet.bonusOdds] : bet.odds);
      case "system":
        if (!bet.systemType || bet.systemType.totalCount !== bet.odds.length) {
          throw new RangeError("a system bet needs a system type matching its selections");
        }
        return systemReturn(bet.stake, bet.odds, bet.systemType.winCount);
      case "custom_bet":
        return bet.customOdds ? singleReturn(bet.stake, bet.customOdds) : 0;
    }
  })();
  return capPayout(base, bet.maxPayout);
}

/**
 * What one minor unit of stake returns if every selection wins, as an exact ratio (before the cap):
 * potentialReturn is floor(stake × this). Used to derive a stake from a wanted win.
 */
export function returnMultiplier(bet: Omit<ReturnInput, "stake" | "maxPayout">): Ratio {
  const perOdds = (o: Odds) => ratio(BigInt(o), SCALE);
  switch (bet.betType) {
    case "single":
      return multiplyRatios(bet.odds.map(perOdds));
    case "combo":
      return multiplyRatios((bet.bonusOdds ? [...bet.odds, bet.bonusOdds] : bet.odds).map(perOdds));
    case "system": {
      const type = bet.systemType;
      if (!type || type.totalCount !== bet.odds.length)
        throw new RangeError("a system bet needs a matching system type");
      const e = elementarySymmetric(bet.odds.map(BigInt), type.winCount)[type.winCount] ?? 0n;
      return ratio(e, systemLineCount(type) * SCALE ** BigInt(type.winCount));
    }
    case "custom_bet":
      return bet.customOdds ? perOdds(bet.customOdds) : ratio(0n, 1n);
  }
}
