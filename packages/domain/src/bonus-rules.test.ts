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
});
