import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MIN_ODDS, type Odds, oddsFromThousandths } from "./odds.js";
import { factorFromText, multiplyRatios, type Ratio } from "./ratio.js";
import {
  cancelledBet,
  cashedOutBet,
  type SelectionSettlement,
  type SettlementLeg,
  selectionMultiplier,
  selectionResult,
  settleBet,
  type VoidFactor,
} from "./settlement.js";
import { forEachCombination } from "./symmetric.js";

const o = oddsFromThousandths;
const win: SelectionSettlement = { won: true };
const lose: SelectionSettlement = { won: false };
const voided: SelectionSettlement = { won: false, voidFactor: 1 };
const halfWin: SelectionSettlement = { won: true, voidFactor: 0.5 };
const halfLose: SelectionSettlement = { won: false, voidFactor: 0.5 };
const leg = (odds: number, settlement?: SelectionSettlement): SettlementLeg => ({
  odds: o(odds),
  settlement,
});

const settlementArb = fc.record({
  won: fc.boolean(),
  voidFactor: fc.constantFrom<VoidFactor>(0, 0.5, 1),
  deadHeatFactor: fc.constantFrom<Ratio | undefined>(
    undefined,
    { n: 1n, d: 2n },
    { n: 1n, d: 3n },
    { n: 1n, d: 4n },
  ),
});
const legArb = fc.record({
  odds: fc.integer({ min: MIN_ODDS, max: 50_000 }).map((n) => n as Odds),
  settlement: settlementArb,
});

describe("settlement maths", () => {
  it("void and dead-heat factors name the selection result", () => {
    expect(selectionResult(win)).toBe("win");
    expect(selectionResult(lose)).toBe("lose");
    expect(selectionResult({ won: true, voidFactor: 1 })).toBe("void");
    expect(selectionResult(halfWin)).toBe("half_win");
    expect(selectionResult(halfLose)).toBe("half_lose");
    expect(selectionResult({ won: true, deadHeatFactor: { n: 1n, d: 2n } })).toBe("win");
  });

  it("leg multipliers: half-win pays half at odds and refunds half; dead heat scales the winnings", () => {
    expect(selectionMultiplier(halfWin, o(3000))).toEqual({ n: 2n, d: 1n });
    expect(selectionMultiplier(halfLose, o(3000))).toEqual({ n: 1n, d: 2n });
    expect(selectionMultiplier(voided, o(3000))).toEqual({ n: 1n, d: 1n });
    expect(selectionMultiplier({ won: true, deadHeatFactor: { n: 1n, d: 3n } }, o(4500))).toEqual({
      n: 3n,
      d: 2n,
    });
    expect(factorFromText("0.5")).toEqual({ n: 1n, d: 2n });
    expect(factorFromText("1.5")).toBeUndefined();
  });

  it("§4 single results: win_entire, lose_entire, refund_entire, refund_half_win_other, refund_half_lose_other", () => {
    const single = (s: SelectionSettlement) =>
      settleBet({ betType: "single", stake: 1000, legs: [leg(3000, s)] });
    expect(single(win)).toEqual({ result: "win_entire", payout: 3000 });
    expect(single(lose)).toEqual({ result: "lose_entire", payout: 0 });
    expect(single(voided)).toEqual({ result: "refund_entire", payout: 1000 });
    expect(single(halfWin)).toEqual({ result: "refund_half_win_other", payout: 2000 });
    expect(single(halfLose)).toEqual({ result: "refund_half_lose_other", payout: 500 });
    expect(settleBet({ betType: "single", stake: 1000, legs: [leg(3000)] })).toEqual({
      result: "no_results",
      payout: 0,
    });
  });

  it("§4 canceled and cashed_out results", () => {
    expect(cancelledBet(1000)).toEqual({ result: "canceled", payout: 1000 });
    expect(cashedOutBet(1750)).toEqual({ result: "cashed_out", payout: 1750 });
  });

  it("§4 combo: one lost leg loses it at once; voids reduce the odds; halves name the result", () => {
    expect(settleBet({ betType: "combo", stake: 1000, legs: [leg(2000, lose), leg(2000)] })).toEqual({
      result: "lose_entire",
      payout: 0,
    });
    expect(settleBet({ betType: "combo", stake: 1000, legs: [leg(2000, win), leg(2000)] }).result).toBe(
      "no_results",
    );
    expect(settleBet({ betType: "combo", stake: 1000, legs: [leg(2000, win), leg(5000, voided)] })).toEqual({
      result: "win_entire",
      payout: 2000,
    });
    expect(
      settleBet({ betType: "combo", stake: 1000, legs: [leg(2000, voided), leg(5000, voided)] }).result,
    ).toBe("refund_entire");
    expect(settleBet({ betType: "combo", stake: 1000, legs: [leg(2000, win), leg(3000, halfWin)] })).toEqual({
      result: "refund_half_win_other",
      payout: 4000,
    });
    expect(
      settleBet({ betType: "combo", stake: 1000, legs: [leg(2000, halfWin), leg(3000, halfLose)] }).result,
    ).toBe("refund_half_lose_other");
  });

  it("comboboost odds are paid only when every leg wins in full", () => {
    const boosted = { betType: "combo" as const, stake: 1000, bonusOdds: o(1100) };
    expect(settleBet({ ...boosted, legs: [leg(2000, win), leg(2000, win)] }).payout).toBe(4400);
    expect(settleBet({ ...boosted, legs: [leg(2000, win), leg(2000, voided)] }).payout).toBe(2000);
  });

  it("the max-payout cap limits every payout", () => {
    expect(
      settleBet({
        betType: "combo",
        stake: 1000,
        legs: [leg(10_000, win), leg(10_000, win)],
        maxPayout: 50_000,
      }),
    ).toEqual({
      result: "win_entire",
      payout: 50_000,
    });
    const system = {
      betType: "system" as const,
      stake: 3000,
      systemType: { winCount: 2, totalCount: 3 },
      maxPayout: 10_000,
    };
    expect(
      settleBet({ ...system, legs: [leg(10_000, win), leg(10_000, win), leg(10_000, win)] }).payout,
    ).toBe(10_000);
  });

  it("§4 system: lines pay like combos; all legs void refunds; too many lost legs lose it early", () => {
    const system = { betType: "system" as const, stake: 3000, systemType: { winCount: 2, totalCount: 3 } };
    expect(settleBet({ ...system, legs: [leg(2000, win), leg(3000, win), leg(4000, lose)] })).toEqual({
      result: "win_entire",
      payout: 6000,
    });
    expect(settleBet({ ...system, legs: [leg(1100, win), leg(1100, win), leg(4000, lose)] })).toEqual({
      result: "refund_half_lose_other",
      payout: 1210,
    });
    expect(settleBet({ ...system, legs: [leg(2000, lose), leg(3000, lose), leg(4000)] })).toEqual({
      result: "lose_entire",
      payout: 0,
    });
    expect(settleBet({ ...system, legs: [leg(2000, lose), leg(3000, win), leg(4000)] }).result).toBe(
      "no_results",
    );
    expect(settleBet({ ...system, legs: [leg(2000, voided), leg(3000, voided), leg(4000, voided)] })).toEqual(
      {
        result: "refund_entire",
        payout: 3000,
      },
    );
  });

  it("custom bets pay their custom odds or are refunded when a leg is voided", () => {
    const custom = { betType: "custom_bet" as const, stake: 1000, customOdds: o(4200) };
    expect(settleBet({ ...custom, legs: [leg(2000, win), leg(2000, win)] })).toEqual({
      result: "win_entire",
      payout: 4200,
    });
    expect(settleBet({ ...custom, legs: [leg(2000, win), leg(2000, voided)] })).toEqual({
      result: "refund_entire",
      payout: 1000,
    });
    expect(settleBet({ ...custom, legs: [leg(2000, win), leg(2000, lose)] }).result).toBe("lose_entire");
  });

  it("settlement of a combo equals the product of its legs settled as singles (property)", () => {
    fc.assert(
      fc.property(
        fc.array(legArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (legs, stake) => {
          // Each single is settled on a stake that makes its return exact: 2 × dead-heat denominator × 1000.
          let product = 1n;
          let scale = 1n;
          for (const l of legs) {
            const unit = 2 * Number(l.settlement.deadHeatFactor?.d ?? 1n) * 1000;
            product *= BigInt(settleBet({ betType: "single", stake: unit, legs: [l] }).payout);
            scale *= BigInt(unit);
          }
          const combo = settleBet({ betType: "combo", stake, legs });
          expect(BigInt(combo.payout)).toBe((BigInt(stake) * product) / scale);
          if (combo.result === "lose_entire") expect(combo.payout).toBe(0);
        },
      ),
    );
  });

  it("settlement of a system equals the sum over its lines of the exact leg products (property)", () => {
    fc.assert(
      fc.property(
        fc.array(legArb, { minLength: 3, maxLength: 7 }),
        fc.nat(),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (legs, pick, stake) => {
          const k = 2 + (pick % (legs.length - 2));
          const multipliers = legs.map((l) => selectionMultiplier(l.settlement, l.odds));
          let sum: Ratio = { n: 0n, d: 1n };
          let lines = 0n;
          forEachCombination(legs.length, k, (idx) => {
            const line = multiplyRatios(idx.map((i) => multipliers[i] as Ratio));
            sum = { n: sum.n * line.d + line.n * sum.d, d: sum.d * line.d };
            lines++;
          });
          const system = settleBet({
            betType: "system",
            stake,
            legs,
            systemType: { winCount: k, totalCount: legs.length },
          });
          expect(BigInt(system.payout)).toBe((BigInt(stake) * sum.n) / (sum.d * lines));
        },
      ),
      { numRuns: 60 },
    );
  });
});
