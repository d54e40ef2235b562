import { divFloor } from "./decimal.js";
import { ODDS_SCALE, type Odds } from "./odds.js";
import { multiplyRatios, type Ratio, ratio } from "./ratio.js";
import { elementarySymmetric, forEachCombination } from "./symmetric.js";
import { type SystemType, systemLineCount } from "./system.js";

// Rounding rule for every return in this module: the exact rational amount is computed with BigInt
// and rounded down to a whole minor unit once, at the end, so a return is never overstated. For a
// system bet the stake is split evenly over its lines without rounding each line's stake.

const SCALE = BigInt(ODDS_SCALE);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A return too large to be a safe integer of minor units (above 2⁵³ − 1) was asked for without a
 * payout cap to bring it down: it is refused rather than rounded to a float.
 */
export class ReturnOverflowError extends RangeError {
  constructor(readonly exact: bigint) {
    super(`return of ${exact} minor units is beyond exact integers; set a payout cap`);
    this.name = "ReturnOverflowError";
  }
}

/** An exact amount of minor units as a number; throws ReturnOverflowError when it cannot be exact. */
export function exactMinorUnits(amount: bigint): number {
  if (amount > MAX_SAFE || amount < -MAX_SAFE) throw new ReturnOverflowError(amount);
  return Number(amount);
}

/** Caps an exact amount before it becomes a number, so a capped payout is always exact. */
export function capPayoutExact(amount: bigint, maxPayout: number | undefined): number {
  return exactMinorUnits(maxPayout === undefined || amount <= BigInt(maxPayout) ? amount : BigInt(maxPayout));
}

/** Return of a single: stake × odds, rounded down to a minor unit. */
export function singleReturn(stake: number, odds: Odds): number {
  return exactMinorUnits(singleExact(stake, odds));
}

function singleExact(stake: number, odds: Odds): bigint {
  return divFloor(BigInt(stake) * BigInt(odds), SCALE);
}

/** Return of a combo: stake × the product of its odds, rounded down once to a minor unit. */
export function comboReturn(stake: number, odds: readonly Odds[]): number {
  return exactMinorUnits(comboExact(stake, odds));
}

function comboExact(stake: number, odds: readonly Odds[]): bigint {
  let numerator = BigInt(stake);
  let denominator = 1n;
  for (const o of odds) {
    numerator *= BigInt(o);
    denominator *= SCALE;
  }
  return divFloor(numerator, denominator);
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
  return exactMinorUnits(systemExact(stake, odds, winCount));
}

function systemExact(stake: number, odds: readonly Odds[], winCount: number): bigint {
  checkSystem(odds, winCount);
  const e = elementarySymmetric(odds.map(BigInt), winCount)[winCount] ?? 0n;
  const lines = systemLineCount({ winCount, totalCount: odds.length });
  return divFloor(BigInt(stake) * e, lines * SCALE ** BigInt(winCount));
}

/**
 * Potential returns of every system k/n for k = 1..n from one pass; index k holds system k/n.
 * Each k is exact on its own: a k whose return is beyond exact integers holds `null` and leaves the
 * others, smaller or larger, as they are (index 0 is always 0).
 */
export function systemReturns(stake: number, odds: readonly Odds[]): (number | null)[] {
  const e = elementarySymmetric(odds.map(BigInt));
  return e.map((ek, k) => {
    if (k === 0) return 0;
    const exact = divFloor(
      BigInt(stake) * ek,
      systemLineCount({ winCount: k, totalCount: odds.length }) * SCALE ** BigInt(k),
    );
    return exact > MAX_SAFE ? null : Number(exact);
  });
}

/**
 * The least a system returns when it returns anything: exactly winCount selections win, the
 * lowest-priced ones, so one line pays. With systemReturn it is the range a player reads.
 */
export function systemLeastReturn(stake: number, odds: readonly Odds[], winCount: number): number {
  checkSystem(odds, winCount);
  const lowest = [...odds].sort((a, b) => a - b).slice(0, winCount);
  let product = 1n;
  for (const o of lowest) product *= BigInt(o);
  const lines = systemLineCount({ winCount, totalCount: odds.length });
  return exactMinorUnits(divFloor(BigInt(stake) * product, lines * SCALE ** BigInt(winCount)));
}

/** The stake of one line of a system, rounded down to a minor unit (the lines share the stake evenly). */
export function systemLineStake(stake: number, type: SystemType): number {
  return exactMinorUnits(divFloor(BigInt(stake), systemLineCount(type)));
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
  return exactMinorUnits(divFloor(BigInt(stake) * sum, lines * SCALE ** BigInt(winCount)));
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

/**
 * Potential return of a bet if every selection wins, with bonus odds and the max-payout cap applied.
 * The cap is applied to the exact amount, so a capped return is exact however large the odds; an
 * uncapped return beyond 2⁵³ − 1 minor units throws ReturnOverflowError.
 */
export function potentialReturn(bet: ReturnInput): number {
  const base = ((): bigint => {
    switch (bet.betType) {
      case "single":
        return bet.odds.length === 1
          ? singleExact(bet.stake, bet.odds[0] as Odds)
          : comboExact(bet.stake, bet.odds);
      case "combo":
        return comboExact(bet.stake, bet.bonusOdds ? [...bet.odds, bet.bonusOdds] : bet.odds);
      case "system":
        if (!bet.systemType || bet.systemType.totalCount !== bet.odds.length) {
          throw new RangeError("a system bet needs a system type matching its selections");
        }
        return systemExact(bet.stake, bet.odds, bet.systemType.winCount);
      case "custom_bet":
        return bet.customOdds ? singleExact(bet.stake, bet.customOdds) : 0n;
    }
  })();
  return capPayoutExact(base, bet.maxPayout);
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
