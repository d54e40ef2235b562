import { describe, expect, it } from "vitest";
import type { Currency } from "./money.js";
import { oddsFromThousandths } from "./odds.js";
import { bet, selection } from "./test-support.js";
import { setBonus } from "./ticket-bonus.js";
import {
  setTicketStake,
  stakeForPotentialWin,
  ticketBetPayout,
  ticketBetReturn,
  ticketSystemFigures,
} from "./ticket-stake.js";

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

describe("system figures a player reads", () => {
  it("a 2/8 at €2.80: 28 lines of €0.10, from one line of the two shortest prices to every line", () => {
    const prices = [1500, 1800, 2000, 2200, 2500, 3000, 1600, 4000];
    const legs = prices.map((p, i) => selection(`s${i}`, { matchId: `m${i}`, odds: o(p) }));
    const b = bet("system", legs, { stake: 280, systemType: { winCount: 2, totalCount: 8 } });
    const figures = ticketSystemFigures(b);
    expect(figures).toEqual({ lines: 28, lineStake: 10, least: 24, most: ticketBetPayout(b) });
    // 0.10 × 1.50 × 1.60 = 0.24: the least a winning 2/8 pays
    expect(figures?.most).toBeGreaterThan(figures?.least ?? 0);
  });

  it("is undefined for a combo, and a cap bounds both ends", () => {
    expect(
      ticketSystemFigures(bet("combo", [selection("a"), selection("b")], { stake: 100 })),
    ).toBeUndefined();
    const legs = [
      selection("a", { odds: o(10_000) }),
      selection("b", { odds: o(10_000) }),
      selection("c", { odds: o(10_000) }),
    ];
    const b = bet("system", legs, { stake: 3000, systemType: { winCount: 2, totalCount: 3 } });
    expect(ticketSystemFigures(b, 5000)).toMatchObject({ least: 5000, most: 5000 });
  });
});
