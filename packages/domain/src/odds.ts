declare const oddsBrand: unique symbol;

/** Decimal odds as an integer number of thousandths: 2.50 is 2500. Always above 1.000. */
export type Odds = number & { readonly [oddsBrand]: true };

/** Odds are stored and sent scaled by this factor (SPEC §9). */
export const ODDS_SCALE = 1000;
/** The lowest price a market can offer: 1.001. */
export const MIN_ODDS = 1001;
/** The highest price accepted for one outcome or shown for a combination: 1,000,000.000. */
export const MAX_ODDS = 1_000_000_000;

/** True when the number is a valid price in thousandths. */
export function isOdds(value: number): value is Odds {
  return Number.isSafeInteger(value) && value >= MIN_ODDS && value <= MAX_ODDS;
}

/** Brands a count of thousandths as odds; throws RangeError for anything that is not a valid price. */
export function oddsFromThousandths(thousandths: number): Odds {
  if (!isOdds(thousandths)) throw new RangeError(`odds out of range: ${thousandths}`);
  return thousandths;
}

/**
 * Combined decimal odds of a combo, truncated to thousandths so the shown price never overstates
 * the exact product, and saturating at MAX_ODDS (returns are computed from the exact product).
 */
export function comboOdds(legs: readonly Odds[]): Odds {
  let product = 1n;
  let scale = 1n;
  for (const odds of legs) {
    product *= BigInt(odds);
    scale *= BigInt(ODDS_SCALE);
  }
  if (legs.length === 0) return oddsFromThousandths(MIN_ODDS);
  const thousandths = (product * BigInt(ODDS_SCALE)) / scale;
  return (thousandths > BigInt(MAX_ODDS) ? MAX_ODDS : Number(thousandths)) as Odds;
}

/**
 * A bet's total odds, the one reading the slip, the server and the bonuses share: the price it was
 * accepted at when it has its own (a custom bet's), else the product of its legs (a single's one
 * leg is its price) with a boost as one more leg. A bet without legs reads the least odds there are.
 */
export function totalOdds(
  legs: readonly Odds[],
  options: { readonly custom?: Odds | undefined; readonly boost?: Odds | undefined } = {},
): Odds {
  if (options.custom !== undefined) return options.custom;
  return comboOdds(options.boost === undefined ? legs : [...legs, options.boost]);
}
