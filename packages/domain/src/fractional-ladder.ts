// The conventional UK fractional ladder, shortest price first. Kept as text so it reads like a ladder.
const LADDER_TEXT = `
  1/100 1/66 1/50 1/40 1/33 1/25 1/20 1/16 1/14 1/12 1/10 1/9 1/8 1/7 2/13 1/6 2/11 1/5 2/9 1/4
  2/7 3/10 1/3 4/11 2/5 4/9 1/2 8/15 4/7 8/13 4/6 8/11 4/5 5/6 10/11 1/1 21/20 11/10 6/5 5/4 11/8
  6/4 13/8 7/4 15/8 2/1 85/40 9/4 5/2 11/4 3/1 10/3 7/2 4/1 9/2 5/1 11/2 6/1 13/2 7/1 15/2 8/1 17/2
  9/1 10/1 11/1 12/1 14/1 16/1 18/1 20/1 22/1 25/1 28/1 33/1 40/1 50/1 66/1 80/1 100/1 125/1 150/1
  200/1 250/1 300/1 400/1 500/1 1000/1`;

/** A fraction numerator/denominator of the profit per unit staked. */
export interface Fraction {
  readonly numerator: number;
  readonly denominator: number;
}

/**
 * The ladder fractions bookmakers show (4/6 rather than 2/3, 85/40 rather than 17/8), shortest
 * price first.
 */
export const FRACTIONAL_LADDER: readonly Fraction[] = LADDER_TEXT.trim()
  .split(/\s+/)
  .map((text) => {
    const [numerator, denominator] = text.split("/").map(Number);
    return { numerator: numerator ?? 0, denominator: denominator ?? 1 };
  });
