import { describe, expect, it } from "vitest";
import { MARKETS } from "../markets.js";
import { buildOddinMarkets, ODDIN_LINKS, ODDIN_MARKETS, oddinMapping } from "./mapping.js";

describe("Oddin markets, generated from Oddin's descriptions", () => {
  it("every link names a described market and a canonical one, and every outcome maps by name", () => {
    const built = buildOddinMarkets(ODDIN_LINKS, ODDIN_MARKETS);
    for (const m of built) {
      expect(Object.keys(m.outcomes).sort()).toEqual(m.description.outcomes.map((o) => o.id).sort());
      for (const canonical of Object.values(m.outcomes))
        expect(MARKETS.get(m.link.canonical)?.outcomes).toHaveProperty(canonical);
    }
  });

  it("a description whose outcome the canonical market lacks is refused at start-up, not mapped wrongly", () => {
    const wrong = ODDIN_MARKETS.map((d) =>
      d.id === 3 ? { ...d, outcomes: [...d.outcomes, { id: "6", name: "exactly {threshold}" }] } : d,
    );
    expect(() => buildOddinMarkets(ODDIN_LINKS, wrong)).toThrow(/exactly/);
  });

  it.each([
    [1, "variant=way:two|way=two", "1", 186, "", "4"],
    [1, "variant=way:three|way=three", "3", 1, "", "2"],
    [2, "handicap=-1.5", "2", 327, "hcp=-1.5", "1715"],
    [3, "threshold=2.5", "5", 328, "total=2.5", "12"],
    [4, "best_of=3|variant=best_of:3", "12", 199, "best_of=3", "2:1"],
    [6, "map=2|variant=way:two|way=two", "1", 330, "mapnr=2", "4"],
  ])(
    "Oddin %i %s outcome %s is canonical %i %j outcome %s, and back",
    (id, spec, outcome, cId, cSpec, cOutcome) => {
      expect(oddinMapping.toCanonical(id, spec)).toEqual({ id: cId, specifiers: cSpec });
      expect(oddinMapping.outcomeToCanonical(cId, outcome)).toBe(cOutcome);
      expect(oddinMapping.fromCanonical(cId, cSpec)).toEqual({ id, specifiers: spec });
      expect(oddinMapping.outcomeFromCanonical(cId, cOutcome)).toBe(outcome);
    },
  );

  it("a market or variant with no link is unknown", () => {
    expect(oddinMapping.toCanonical(7, "map=1|round=20")).toBeUndefined();
    expect(oddinMapping.toCanonical(6, "map=1|variant=way:three|way=three")).toBeUndefined();
    expect(oddinMapping.toCanonical(4, "best_of=5|variant=best_of:5")).toBeUndefined();
  });
});
