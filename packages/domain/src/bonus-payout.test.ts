import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BONUS_TYPES } from "./bet.js";
import { bonusBetReturn, boostedStake, stakeFromBonus } from "./bonus-payout.js";
import { MIN_ODDS, type Odds } from "./odds.js";
import { cancelledBet, type SelectionSettlement, settleBet } from "./settlement.js";

const settlementArb: fc.Arbitrary<SelectionSettlement> = fc.record({
  won: fc.boolean(),
  voidFactor: fc.constantFrom<0 | 0.5 | 1>(0, 0.5, 1),
});

/** A settled single or combo of 1–6 legs, or a cancelled bet, with its stake. */
const settledBetArb = fc
  .record({
    stake: fc.integer({ min: 1, max: 10_000_000 }),
    legs: fc.array(
      fc.record({
        odds: fc.integer({ min: MIN_ODDS, max: 50_000 }).map((n) => n as Odds),
        settlement: settlementArb,
      }),
      { minLength: 1, maxLength: 6 },
    ),
    cancelled: fc.boolean(),
  })
  .map(({ stake, legs, cancelled }) => ({
    stake,
    settlement: cancelled
      ? cancelledBet(stake)
      : settleBet({ betType: legs.length === 1 ? "single" : "combo", stake, legs }),
  }));

const isVoid = (result: string) => result === "refund_entire" || result === "canceled";

describe("what a bet placed with a bonus returns (docs/bonuses.md)", () => {
  it("the bonus pays the stake of every freebet but the no-risk one", () => {
    expect(BONUS_TYPES.filter(stakeFromBonus)).toEqual(["freebet", "freebet_all_win", "freebet_only_win"]);
  });

  it("freebet_only_win never pays the stake back, whatever the bet's result", () => {
    fc.assert(
      fc.property(settledBetArb, ({ stake, settlement }) => {
        const back = bonusBetReturn("freebet_only_win", settlement, stake);
        expect(back.freebetReturned).toBe(false);
        expect(back.cash).toBe(isVoid(settlement.result) ? 0 : Math.max(0, settlement.payout - stake));
        // the stake is withheld from every payout
        expect(back.cash).toBeLessThanOrEqual(Math.max(0, settlement.payout - stake));
      }),
    );
  });

  it("freebet pays winnings only and gives the freebet back on a void bet; all_win pays the stake too", () => {
    fc.assert(
      fc.property(settledBetArb, ({ stake, settlement }) => {
        const plain = bonusBetReturn("freebet", settlement, stake);
        const allWin = bonusBetReturn("freebet_all_win", settlement, stake);
        expect(plain.freebetReturned).toBe(isVoid(settlement.result));
        expect(allWin.freebetReturned).toBe(isVoid(settlement.result));
        expect(plain.cash).toBe(isVoid(settlement.result) ? 0 : Math.max(0, settlement.payout - stake));
        expect(allWin.cash).toBe(isVoid(settlement.result) ? 0 : settlement.payout);
      }),
    );
  });

  it("freebet_no_risk pays at least the player's stake back; bets without a freebet pay their payout", () => {
    fc.assert(
      fc.property(settledBetArb, ({ stake, settlement }) => {
        expect(bonusBetReturn("freebet_no_risk", settlement, stake).cash).toBe(
          Math.max(stake, settlement.payout),
        );
        expect(bonusBetReturn(undefined, settlement, stake).cash).toBe(settlement.payout);
        expect(bonusBetReturn("comboboost", settlement, stake).cash).toBe(settlement.payout);
      }),
    );
  });

  it("an open bet returns nothing yet", () => {
    for (const type of BONUS_TYPES) {
      expect(bonusBetReturn(type, { result: "no_results", payout: 0 }, 500)).toEqual({
        cash: 0,
        freebetReturned: false,
      });
    }
  });

  it("examples: a 5.00 freebet at 3.00", () => {
    const won = { result: "win_entire", payout: 1500 } as const;
    expect(bonusBetReturn("freebet", won, 500).cash).toBe(1000);
    expect(bonusBetReturn("freebet_all_win", won, 500).cash).toBe(1500);
    expect(bonusBetReturn("freebet_only_win", won, 500).cash).toBe(1000);
    expect(bonusBetReturn("freebet_no_risk", { result: "lose_entire", payout: 0 }, 500).cash).toBe(500);
  });
});

describe("boosted freebet stake", () => {
  it("multiplies by the ×1000 multiplier and rounds down to a minor unit, never above the exact value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1001, max: 100_000 }), (stake, m) => {
        const boosted = boostedStake(stake, m);
        expect(Number.isSafeInteger(boosted)).toBe(true);
        expect(BigInt(boosted) * 1000n <= BigInt(stake) * BigInt(m)).toBe(true);
        expect((BigInt(boosted) + 1n) * 1000n > BigInt(stake) * BigInt(m)).toBe(true);
      }),
    );
    expect(boostedStake(500, 1500)).toBe(750);
  });
});
