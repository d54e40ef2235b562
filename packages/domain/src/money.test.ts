import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMoney,
  allocateMoney,
  type Currency,
  compareMoney,
  convertMoney,
  exchangeRate,
  formatAmount,
  formatMoney,
  money,
  parseAmount,
  parseStake,
  roundStake,
  stakeStep,
  subtractMoney,
} from "./money.js";

const EUR: Currency = { code: "EUR", subunits: 2, fiat: true };
const JPY: Currency = { code: "JPY", subunits: 0, fiat: true };
const KWD: Currency = { code: "KWD", subunits: 3, fiat: true };
const BTC: Currency = {
  code: "BTC",
  subunits: 8,
  fiat: false,
  subcurrencies: [{ code: "mBTC", exponent: 3 }],
};
const USDT: Currency = { code: "USDT", subunits: 6, fiat: false };

function value<T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}
function refusal(r: { ok: boolean; error?: { code: string } }): string | undefined {
  return r.ok ? undefined : r.error?.code;
}

describe("money", () => {
  it("is integer minor units; fractional or unsafe amounts are refused", () => {
    expect(money(1250, "EUR")).toEqual({ amount: 1250, currency: "EUR" });
    expect(() => money(12.5, "EUR")).toThrow(RangeError);
    expect(() => money(2 ** 60, "EUR")).toThrow(RangeError);
  });

  it("adds and compares only within one currency", () => {
    expect(addMoney(money(100, "EUR"), money(1, "EUR")).amount).toBe(101);
    expect(subtractMoney(money(100, "EUR"), money(1, "EUR")).amount).toBe(99);
    expect(compareMoney(money(1, "EUR"), money(2, "EUR"))).toBe(-1);
    expect(() => addMoney(money(1, "EUR"), money(1, "USD"))).toThrow(RangeError);
  });

  it("allocation never loses or creates a minor unit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc
          .array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 40 })
          .filter((w) => w.some((x) => x > 0)),
        (amount, weights) => {
          const parts = allocateMoney(money(amount, "EUR"), weights);
          expect(parts.reduce((a, p) => a + p.amount, 0)).toBe(amount);
          parts.forEach((p, i) => {
            expect(p.amount).toBeGreaterThanOrEqual(0);
            if (weights[i] === 0) expect(p.amount).toBe(0);
          });
        },
      ),
    );
  });

  it("formatting then parsing an amount gives back every minor unit", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(EUR, JPY, KWD, BTC, USDT),
        fc.integer({ min: 0, max: 10 ** 15 }),
        (currency, amount) => {
          const m = money(amount, currency.code);
          expect(value(parseAmount(formatAmount(m, currency), currency))).toEqual(m);
        },
      ),
    );
  });

  it("stake display: fiat shows its decimals, crypto its significant decimals (SPEC §5)", () => {
    expect(formatAmount(money(1250, "EUR"), EUR)).toBe("12.50");
    expect(formatAmount(money(1250, "JPY"), JPY)).toBe("1250");
    expect(formatAmount(money(150_000, "BTC"), BTC)).toBe("0.0015");
    expect(formatAmount(money(100_000_000, "BTC"), BTC)).toBe("1.00");
    expect(formatAmount(money(150_000, "BTC"), BTC, "mBTC")).toBe("1.50");
    expect(() => formatAmount(money(1, "BTC"), BTC, "sat")).toThrow(RangeError);
  });

  it("formats for people through Intl", () => {
    expect(formatMoney(money(123456, "EUR"), EUR, "en-GB")).toBe("€1,234.56");
    expect(formatMoney(money(123456, "EUR"), EUR, "de-DE")).toBe("1.234,56\u00a0€");
    expect(formatMoney(money(150_000, "BTC"), BTC, "en")).toBe("0.0015 BTC");
    expect(formatMoney(money(1_234_500_000, "USDT"), USDT, "en")).toBe("1,234.50 USDT");
    // Beyond float precision Intl still receives the exact digits.
    expect(formatMoney(money(900719925474099, "EUR"), EUR, "en-US")).toBe("€9,007,199,254,740.99");
  });

  it("stake rounding is to 2 decimals for fiat (SPEC §5, §9)", () => {
    expect(stakeStep(EUR)).toBe(1);
    expect(stakeStep(KWD)).toBe(10);
    expect(stakeStep(BTC)).toBe(1);
    expect(roundStake(12_345n, KWD)).toBe(12_350);
    expect(roundStake(12_344n, KWD)).toBe(12_340);
    expect(roundStake(12_345n, BTC)).toBe(12_345);
  });

  it("parsers refuse empty, negative, malformed, over-precise and out-of-range input", () => {
    expect(refusal(parseAmount("", EUR))).toBe("empty");
    expect(refusal(parseAmount("abc", EUR))).toBe("malformed");
    expect(refusal(parseAmount("NaN", EUR))).toBe("malformed");
    expect(refusal(parseAmount("1e3", EUR))).toBe("malformed");
    expect(refusal(parseAmount("-1", EUR))).toBe("negative");
    expect(refusal(parseAmount("1.234", EUR))).toBe("too_many_decimals");
    expect(refusal(parseAmount("1.5", JPY))).toBe("too_many_decimals");
    expect(refusal(parseAmount("100", EUR, { max: 5000 }))).toBe("out_of_range");
    expect(refusal(parseAmount("99999999999999999999", EUR))).toBe("out_of_range");
    expect(value(parseAmount("12,5", EUR)).amount).toBe(1250);
  });

  it("stakes take two decimals for fiat, the minor unit for crypto, and must be above zero", () => {
    expect(refusal(parseStake("1.234", KWD))).toBe("too_many_decimals");
    expect(value(parseStake("1.23", KWD)).amount).toBe(1230);
    expect(value(parseStake("0.00000001", BTC)).amount).toBe(1);
    expect(refusal(parseStake("0", EUR))).toBe("out_of_range");
    expect(refusal(parseStake("0.00", EUR))).toBe("out_of_range");
  });

  it("converts between currencies exactly, rounding once to the target minor unit", () => {
    const rate = value(exchangeRate("EUR", "JPY", "161.235"));
    expect(convertMoney(money(1000, "EUR"), EUR, JPY, rate)).toEqual(money(1612, "JPY"));
    const toBtc = value(exchangeRate("EUR", "BTC", "0.0000105"));
    expect(convertMoney(money(100_00, "EUR"), EUR, BTC, toBtc)).toEqual(money(105_000, "BTC"));
    expect(() => convertMoney(money(1, "USD"), EUR, JPY, rate)).toThrow(RangeError);
    expect(refusal(exchangeRate("EUR", "USD", "0"))).toBe("out_of_range");
    expect(refusal(exchangeRate("EUR", "USD", "x"))).toBe("malformed");
  });
});
