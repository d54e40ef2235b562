import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comboboostStanding, freebetMismatches } from "./bonus-rules.js";
import { oddsFromThousandths } from "./odds.js";
import { selection } from "./test-support.js";

const o = oddsFromThousandths;

describe("bonus conditions (SPEC §3)", () => {
  it("a freebet applies only within its odds limits, selection counts and match status", () => {
    const legs = [selection("a", { odds: o(1500) }), selection("b", { odds: o(3000), matchStatus: 1 })];
    expect(freebetMismatches({}, legs)).toEqual([]);
    expect(freebetMismatches({ minOdds: o(1600) }, legs)).toEqual(["odds_too_low"]);
    expect(freebetMismatches({ maxOdds: o(2500) }, legs)).toEqual(["odds_too_high"]);
    expect(freebetMismatches({ matchStatus: "prematch" }, legs)).toEqual(["match_status"]);
    expect(freebetMismatches({ selectionCountFrom: 3 }, legs)).toEqual(["selection_count"]);
    expect(freebetMismatches({ selectionCountTo: 1 }, legs)).toEqual(["selection_count"]);
  });

  it("a comboboost counts selections at or above its minimum odds towards its ranges", () => {
    const ranges = [
      { minCount: 3, maxCount: 4, bonusOdds: o(1050) },
      { minCount: 5, maxCount: 40, bonusOdds: o(1100) },
    ];
    const legs = ["a", "b", "c", "d"].map((id, i) => selection(id, { odds: o(1200 + 100 * i) }));
    expect(comboboostStanding({ ranges }, legs)).toEqual({
      suitableSelections: ["a", "b", "c", "d"],
      activeRangeIndex: 0,
      bonusOdds: 1050,
    });
    expect(comboboostStanding({ minOdds: o(1300), ranges }, legs)).toEqual({
      suitableSelections: ["b", "c", "d"],
      activeRangeIndex: 0,
      bonusOdds: 1050,
    });
    expect(comboboostStanding({ minOdds: o(1400), ranges }, legs)).toEqual({
      suitableSelections: ["c", "d"],
    });
  });

  it("a comboboost never boosts a combo with fewer counted legs than its range asks", () => {
    const range = fc
      .tuple(
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1001, max: 3000 }),
      )
      .map(([minCount, extra, bonusOdds]) => ({
        minCount,
        maxCount: minCount + extra,
        bonusOdds: o(bonusOdds),
      }));
    fc.assert(
      fc.property(
        fc.array(range, { minLength: 1, maxLength: 4 }),
        fc.option(fc.integer({ min: 1001, max: 5000 }), { nil: undefined }),
        fc.array(fc.integer({ min: 1001, max: 5000 }), { maxLength: 25 }),
        (ranges, minOdds, prices) => {
          const legs = prices.map((p, i) => selection(`s${i}`, { odds: o(p) }));
          const standing = comboboostStanding({ ...(minOdds ? { minOdds: o(minOdds) } : {}), ranges }, legs);
          const counted = prices.filter((p) => p >= (minOdds ?? 0)).length;
          expect(standing.suitableSelections).toHaveLength(counted);
          if (standing.activeRangeIndex === undefined) {
            expect(standing.bonusOdds).toBeUndefined();
            expect(ranges.some((r) => counted >= r.minCount && counted <= r.maxCount)).toBe(false);
            return;
          }
          const active = ranges[standing.activeRangeIndex];
          expect(counted).toBeGreaterThanOrEqual(active?.minCount ?? Number.POSITIVE_INFINITY);
          expect(counted).toBeLessThanOrEqual(active?.maxCount ?? -1);
          expect(standing.bonusOdds).toBe(active?.bonusOdds);
        },
      ),
    );
  });
});
