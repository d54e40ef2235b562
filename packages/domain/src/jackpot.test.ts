import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  contributeToLevels,
  countsAsHit,
  JACKPOT_HIT_STATUSES,
  JACKPOT_LEVEL_STATES,
  type JackpotLevel,
  jackpotContribution,
} from "./jackpot.js";

const levelsArb = fc
  .array(
    fc.record({
      state: fc.constantFrom(...JACKPOT_LEVEL_STATES),
      seed: fc.integer({ min: 0, max: 100_000 }),
      span: fc.integer({ min: 1, max: 1_000_000 }),
      fill: fc.integer({ min: 0, max: 999 }),
      weight: fc.integer({ min: 1, max: 100 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((raw) => {
    const total = raw.reduce((n, r) => n + r.weight, 0);
    const shares = raw.map((r) => Math.floor((r.weight * 10_000) / total));
    shares[0] = (shares[0] ?? 0) + 10_000 - shares.reduce((a, b) => a + b, 0);
    return raw.map(
      (r, i): JackpotLevel => ({
        state: r.state,
        seed: r.seed,
        dropAt: r.seed + r.span,
        pool: r.seed + Math.floor((r.span * r.fill) / 1000),
        shareBasisPoints: shares[i] ?? 0,
      }),
    );
  });

describe("jackpot pools (SPEC §3 jackpot, §4 level states)", () => {
  it("a contribution is its basis points of the stake, rounded down", () => {
    expect(jackpotContribution(10_00, 100)).toBe(10);
    expect(jackpotContribution(999, 150)).toBe(14);
    expect(jackpotContribution(1, 9_999)).toBe(0);
  });

  it("hits count when approved or paid", () => {
    expect(JACKPOT_HIT_STATUSES.filter(countsAsHit)).toEqual(["approved", "paid"]);
  });

  it("pools grow by exactly the contribution; what drops is won whole and the level starts from its seed", () => {
    fc.assert(
      fc.property(levelsArb, fc.integer({ min: 0, max: 2_000_000 }), (levels, contribution) => {
        const { levels: after, drops } = contributeToLevels(levels, contribution);
        const anyActive = levels.some((l) => l.state === "active");
        const before = levels.reduce((n, l) => n + l.pool, 0);
        const reseeded = drops.reduce((n, d) => n + (levels[d.levelIndex]?.seed ?? 0), 0);
        const won = drops.reduce((n, d) => n + d.amount, 0);
        const grown = anyActive ? contribution : 0;
        expect(after.reduce((n, l) => n + l.pool, 0) + won).toBe(before + grown + reseeded);
        for (const d of drops) {
          const level = levels[d.levelIndex] as JackpotLevel;
          expect(level.state).toBe("active");
          expect(d.amount).toBeGreaterThanOrEqual(level.dropAt);
          expect(after[d.levelIndex]?.pool).toBe(level.seed);
        }
        // levels that do not take part keep their pools
        levels.forEach((l, i) => {
          if (l.state !== "active") expect(after[i]?.pool).toBe(l.pool);
          else if (!drops.some((d) => d.levelIndex === i)) expect(after[i]?.pool).toBeLessThan(l.dropAt);
        });
      }),
    );
  });

  it("example: a 10.00 contribution split 70/30 drops the minor level at 50.00", () => {
    const levels: JackpotLevel[] = [
      { state: "active", pool: 4_000, seed: 1_000, dropAt: 100_000, shareBasisPoints: 7_000 },
      { state: "active", pool: 4_800, seed: 500, dropAt: 5_000, shareBasisPoints: 3_000 },
    ];
    expect(contributeToLevels(levels, 1_000)).toEqual({
      levels: [
        { ...levels[0], pool: 4_700 },
        { ...levels[1], pool: 500 },
      ],
      drops: [{ levelIndex: 1, amount: 5_100 }],
    });
  });
});
