import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comboOdds, isOdds, MAX_ODDS, MIN_ODDS, type Odds, oddsFromThousandths, totalOdds } from "./odds.js";

const o = oddsFromThousandths;

describe("odds", () => {
  it("are integers of thousandths above 1.000 (SPEC §9 odds scaling factor 1000)", () => {
    expect(isOdds(2500)).toBe(true);
    expect(isOdds(1000)).toBe(false);
    expect(isOdds(2500.5)).toBe(false);
    expect(isOdds(Number.NaN)).toBe(false);
    expect(isOdds(MAX_ODDS + 1)).toBe(false);
    expect(() => o(999)).toThrow(RangeError);
  });

  it("total a bet: its own price first, else its legs with any boost; a single is its one leg", () => {
    expect(totalOdds([o(2500)])).toBe(2500);
    expect(totalOdds([o(2000), o(1500)])).toBe(3000);
    expect(totalOdds([o(2000), o(1500)], { boost: o(1100) })).toBe(3300);
    expect(totalOdds([o(2000), o(1500)], { custom: o(4200), boost: o(1100) })).toBe(4200);
    expect(totalOdds([])).toBe(MIN_ODDS);
  });

  it("combine into combo odds truncated to thousandths", () => {
    expect(comboOdds([o(2000), o(1500)])).toBe(3000);
    expect(comboOdds([o(1333), o(1333)])).toBe(1776); // 1.776889
    expect(comboOdds(Array.from({ length: 40 }, () => o(10_000)))).toBe(MAX_ODDS);
  });

  it("combo odds never exceed the exact product", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: MIN_ODDS, max: 20_000 }), { minLength: 1, maxLength: 4 }),
        (legs) => {
          const combined = BigInt(comboOdds(legs as Odds[]));
          const exact = legs.reduce((p, x) => p * BigInt(x), 1n);
          const scale = 1000n ** BigInt(legs.length - 1);
          expect(combined * scale <= exact).toBe(true);
          expect((combined + 1n) * scale > exact).toBe(true);
        },
      ),
    );
  });
});
