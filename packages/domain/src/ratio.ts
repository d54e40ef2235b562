import { gcd, pow10, readDecimal } from "./decimal.js";

/** An exact non-negative rational number n/d, d > 0. */
export interface Ratio {
  readonly n: bigint;
  readonly d: bigint;
}

/** n/d in lowest terms. */
export function ratio(n: bigint, d: bigint): Ratio {
  if (d <= 0n) throw new RangeError("a ratio needs a positive denominator");
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

/** Product of ratios. */
export function multiplyRatios(values: readonly Ratio[]): Ratio {
  return values.reduce((acc, v) => ratio(acc.n * v.n, acc.d * v.d), { n: 1n, d: 1n });
}

/** The values over one common denominator: value_i = numerators[i] / denominator. */
export function commonDenominator(values: readonly Ratio[]): { numerators: bigint[]; denominator: bigint } {
  const denominator = values.reduce((l, v) => (l * v.d) / gcd(l, v.d), 1n);
  return { numerators: values.map((v) => (v.n * denominator) / v.d), denominator };
}

/** Reads a factor between 0 and 1 such as a feed's "0.5" dead-heat factor; undefined when it is not one. */
export function factorFromText(text: string): Ratio | undefined {
  const d = readDecimal(text);
  if (!d || d.negative) return undefined;
  const value = ratio(d.units, pow10(d.scale));
  return value.n <= value.d ? value : undefined;
}
