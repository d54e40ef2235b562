import { divRound, pow10 } from "./decimal.js";
import { type Currency, type ExchangeRate, roundStake } from "./money.js";

/**
 * The book's rates are integers: what one major unit of a currency is worth in the base currency,
 * times RATE_SCALE (1 USD = 0.92 EUR is 920 000). Never floats: money math stays exact.
 */
export const RATE_SCALE = 1_000_000;

/** One currency's rate against the book's base currency, ×RATE_SCALE. */
export interface CurrencyRate {
  readonly code: string;
  readonly rate: number;
}

/**
 * The exchange rates from every rated currency into `to`: one unit of A is rateA / rateTo units of
 * `to`, kept as that exact fraction. Empty when `to` has no rate.
 */
export function exchangeRatesInto(rates: readonly CurrencyRate[], to: string): ExchangeRate[] {
  const target = rates.find((r) => r.code === to);
  if (!target || target.rate <= 0) return [];
  return rates
    .filter((r) => r.rate > 0)
    .map((r) => ({ from: r.code, to, numerator: BigInt(r.rate), denominator: BigInt(target.rate) }));
}

/**
 * A stake in another currency (SPEC §4 persistence), undefined without a rate for the pair.
 * Rounding rule: the exact converted value is rounded half away from zero to the target's minor
 * unit, then to the target's stake step (whole cents for fiat), half away from zero again. A result
 * beyond the safe integers is no stake at all: undefined, like a missing rate.
 */
export function convertStake(
  amount: number,
  from: Currency,
  to: Currency,
  rates: readonly ExchangeRate[],
): number | undefined {
  const rate = rates.find((r) => r.from === from.code && r.to === to.code);
  if (!rate) return undefined;
  // convertMoney's arithmetic, but a result too large for a stake converts to nothing instead of throwing
  const minor = divRound(
    BigInt(amount) * rate.numerator * pow10(to.subunits),
    rate.denominator * pow10(from.subunits),
  );
  const stake = roundStake(minor, to);
  return Number.isSafeInteger(stake) ? stake : undefined;
}
