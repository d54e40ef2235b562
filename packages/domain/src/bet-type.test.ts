import { describe, expect, it } from "vitest";
import { betTypeFromName, ticketLabel } from "./bet.js";
import { addSelection, normalizeBets, removeSelection, setSystemType, switchBetType } from "./bet-type.js";
import { bet, NO_MULTI_SINGLE, RULES, selection } from "./test-support.js";

function added(...ids: string[]) {
  let bets: ReturnType<typeof normalizeBets> = [];
  for (const id of ids) {
    const r = addSelection(bets, selection(id), "EUR", NO_MULTI_SINGLE);
    if (!r.ok) throw new Error(r.reason);
    bets = [...r.bets];
  }
  return bets;
}

describe("bet types (SPEC §3, §4 bet type changes, §5)", () => {
  it("§3 double, treble and accumulator are combos", () => {
    expect(betTypeFromName("double")).toBe("combo");
    expect(betTypeFromName("Accumulator")).toBe("combo");
    expect(betTypeFromName("system")).toBe("system");
    expect(betTypeFromName("lucky15")).toBeUndefined();
  });

  it("§7 analytics labels: singles, doubles, trebles, accumulator or the system name", () => {
    expect(ticketLabel("single", 1)).toBe("singles");
    expect(ticketLabel("combo", 2)).toBe("doubles");
    expect(ticketLabel("combo", 3)).toBe("trebles");
    expect(ticketLabel("combo", 7)).toBe("accumulator");
    expect(ticketLabel("system", 4, { winCount: 2, totalCount: 4 })).toBe("system 2/4");
  });

  it("§4 adding an outcome to an empty slip gives a single", () => {
    const bets = added("a");
    expect(bets.map((b) => b.betType)).toEqual(["single"]);
  });

  it("§4 more selections make a combo", () => {
    const bets = added("a", "b", "c");
    expect(bets).toHaveLength(1);
    expect(bets[0]?.betType).toBe("combo");
    expect(bets[0]?.selections.map((s) => s.id)).toEqual(["a", "b", "c"]);
  });

  it("§4 more selections make an extra single when multi-single is available for the provider", () => {
    const one = addSelection([], selection("a"), "EUR", RULES);
    const two = one.ok ? addSelection(one.bets, selection("b"), "EUR", RULES) : one;
    expect(two.ok && two.bets.map((b) => b.betType)).toEqual(["single", "single"]);
    const mixed = two.ok ? addSelection(two.bets, selection("c", { provider: "oddin" }), "EUR", RULES) : two;
    expect(mixed.ok && mixed.bets.map((b) => b.betType)).toEqual(["combo"]);
  });

  it("§5 a selection beyond the 40-selection cap is refused", () => {
    const bets = added(...Array.from({ length: 40 }, (_, i) => `s${i}`));
    expect(addSelection(bets, selection("x"), "EUR", RULES)).toEqual({ ok: false, reason: "max_selections" });
  });

  it("§4 switching to single splits selections into one bet each, keeping stake", () => {
    const bets = [bet("combo", [selection("a"), selection("b")], { stake: 500 })];
    const r = switchBetType(bets, "single", RULES);
    expect(r.ok && r.bets.map((b) => [b.betType, b.selections.length, b.stake])).toEqual([
      ["single", 1, 500],
      ["single", 1, 500],
    ]);
  });

  it("§4 combo and system merge the selections into one bet", () => {
    const singles = [
      bet("single", [selection("a")], { stake: 300 }),
      bet("single", [selection("b")]),
      bet("single", [selection("c")]),
    ];
    const combo = switchBetType(singles, "combo", RULES);
    expect(combo.ok && combo.bets.map((b) => [b.betType, b.selections.length, b.stake])).toEqual([
      ["combo", 3, 300],
    ]);
    const system = switchBetType(singles, "system", RULES);
    expect(system.ok && system.bets[0]?.systemType).toEqual({ winCount: 2, totalCount: 3 });
  });

  it("§5 switching is blocked when the target equals the current type", () => {
    expect(switchBetType([bet("combo", [selection("a"), selection("b")])], "combo", RULES)).toEqual({
      ok: false,
      reason: "same_type",
    });
  });

  it("§5 switching is blocked for a single selection", () => {
    expect(switchBetType([bet("single", [selection("a")])], "combo", RULES)).toEqual({
      ok: false,
      reason: "single_selection",
    });
  });

  it("§5 switching to single is blocked when mixing providers prevents multi-single", () => {
    const bets = [bet("combo", [selection("a"), selection("b", { provider: "betconstruct" })])];
    expect(switchBetType(bets, "single", RULES)).toEqual({ ok: false, reason: "multi_single_unavailable" });
    expect(
      switchBetType([bet("combo", [selection("a"), selection("b")])], "single", NO_MULTI_SINGLE),
    ).toEqual({
      ok: false,
      reason: "multi_single_unavailable",
    });
  });

  it("§5 switching to system is blocked when no system type exists for the selection count", () => {
    expect(switchBetType([bet("combo", [selection("a"), selection("b")])], "system", RULES)).toEqual({
      ok: false,
      reason: "no_system_type",
    });
  });

  it("§5 switching is blocked for a custom bet", () => {
    const custom = [bet("custom_bet", [selection("a", { matchId: "m" }), selection("b", { matchId: "m" })])];
    expect(switchBetType(custom, "combo", RULES)).toEqual({ ok: false, reason: "custom_bet" });
    expect(switchBetType([bet("combo", [selection("a"), selection("b")])], "custom_bet", RULES)).toEqual({
      ok: false,
      reason: "custom_bet",
    });
  });

  it("§4 removing down to one selection makes a single, except a custom bet", () => {
    expect(
      removeSelection([bet("combo", [selection("a"), selection("b")])], "b", RULES).map((b) => b.betType),
    ).toEqual(["single"]);
    const custom = [bet("custom_bet", [selection("a", { matchId: "m" }), selection("b", { matchId: "m" })])];
    expect(removeSelection(custom, "b", RULES).map((b) => b.betType)).toEqual(["custom_bet"]);
    expect(removeSelection([bet("single", [selection("a")])], "a", RULES)).toEqual([]);
  });

  it("§4 a system bet whose size no longer matches becomes a combo, or stays system if another type matches", () => {
    const four = bet(
      "system",
      ["a", "b", "c", "d"].map((id) => selection(id)),
      { systemType: { winCount: 3, totalCount: 4 } },
    );
    const three = removeSelection([four], "d", RULES);
    expect(three[0]?.betType).toBe("system");
    expect(three[0]?.systemType).toEqual({ winCount: 2, totalCount: 3 });
    const two = removeSelection(three, "c", RULES);
    expect(two[0]?.betType).toBe("combo");
    expect(two[0]?.systemType).toBeUndefined();
    const grown = addSelection(
      [bet("system", three[0]?.selections ?? [], { systemType: { winCount: 2, totalCount: 3 } })],
      selection("e"),
      "EUR",
      RULES,
    );
    expect(grown.ok && grown.bets[0]?.systemType).toEqual({ winCount: 2, totalCount: 4 });
  });

  it("§4 a single with more than one selection becomes a combo", () => {
    expect(normalizeBets([bet("single", [selection("a"), selection("b")])], RULES)[0]?.betType).toBe("combo");
  });

  it("sets a system type only when it fits the selections", () => {
    const sys = [
      bet(
        "system",
        ["a", "b", "c", "d"].map((id) => selection(id)),
        { systemType: { winCount: 2, totalCount: 4 } },
      ),
    ];
    const r = setSystemType(sys, { winCount: 3, totalCount: 4 }, RULES);
    expect(r.ok && r.bets[0]?.systemType).toEqual({ winCount: 3, totalCount: 4 });
    expect(setSystemType(sys, { winCount: 3, totalCount: 5 }, RULES)).toEqual({
      ok: false,
      reason: "no_system_type",
    });
  });
});
