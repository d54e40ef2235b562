import { divFloor, divRound, formatRatio, pow10, readDecimal } from "./decimal.js";
import { numberFormat } from "./intl-formats.js";
import { type Parsed, parsedValue, parseFailure } from "./parsed.js";

/** A display denomination of a currency, e.g. mBTC: one BTC is 10^exponent of it. */
export interface Subcurrency {
  readonly code: string;
  readonly exponent: number;
}

/** A currency as site settings describe it (SPEC §3: code, subcurrencies with subunits, fiat). */
export interface Currency {
  readonly code: string;
  /** Decimals of the minor unit, as SPEC and the wire call them: 2 for EUR, 0 for JPY, 8 for BTC. */
  readonly subunits: number;
  readonly fiat: boolean;
  readonly subcurrencies?: readonly Subcurrency[];
}

/** An amount in integer minor units of a currency. */
export interface Money {
  readonly amount: number;
  readonly currency: string;
}

/** Stakes of fiat currencies are rounded to this many decimals (SPEC §5, §9). */
export const STAKE_DECIMALS = 2;
/** Crypto amounts show at least this many decimals; more when they are significant. */
export const CRYPTO_MIN_DECIMALS = 2;
/** Minor units beyond this cannot be represented exactly in a JavaScript number. */
export const MAX_MINOR_UNITS = Number.MAX_SAFE_INTEGER;

/** Builds an amount; throws RangeError unless the amount is a safe integer of minor units. */
export function money(amount: number, currency: string): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`minor units must be a safe integer: ${amount}`);
  return { amount, currency };
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`currency mismatch: ${a.currency} and ${b.currency}`);
}

/** Sum of two amounts of one currency. */
export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
}

/** Difference of two amounts of one currency. */
export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amount - b.amount, a.currency);
}

/** Negative, zero or positive as a is less than, equal to or more than b (same currency). */
export function compareMoney(a: Money, b: Money): number {
  sameCurrency(a, b);
  return Math.sign(a.amount - b.amount);
}

/**
 * Splits an amount over weights without losing or creating a minor unit: each part is rounded down
 * and the leftover units go to the largest remainders (earlier parts first on ties).
 */
export function allocateMoney(total: Money, weights: readonly number[]): Money[] {
  if (weights.length === 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new RangeError("weights must be non-negative integers");
  }
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (sum === 0n) throw new RangeError("weights must not all be zero");
  const amount = BigInt(total.amount);
  const parts = weights.map((w) => divFloor(amount * BigInt(w), sum));
  const remainders = weights.map((w, i) => ({ i, r: amount * BigInt(w) - (parts[i] ?? 0n) * sum }));
  let left = amount - parts.reduce((a, p) => a + p, 0n);
  remainders.sort((x, y) => (y.r > x.r ? 1 : y.r < x.r ? -1 : x.i - y.i));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((p) => money(Number(p), total.currency));
}

/** Minor units in one step of a stake: a cent for fiat with more decimals, one minor unit otherwise. */
export function stakeStep(currency: Currency): number {
  return currency.fiat && currency.subunits > STAKE_DECIMALS ? 10 ** (currency.subunits - STAKE_DECIMALS) : 1;
}

/** Rounds minor units half away from zero to the stake step of the currency (SPEC §5 stake rounding). */
export function roundStake(amount: bigint, currency: Currency): number {
  const step = BigInt(stakeStep(currency));
  return Number(divRound(amount, step) * step);
}

/** An exchange rate: one unit of `from` is numerator/denominator units of `to` (major units). */
export interface ExchangeRate {
  readonly from: string;
  readonly to: string;
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** Reads a rate such as "1.0834" into an exact exchange rate. */
export function exchangeRate(from: string, to: string, rate: string): Parsed<ExchangeRate> {
  const d = readDecimal(rate);
  if (!d) return parseFailure(rate.trim() === "" ? "empty" : "malformed", rate);
  if (d.negative || d.units === 0n) return parseFailure(d.negative ? "negative" : "out_of_range", rate);
  return parsedValue({ from, to, numerator: d.units, denominator: pow10(d.scale) });
}

/** Converts an amount into another currency, rounded half away from zero to the target's minor unit. */
export function convertMoney(amount: Money, from: Currency, to: Currency, rate: ExchangeRate): Money {
  if (rate.from !== from.code || rate.to !== to.code || amount.currency !== from.code) {
    throw new RangeError(`rate ${rate.from}→${rate.to} does not convert ${amount.currency} to ${to.code}`);
  }
  const numerator = BigInt(amount.amount) * rate.numerator * pow10(to.subunits);
  const denominator = rate.denominator * pow10(from.subunits);
  return money(Number(divRound(numerator, denominator)), to.code);
}

function subcurrencyExponent(currency: Currency, code: string | undefined): number {
  if (code === undefined || code === currency.code) return 0;
  const sub = currency.subcurrencies?.find((s) => s.code === code);
  if (!sub) throw new RangeError(`${currency.code} has no subcurrency ${code}`);
  return sub.exponent;
}

/**
 * Decimals shown for a currency (SPEC §5 stake display): fiat always shows its minor-unit decimals;
 * crypto shows every significant decimal, at least CRYPTO_MIN_DECIMALS.
 */
export function displayDecimals(currency: Currency, subcurrency?: string): { min: number; max: number } {
  const max = Math.max(0, currency.subunits - subcurrencyExponent(currency, subcurrency));
  return { min: currency.fiat ? max : Math.min(max, CRYPTO_MIN_DECIMALS), max };
}

/**
 * Plain decimal text of an amount ("12.50"), in the currency or one of its subcurrencies. Every minor
 * unit is shown: nothing is rounded away.
 */
export function formatAmount(value: Money, currency: Currency, subcurrency?: string): string {
  const exponent = subcurrencyExponent(currency, subcurrency);
  return formatRatio(
    BigInt(value.amount) * pow10(exponent),
    pow10(currency.subunits),
    displayDecimals(currency, subcurrency),
  );
}

/**
 * An amount for people, formatted by Intl for the locale: currency style for ISO fiat codes,
 * the number followed by the code for crypto and subcurrencies (Intl knows no such currencies).
 */
export function formatMoney(value: Money, currency: Currency, locale: string, subcurrency?: string): string {
  const text = formatAmount(value, currency, subcurrency);
  const fraction = text.split(".")[1]?.length ?? 0;
  const digits = { minimumFractionDigits: fraction, maximumFractionDigits: fraction };
  // Intl formats decimal strings exactly (no float on the way), which amounts need.
  const exact = text as Intl.StringNumericLiteral;
  if (currency.fiat && subcurrency === undefined && /^[A-Z]{3}$/.test(currency.code)) {
    return numberFormat(locale, { style: "currency", currency: currency.code, ...digits }).format(exact);
  }
  return `${numberFormat(locale, digits).format(exact)} ${subcurrency ?? currency.code}`;
}

export interface AmountRules {
  /** Decimals accepted; defaults to the currency's minor unit. */
  readonly maxDecimals?: number;
  readonly min?: number;
  readonly max?: number;
}

/**
 * Reads an amount typed in major units ("12.5") into minor units. Refuses empty, negative, malformed,
 * over-precise and out-of-range input; never rounds.
 */
export function parseAmount(input: string, currency: Currency, rules: AmountRules = {}): Parsed<Money> {
  if (input.trim() === "") return parseFailure("empty", input);
  const d = readDecimal(input);
  if (!d) return parseFailure("malformed", input);
  if (d.negative) return parseFailure("negative", input);
  const maxDecimals = Math.min(rules.maxDecimals ?? currency.subunits, currency.subunits);
  if (d.scale > maxDecimals) return parseFailure("too_many_decimals", input);
  const minor = d.units * pow10(currency.subunits - d.scale);
  const min = BigInt(rules.min ?? 0);
  const max = BigInt(rules.max ?? MAX_MINOR_UNITS);
  if (minor < min || minor > max) return parseFailure("out_of_range", input);
  return parsedValue(money(Number(minor), currency.code));
}

/**
 * Reads a stake: like an amount, but fiat stakes take at most two decimals and must be above zero.
 */
export function parseStake(
  input: string,
  currency: Currency,
  rules: Omit<AmountRules, "maxDecimals"> = {},
): Parsed<Money> {
  const maxDecimals = currency.fiat ? STAKE_DECIMALS : currency.subunits;
  return parseAmount(input, currency, { ...rules, maxDecimals, min: Math.max(1, rules.min ?? 1) });
}
