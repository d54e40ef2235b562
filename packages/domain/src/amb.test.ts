import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AmbRange, ambTarget, countsForAmb, freebetsEarned } from "./amb.js";

const rangesArb: fc.Arbitrary<AmbRange[]> = fc.array(
  fc.record({
    numberOfBets: fc.integer({ min: 1, max: 50 }),
    numberOfFreebets: fc.integer({ min: 1, max: 5 }),
  }),
  { minLength: 1, maxLength: 5 },
);

describe("freebet amb progress (SPEC §3)", () => {
  it("over any split of the bets, the freebets earned are those of the milestones reached, once", () => {
    fc.assert(
      fc.property(
        rangesArb,
        fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 20 }),
        (ranges, steps) => {
          let count = 0;
          let earned = 0;
          for (const step of steps) {
            earned += freebetsEarned(ranges, count, count + step);
            count += step;
          }
          const reached = ranges
            .filter((r) => r.numberOfBets <= count)
            .reduce((n, r) => n + r.numberOfFreebets, 0);
          expect(earned).toBe(reached);
        },
      ),
    );
  });

  it("counts bets in the rule's currency at its minimum stake and odds, never one a freebet paid", () => {
    const rule = { currency: "EUR", minStake: 200, minOdds: 1500 };
    const bet = { currency: "EUR", stake: 200, odds: 1500, paidByFreebet: false };
    expect(countsForAmb(rule, bet)).toBe(true);
    expect(countsForAmb(rule, { ...bet, stake: 199 })).toBe(false);
    expect(countsForAmb(rule, { ...bet, odds: 1499 })).toBe(false);
    expect(countsForAmb(rule, { ...bet, currency: "USD" })).toBe(false);
    expect(countsForAmb(rule, { ...bet, paidByFreebet: true })).toBe(false);
  });

  it("the bar is full at the last milestone", () => {
    expect(
      ambTarget([
        { numberOfBets: 5, numberOfFreebets: 1 },
        { numberOfBets: 10, numberOfFreebets: 2 },
      ]),
    ).toBe(10);
  });
});
