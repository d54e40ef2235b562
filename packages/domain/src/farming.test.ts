import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type FarmingBet,
  type FarmingRule,
  type FarmingState,
  farm,
  farmingOdds,
  leastFarmingStake,
  noPointsReason,
  potentialPoints,
  rankByPoints,
} from "./farming.js";
import type { Odds } from "./odds.js";

const ruleArb: fc.Arbitrary<FarmingRule> = fc.record({
  stakeUnit: fc.integer({ min: 1, max: 1_000 }),
  minStake: fc.integer({ min: 0, max: 2_000 }),
  minOdds: fc.integer({ min: 1_000, max: 3_000 }),
  oncePerEvent: fc.boolean(),
});
const betArb: fc.Arbitrary<FarmingBet> = fc.record({
  stake: fc.integer({ min: 1, max: 100_000 }),
  odds: fc.integer({ min: 1_001, max: 10_000 }),
  eventIds: fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e", "f"), { minLength: 1, maxLength: 3 }),
});
const empty: FarmingState = { points: 0, farmedEventIds: [] };

describe("farming points (SPEC §3 hunting and tournaments)", () => {
  it("farmed points over any bet sequence equal the rule applied bet by bet", () => {
    fc.assert(
      fc.property(ruleArb, fc.array(betArb, { maxLength: 30 }), (rule, bets) => {
        // the rule, stated independently: a qualifying bet farms ⌊stake / unit⌋ unless, once per
        // event, one of its events already farmed
        let expected = 0;
        const seen = new Set<string>();
        for (const b of bets) {
          const qualifies = b.stake >= rule.minStake && b.odds >= rule.minOdds;
          const repeat = rule.oncePerEvent && b.eventIds.some((e) => seen.has(e));
          const points = qualifies && !repeat ? Math.floor(b.stake / rule.stakeUnit) : 0;
          expected += points;
          if (points > 0) for (const e of b.eventIds) seen.add(e);
        }
        const state = bets.reduce((s, b) => farm(rule, s, b), empty);
        expect(state.points).toBe(expected);
        expect(new Set(state.farmedEventIds)).toEqual(seen);
      }),
    );
  });

  it("potential points are what farming the bet adds", () => {
    fc.assert(
      fc.property(ruleArb, betArb, betArb, (rule, first, bet) => {
        const state = farm(rule, empty, first);
        expect(farm(rule, state, bet).points - state.points).toBe(potentialPoints(rule, state, bet));
      }),
    );
  });

  it("examples: one point per 1.00 from 2.00 at 1.50, once per match", () => {
    const rule: FarmingRule = { stakeUnit: 100, minStake: 200, minOdds: 1500, oncePerEvent: true };
    expect(potentialPoints(rule, empty, { stake: 550, odds: 1800, eventIds: ["m1"] })).toBe(5);
    expect(potentialPoints(rule, empty, { stake: 150, odds: 1800, eventIds: ["m1"] })).toBe(0);
    expect(potentialPoints(rule, empty, { stake: 550, odds: 1400, eventIds: ["m1"] })).toBe(0);
    const after = farm(rule, empty, { stake: 550, odds: 1800, eventIds: ["m1"] });
    expect(potentialPoints(rule, after, { stake: 550, odds: 1800, eventIds: ["m1", "m2"] })).toBe(0);
  });

  it("the least farming stake farms a point at good odds, and a minor unit less farms none", () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        const least = leastFarmingStake(rule);
        const at = (stake: number) =>
          potentialPoints(rule, empty, { stake, odds: rule.minOdds, eventIds: ["m"] });
        expect(at(least)).toBeGreaterThanOrEqual(1);
        expect(at(least - 1)).toBe(0);
      }),
    );
    // No minimum: the first point still takes a whole unit.
    expect(leastFarmingStake({ stakeUnit: 100, minStake: 0, minOdds: 1000, oncePerEvent: false })).toBe(100);
  });

  it("names why a bet farms nothing: odds and a farmed event before the stake, and nothing when it farms", () => {
    const rule: FarmingRule = { stakeUnit: 100, minStake: 200, minOdds: 1500, oncePerEvent: true };
    const after = farm(rule, empty, { stake: 550, odds: 1800, eventIds: ["m1"] });
    expect(noPointsReason(rule, empty, { stake: 550, odds: 1800, eventIds: ["m1"] })).toBeUndefined();
    expect(noPointsReason(rule, empty, { stake: 150, odds: 1800, eventIds: ["m1"] })).toBe("stake");
    // a bigger stake would not help: the odds or the match are what keep it from farming
    expect(noPointsReason(rule, empty, { stake: 150, odds: 1400, eventIds: ["m1"] })).toBe("odds");
    expect(noPointsReason(rule, after, { stake: 150, odds: 1800, eventIds: ["m2", "m1"] })).toBe(
      "event_farmed",
    );
    // a stake between the minimum and one unit farms no whole point
    const unit: FarmingRule = { stakeUnit: 500, minStake: 100, minOdds: 1000, oncePerEvent: false };
    expect(noPointsReason(unit, empty, { stake: 300, odds: 2000, eventIds: ["m"] })).toBe("stake");
  });

  it("a reason is named exactly when no point is farmed", () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.nat(100_000),
        fc.integer({ min: 1000, max: 20_000 }),
        fc.boolean(),
        (rule, stake, odds, farmed) => {
          const state: FarmingState = { points: 0, farmedEventIds: farmed ? ["m"] : [] };
          const bet = { stake, odds, eventIds: ["m"] };
          expect(noPointsReason(rule, state, bet) === undefined).toBe(potentialPoints(rule, state, bet) > 0);
        },
      ),
    );
  });

  it("reads a single's odds, a combo's product and a system's lowest selection", () => {
    const odds = [2000, 1500, 3000] as Odds[];
    expect(farmingOdds("single", [1800 as Odds])).toBe(1800);
    expect(farmingOdds("combo", odds)).toBe(9000);
    expect(farmingOdds("system", odds)).toBe(1500);
  });

  it("ranks by points, and equal points by who reached them first", () => {
    const ranked = rankByPoints([
      { id: 1, points: 10, since: 5 },
      { id: 2, points: 30, since: 9 },
      { id: 3, points: 10, since: 2 },
    ]);
    expect(ranked.map((r) => [r.position, r.entry.id])).toEqual([
      [1, 2],
      [2, 3],
      [3, 1],
    ]);
  });
});
