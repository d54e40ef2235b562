import { describe, expect, it } from "vitest";
import type { Currency } from "./money.js";
import { oddsFromThousandths } from "./odds.js";
import { bet, selection } from "./test-support.js";
import { setBonus } from "./ticket-bonus.js";
import { setTicketStake, stakeForPotentialWin, ticketBetPayout, ticketBetReturn } from "./ticket-stake.js";

const o = oddsFromThousandths;
const EUR: Currency = { code: "EUR", subunits: 2, fiat: true };
const KWD: Currency = { code: "KWD", subunits: 3, fiat: true };

describe("slip stakes", () => {
  it("a wanted win gives the stake that reaches it at the current odds", () => {
    const combo = bet("combo", [selection("a", { odds: o(1500) }), selection("b", { odds: o(1500) })]);
    expect(stakeForPotentialWin(combo, 1000, EUR)).toBe(445); // 4.45 × 2.25 = 10.0125
    const staked = setTicketStake(combo, 1000, "potentialWin", EUR);
    expect(ticketBetReturn(staked)).toBeGreaterThanOrEqual(1000);
  });

  it("§5 stake rounding is to 2 decimals for fiat", () => {
    const single = bet("single", [selection("a", { odds: o(3000) })], { currency: "KWD" });
    expect(setTicketStake(single, 12_345, "stake", KWD).stake).toBe(12_350);
    expect(stakeForPotentialWin(single, 10_000, KWD)).toBe(3330);
  });

  it("a system bet's return and wanted win use its system type; the cap applies", () => {
    const legs = [
      selection("a", { odds: o(2000) }),
      selection("b", { odds: o(3000) }),
      selection("c", { odds: o(4000) }),
    ];
    const system = bet("system", legs, { stake: 3000, systemType: { winCount: 2, totalCount: 3 } });
    expect(ticketBetReturn(system)).toBe(26_000);
    expect(ticketBetReturn(system, 20_000)).toBe(20_000);
    expect(stakeForPotentialWin(system, 26_000, EUR)).toBe(3000);
  });

  it("a bonus shows what the player is paid: a freebet's winnings only, a boost's raised return", () => {
    const single = bet("single", [selection("a", { odds: o(3000) })]);
    const freebet = setBonus(single, { bonusId: "1", bonusType: "freebet", freebetStake: 500 });
    expect(ticketBetReturn(freebet)).toBe(1000);
    // the bet itself returns 15.00, which is what placing judges it by
    expect(ticketBetPayout(freebet)).toBe(1500);
    const allWin = setBonus(single, { bonusId: "2", bonusType: "freebet_all_win", freebetStake: 500 });
    expect(ticketBetReturn(allWin)).toBe(1500);
    const legs = [selection("a", { odds: o(2000) }), selection("b", { odds: o(2000) })];
    const boosted = setBonus(bet("combo", legs, { stake: 1000 }), {
      bonusId: "3",
      bonusType: "comboboost",
      ranges: [{ minCount: 2, maxCount: 5, bonusOdds: o(1100) }],
    });
    expect(ticketBetReturn(boosted)).toBe(4400);
  });
});
