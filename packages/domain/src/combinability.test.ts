import { describe, expect, it } from "vitest";
import { combinabilityIssues, isCombinable, sameMatchSelectionIds } from "./combinability.js";
import { selection } from "./test-support.js";

describe("combinability (SPEC §5)", () => {
  it("§5 cross-provider combos are not combinable", () => {
    const legs = [selection("a"), selection("b", { provider: "betconstruct" })];
    expect(combinabilityIssues("combo", legs)).toEqual([
      { code: "cross_provider", providers: ["betradar", "betconstruct"] },
    ]);
    expect(isCombinable("single", legs)).toBe(true);
  });

  it("§5 two selections from the same match in combo or system are flagged", () => {
    const legs = [selection("a", { matchId: "m1" }), selection("b", { matchId: "m1" }), selection("c")];
    expect(combinabilityIssues("system", legs)).toEqual([
      { code: "same_match", matchId: "m1", selectionIds: ["a", "b"] },
    ]);
    expect(sameMatchSelectionIds(legs)).toEqual(new Set(["a", "b"]));
    expect(isCombinable("custom_bet", legs)).toBe(true);
  });

  it("§5 oddin selections are not allowed in system bets, but are in combos", () => {
    const legs = [
      selection("a", { provider: "oddin" }),
      selection("b", { provider: "oddin" }),
      selection("c", { provider: "oddin" }),
    ];
    expect(combinabilityIssues("system", legs)).toEqual([
      { code: "oddin_in_system", selectionIds: ["a", "b", "c"] },
    ]);
    expect(isCombinable("combo", legs)).toBe(true);
  });

  it("§5 more than 40 selections hit the named limit", () => {
    const legs = Array.from({ length: 41 }, (_, i) => selection(`s${i}`));
    expect(combinabilityIssues("combo", legs)).toEqual([{ code: "too_many_selections", limit: 40 }]);
    expect(isCombinable("combo", legs.slice(0, 40))).toBe(true);
  });
});
