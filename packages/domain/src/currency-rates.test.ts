import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertStake, exchangeRatesInto, RATE_SCALE } from "./currency-rates.js";
import { type Currency, stakeStep } from "./money.js";

const EUR: Currency = { code: "EUR", subunits: 2, fiat: true };
const USD: Currency = { code: "USD", subunits: 2, fiat: true };
const BTC: Currency = { code: "BTC", subunits: 8, fiat: false };
const USDT: Currency = { code: "USDT", subunits: 6, fiat: true };
const CURRENCIES = [EUR, USD, BTC, USDT];

const currency = fc.constantFrom(...CURRENCIES);
const rate = fc.integer({ min: 1, max: 100_000 * RATE_SCALE });
const amount = fc.integer({ min: 0, max: 1e12 });
/** Fixed seed: the same cases on every run. */
const runs = { seed: 47, numRuns: 500 };

function ratesOf(from: Currency, fromRate: number, to: Currency, toRate: number) {
  const table =
    from.code === to.code
      ? [{ code: to.code, rate: toRate }]
      : [
          { code: from.code, rate: fromRate },
          { code: to.code, rate: toRate },
        ];
  return exchangeRatesInto(table, to.code);
}

describe("stakes converted at the book's rates (SPEC §4 persistence)", () => {
  it("converts 10.00 EUR into USD at 1 USD = 0.92 EUR as 10.87 USD", () => {
    const rates = exchangeRatesInto(
      [
        { code: "EUR", rate: RATE_SCALE },
        { code: "USD", rate: 920_000 },
      ],
      "USD",
    );
    expect(convertStake(10_00, EUR, USD, rates)).toBe(10_87);
    expect(
      convertStake(
        10_00,
        USD,
        EUR,
        exchangeRatesInto(
          [
            { code: "USD", rate: 920_000 },
            { code: "EUR", rate: RATE_SCALE },
          ],
          "EUR",
        ),
      ),
    ).toBe(9_20);
  });

  it("has no rate for a pair the book does not rate, nor into an unrated currency", () => {
    const rates = exchangeRatesInto([{ code: "EUR", rate: RATE_SCALE }], "USD");
    expect(rates).toEqual([]);
    expect(convertStake(10_00, EUR, USD, rates)).toBeUndefined();
    expect(
      convertStake(10_00, BTC, USD, exchangeRatesInto([{ code: "USD", rate: 920_000 }], "USD")),
    ).toBeUndefined();
  });

  it("converts a stake too large for the target into nothing rather than throwing", () => {
    const rates = exchangeRatesInto(
      [
        { code: "BTC", rate: 60_000 * RATE_SCALE },
        { code: "USDT", rate: 1 },
      ],
      "USDT",
    );
    expect(convertStake(1e12, BTC, USDT, rates)).toBeUndefined();
    // one satoshi is 0.0006 EUR, 600 of a USDT worth a millionth of a euro
    expect(convertStake(1, BTC, USDT, rates)).toBe(600_000_000);
  });

  it("is monotone: a larger stake never converts to a smaller one", () => {
    fc.assert(
      fc.property(currency, currency, rate, rate, amount, amount, (from, to, fr, tr, a, b) => {
        const rates = ratesOf(from, fr, to, tr);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const x = convertStake(lo, from, to, rates);
        const y = convertStake(hi, from, to, rates);
        // beyond the safe integers is no stake: then so is every larger one
        if (x === undefined) expect(y).toBeUndefined();
        else if (y !== undefined) expect(x).toBeLessThanOrEqual(y);
      }),
      runs,
    );
  });

  it("rounds to the target's stake step, within half a step and half a minor unit of the exact value", () => {
    fc.assert(
      fc.property(currency, currency, rate, rate, amount, (from, to, fr, tr, a) => {
        const rates = ratesOf(from, fr, to, tr);
        const converted = convertStake(a, from, to, rates);
        fc.pre(converted !== undefined);
        const step = stakeStep(to);
        expect(converted % step).toBe(0);
        // exact value in the target's minor units: a × fr/tr × 10^to / 10^from, i.e. N / D
        const fromRate = BigInt(from.code === to.code ? tr : fr);
        const n = BigInt(a) * fromRate * 10n ** BigInt(to.subunits);
        const d = BigInt(tr) * 10n ** BigInt(from.subunits);
        const error = BigInt(converted) * d - n;
        const abs = error < 0n ? -error : error;
        // half a minor unit when the step is one; else rounded to the minor unit, then to the step
        const bound = step === 1 ? d : BigInt(step + 1) * d;
        expect(abs * 2n <= bound).toBe(true);
      }),
      runs,
    );
  });

  it("keeps the amount between currencies of equal rate and minor unit", () => {
    fc.assert(
      fc.property(rate, amount, (r, a) => {
        expect(convertStake(a, EUR, USD, ratesOf(EUR, r, USD, r))).toBe(a);
      }),
      runs,
    );
  });
});
