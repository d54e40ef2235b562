import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MIN_ODDS, type Odds, oddsFromThousandths } from "./odds.js";
import {
  capPayoutExact,
  comboReturn,
  exactMinorUnits,
  potentialReturn,
  ReturnOverflowError,
  returnMultiplier,
  singleReturn,
  systemLeastReturn,
  systemLineStake,
  systemReturn,
  systemReturnByEnumeration,
  systemReturns,
} from "./returns.js";

const o = oddsFromThousandths;
const odds = fc.integer({ min: MIN_ODDS, max: 100_000 }).map((n) => n as Odds);

/** The return, or "overflow" when it is refused for being beyond exact integers. */
function outcome(fn: () => number): number | "overflow" {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ReturnOverflowError) return "overflow";
    throw e;
  }
}

describe("potential returns", () => {
  it("single and combo multiply the stake by the odds, rounded down to a minor unit", () => {
    expect(singleReturn(1000, o(2500))).toBe(2500);
    expect(singleReturn(333, o(1333))).toBe(443); // 443.889
    expect(comboReturn(1000, [o(2000), o(1500)])).toBe(3000);
    expect(comboReturn(100, [o(1333), o(1333)])).toBe(177); // 177.6889
  });

  it("system 2/3 shares the stake over its three doubles", () => {
    // 30.00 over 3 lines of 10.00: 2×3 + 2×4 + 3×4 = 26 → 260.00
    expect(systemReturn(3000, [o(2000), o(3000), o(4000)], 2)).toBe(26000);
  });

  it("system return by symmetric polynomials equals plain enumeration (property)", () => {
    fc.assert(
      fc.property(
        fc.array(odds, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.nat(),
        (legs, stake, pick) => {
          const k = 1 + (pick % legs.length);
          expect(outcome(() => systemReturn(stake, legs, k))).toBe(
            outcome(() => systemReturnByEnumeration(stake, legs, k)),
          );
        },
      ),
    );
  });

  it("every system type of 40 selections comes from one pass and matches the per-type call", () => {
    const legs = Array.from({ length: 40 }, (_, i) => o(1100 + 37 * i));
    const all = systemReturns(1000, legs);
    for (const k of [1, 2, 3, 20, 39, 40]) expect(all[k]).toBe(systemReturn(1000, legs, k));
    expect(all[40]).toBe(comboReturn(1000, legs));
    expect(systemReturnByEnumeration(1000, legs, 3)).toBe(all[3]);
  });

  it("systemReturns keeps every k exact that fits and marks only the k that overflow", () => {
    // 1/30 at these prices is a few hundred euros; 30/30 is beyond 2^53 minor units.
    const legs = Array.from({ length: 30 }, (_, i) => o(i < 15 ? 1010 : 1_000_000));
    const all = systemReturns(100_000, legs);
    expect(all[1]).toBe(systemReturn(100_000, legs, 1));
    expect(all[30]).toBeNull();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: MIN_ODDS, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (values, stake) => {
          const legs = values.map((v) => v as Odds);
          const one = systemReturns(stake, legs);
          for (let k = 1; k <= legs.length; k++) {
            expect(one[k] ?? "overflow").toBe(outcome(() => systemReturn(stake, legs, k)));
          }
        },
      ),
    );
  });

  it("system n/n is the combo and 1/n is the singles sharing the stake", () => {
    fc.assert(
      fc.property(
        fc.array(odds, { minLength: 2, maxLength: 8 }),
        fc.integer({ min: 1, max: 10 ** 8 }),
        (legs, stake) => {
          expect(outcome(() => systemReturn(stake, legs, legs.length))).toBe(
            outcome(() => comboReturn(stake, legs)),
          );
        },
      ),
    );
  });

  it("refuses a system size that does not fit the selections", () => {
    expect(() => systemReturn(100, [o(2000)], 2)).toThrow(RangeError);
    expect(() =>
      potentialReturn({ betType: "system", stake: 100, odds: [o(2000), o(2000), o(2000)] }),
    ).toThrow(RangeError);
  });

  it("applies the max-payout cap given as a parameter (SPEC §5)", () => {
    expect(capPayoutExact(5000n, undefined)).toBe(5000);
    expect(capPayoutExact(5000n, 4000)).toBe(4000);
    const legs = [o(10_000), o(10_000), o(10_000)];
    expect(
      potentialReturn({
        betType: "system",
        stake: 1000,
        odds: legs,
        systemType: { winCount: 2, totalCount: 3 },
      }),
    ).toBe(100_000);
    expect(
      potentialReturn({
        betType: "system",
        stake: 1000,
        odds: legs,
        systemType: { winCount: 2, totalCount: 3 },
        maxPayout: 50_000,
      }),
    ).toBe(50_000);
    expect(potentialReturn({ betType: "combo", stake: 1000, odds: legs, maxPayout: 200_000 })).toBe(200_000);
  });

  it("custom bets use their custom odds and combos their comboboost odds", () => {
    expect(
      potentialReturn({ betType: "custom_bet", stake: 1000, odds: [o(1500), o(1500)], customOdds: o(3100) }),
    ).toBe(3100);
    expect(
      potentialReturn({ betType: "combo", stake: 1000, odds: [o(2000), o(2000)], bonusOdds: o(1100) }),
    ).toBe(4400);
    expect(potentialReturn({ betType: "single", stake: 1000, odds: [o(2000)] })).toBe(2000);
  });
});

describe("return multiplier", () => {
  it("is the exact ratio potential returns are floored from", () => {
    expect(returnMultiplier({ betType: "combo", odds: [o(2000), o(1500)] })).toEqual({ n: 3n, d: 1n });
    expect(
      returnMultiplier({
        betType: "system",
        odds: [o(2000), o(3000), o(4000)],
        systemType: { winCount: 2, totalCount: 3 },
      }),
    ).toEqual({
      n: 26n,
      d: 3n,
    });
    expect(returnMultiplier({ betType: "custom_bet", odds: [] })).toEqual({ n: 0n, d: 1n });
  });
});

describe("returns stay exact integers (no float beyond 2⁵³)", () => {
  const LIMIT = BigInt(Number.MAX_SAFE_INTEGER);
  const bigOdds = fc.integer({ min: 100_000, max: 1_000_000 }).map((n) => n as Odds);

  it("an uncapped return above 2⁵³ − 1 minor units is refused, never rounded", () => {
    const legs = Array.from({ length: 40 }, () => o(1_000_000));
    expect(() => comboReturn(10 ** 9, legs)).toThrow(ReturnOverflowError);
    expect(() => systemReturn(10 ** 9, legs, 20)).toThrow(ReturnOverflowError);
    expect(() => potentialReturn({ betType: "combo", stake: 10 ** 9, odds: legs })).toThrow(
      ReturnOverflowError,
    );
    expect(() => exactMinorUnits(LIMIT + 1n)).toThrow(ReturnOverflowError);
    expect(exactMinorUnits(LIMIT)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("a capped return is the cap exactly, however large the exact amount (property)", () => {
    fc.assert(
      fc.property(
        fc.array(bigOdds, { minLength: 2, maxLength: 40 }),
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (legs, stake, cap) => {
          const got = potentialReturn({ betType: "combo", stake, odds: legs, maxPayout: cap });
          expect(Number.isSafeInteger(got)).toBe(true);
          let exact = BigInt(stake);
          for (const l of legs) exact = (exact * BigInt(l)) / 1000n;
          // Rounding each leg down can only lower the amount; the cap decides when the exact one is above it.
          if (exact >= BigInt(cap)) expect(got).toBe(cap);
          else expect(BigInt(got)).toBeGreaterThanOrEqual(exact);
        },
      ),
    );
  });

  it("returns near 2⁵³ are either exact integers or refused (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2 ** 40, max: 2 ** 53 - 1 }), bigOdds, (stake, odds) => {
        const exact = (BigInt(stake) * BigInt(odds)) / 1000n;
        if (exact > LIMIT) expect(() => singleReturn(stake, odds)).toThrow(ReturnOverflowError);
        else expect(BigInt(singleReturn(stake, odds))).toBe(exact);
      }),
    );
  });
});

describe("a system's least return and line stake", () => {
  it("the least return is one line of the lowest prices, never above any other single line", () => {
    fc.assert(
      fc.property(
        fc.array(odds, { minLength: 2, maxLength: 7 }),
        fc.integer({ min: 1, max: 100_000 }),
        (legs, stake) => {
          const k = 2;
          const least = systemLeastReturn(stake, legs, k);
          const lines = (legs.length * (legs.length - 1)) / 2;
          for (let i = 0; i < legs.length; i++)
            for (let j = i + 1; j < legs.length; j++) {
              const line =
                (BigInt(stake) * BigInt(legs[i] ?? 0) * BigInt(legs[j] ?? 0)) / (BigInt(lines) * 1_000_000n);
              expect(BigInt(least) <= line).toBe(true);
            }
          expect(least).toBeLessThanOrEqual(systemReturn(stake, legs, k));
        },
      ),
    );
  });

  it("a line's stake is the stake shared by the lines, rounded down", () => {
    expect(systemLineStake(280, { winCount: 2, totalCount: 8 })).toBe(10);
    expect(systemLineStake(50, { winCount: 2, totalCount: 8 })).toBe(1);
  });
});
