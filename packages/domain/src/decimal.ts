/** An exact decimal read from text: value = ±units / 10^scale. */
export interface ExactDecimal {
  readonly negative: boolean;
  readonly units: bigint;
  readonly scale: number;
}

// A dot or a comma separates decimals (user input in many locales); no grouping separators, no exponent.
const DECIMAL_TEXT = /^([+-]?)(\d+)(?:[.,](\d+))?$/;
// Longer text cannot be a sensible amount or price and would only cost BigInt work.
const MAX_DECIMAL_TEXT = 40;

/** Reads a plain decimal number exactly, or returns undefined when the text is not one. */
export function readDecimal(text: string): ExactDecimal | undefined {
  const trimmed = text.trim();
  if (trimmed.length > MAX_DECIMAL_TEXT) return undefined;
  const match = DECIMAL_TEXT.exec(trimmed);
  if (!match) return undefined;
  const fraction = match[3] ?? "";
  const units = BigInt(`${match[2] ?? ""}${fraction}`);
  return { negative: match[1] === "-" && units !== 0n, units, scale: fraction.length };
}

/** 10^exponent as a bigint. */
export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Quotient rounded down (towards minus infinity); the divisor must be positive. */
export function divFloor(numerator: bigint, divisor: bigint): bigint {
  const q = numerator / divisor;
  return numerator % divisor !== 0n && numerator < 0n ? q - 1n : q;
}

/** Quotient rounded half away from zero; the divisor must be positive. */
export function divRound(numerator: bigint, divisor: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + divisor) / (2n * divisor);
  return numerator < 0n ? -rounded : rounded;
}

/** Greatest common divisor of two non-negative bigints. */
export function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * Writes numerator/denominator in decimal, rounded half away from zero at maxDecimals and with
 * trailing zeros trimmed down to minDecimals. The denominator must be positive.
 */
export function formatRatio(
  numerator: bigint,
  denominator: bigint,
  decimals: { readonly min: number; readonly max: number },
): string {
  const scaled = divRound(numerator * pow10(decimals.max), denominator);
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals.max + 1, "0");
  const whole = digits.slice(0, digits.length - decimals.max);
  let fraction = digits.slice(digits.length - decimals.max);
  while (fraction.length > decimals.min && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
