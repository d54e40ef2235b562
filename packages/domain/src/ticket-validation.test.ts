import { describe, expect, it } from "vitest";
import type { Currency } from "./money.js";
import { oddsFromThousandths } from "./odds.js";
import { bet, selection } from "./test-support.js";
import { setBonus } from "./ticket-bonus.js";
import { betIssues, minimumStake, placeBlockers, stakeProblems } from "./ticket-validation.js";

const o = oddsFromThousandths;
const EUR: Currency = { code: "EUR", subunits: 2, fiat: true };
const KWD: Currency = { code: "KWD", subunits: 3, fiat: true };

describe("place validation (SPEC §5)", () => {
  it("§5 place is disabled when there are no bets", () => {
    expect(placeBlockers([], EUR)).toEqual(["no_bets"]);
  });

  it("§5 place is disabled when any stake is not above 0; a positive freebet stake counts", () => {
    const bets = [
      bet("single", [selection("a")], { stake: 100 }),
      bet("single", [selection("b")], { stake: 0 }),
    ];
    expect(placeBlockers(bets, EUR)).toEqual(["stake_not_positive"]);
    const freebet = [bet("single", [selection("a")], { stake: 0, freebetStake: 500 })];
    expect(placeBlockers(freebet, EUR)).toEqual([]);
    // a freebet at 1.80 pays only 4.00 of winnings, but the bet returns 9.00: it can be placed
    const lowOdds = bet("single", [selection("a", { odds: oddsFromThousandths(1800) })], { stake: 500 });
    expect(
      placeBlockers([setBonus(lowOdds, { bonusId: "1", bonusType: "freebet", freebetStake: 500 })], EUR),
    ).toEqual([]);
  });

  it("§5 place is disabled when the first bet is invalid", () => {
    const sameMatch = bet("combo", [selection("a", { matchId: "m" }), selection("b", { matchId: "m" })], {
      stake: 100,
    });
    expect(placeBlockers([sameMatch], EUR)).toEqual(["first_bet_invalid"]);
    expect(betIssues(sameMatch)).toEqual(["not_combinable"]);
    const suspended = bet("single", [selection("a", { isSuspended: true, isChanged: true })], { stake: 100 });
    expect(betIssues(suspended)).toEqual(["selection_suspended", "odds_changed"]);
    expect(betIssues(bet("system", [selection("a"), selection("b"), selection("c")]))).toEqual([
      "no_system_type",
    ]);
    expect(betIssues(bet("custom_bet", [selection("a")]))).toEqual(["no_custom_odds"]);
  });

  it("§5 place is disabled when the potential return equals the stake, rounded for fiat, checked per single", () => {
    const short = bet("single", [selection("a", { odds: o(1001) })], { stake: 100 });
    expect(placeBlockers([short], EUR)).toEqual(["no_win"]);
    const fine = bet("single", [selection("b", { odds: o(1001) })], { stake: 1000 });
    expect(placeBlockers([fine], EUR)).toEqual([]);
    expect(placeBlockers([fine, short], EUR)).toEqual(["no_win"]);
    // 10.000 KWD at 1.0004… shown to 2 decimals: 10.004 rounds to 10.00, no visible win.
    const kwd = bet("single", [selection("c", { odds: o(1001) })], { stake: 4000, currency: "KWD" });
    expect(placeBlockers([kwd], KWD)).toEqual(["no_win"]);
  });
});

describe("custom_bet_allow_single (SPEC §3)", () => {
  const custom = bet("custom_bet", [selection("a", { matchId: "m" }), selection("b", { matchId: "m" })], {
    stake: 500,
    customOdds: o(3500),
  });

  it("§3 with custom_bet_allow_single false a bet-builder bet alone cannot be placed", () => {
    expect(placeBlockers([custom], EUR, undefined, false)).toEqual(["custom_bet_alone"]);
  });

  it("§3 with custom_bet_allow_single true, or unset, a bet-builder bet alone can be placed", () => {
    expect(placeBlockers([custom], EUR, undefined, true)).toEqual([]);
    expect(placeBlockers([custom], EUR)).toEqual([]);
  });

  it("§3 a bet-builder bet beside another bet is not alone, whatever the setting", () => {
    const single = bet("single", [selection("c", { matchId: "n" })], { stake: 500 });
    expect(placeBlockers([custom, single], EUR, undefined, false)).toEqual([]);
  });
});

describe("stake limits before placing (SPEC §5)", () => {
  const eight = ["a", "b", "c", "d", "e", "f", "g", "h"].map((id) => selection(id, { matchId: id }));
  const twoOfEight = { winCount: 2, totalCount: 8 };

  it("the least stake is ten stake steps: €0.10, and 0.010 of a three-decimal currency", () => {
    expect(minimumStake(EUR)).toBe(10);
    expect(minimumStake(KWD)).toBe(100);
  });

  it("a €0.01 single is below the minimum; €0.10 is not", () => {
    expect(stakeProblems([bet("single", [selection("a")], { stake: 1 })], EUR)).toEqual([
      { issue: "below_minimum", betIndex: 0, limit: 10 },
    ]);
    expect(stakeProblems([bet("single", [selection("a")], { stake: 10 })], EUR)).toEqual([]);
  });

  it("a 2/8 system at 1.8 cents a line is refused by its per-line minimum: 28 lines need €2.80", () => {
    const low = bet("system", eight, { stake: 50, systemType: twoOfEight });
    expect(stakeProblems([low], EUR)).toEqual([
      { issue: "line_below_minimum", betIndex: 0, limit: 280, lines: 28, line: 10 },
    ]);
    expect(stakeProblems([{ ...low, stake: 280 }], EUR)).toEqual([]);
  });

  it("the stakes together above the balance, and a stake above the bet's maximum, are told", () => {
    const bets = [
      bet("single", [selection("a")], { stake: 600 }),
      bet("single", [selection("b")], { stake: 500 }),
    ];
    expect(stakeProblems(bets, EUR, { balance: 1000, maxStakes: [1000, 400] })).toEqual([
      // the quick deposit offers the 1.00 the stakes need beyond the balance
      { issue: "above_balance", limit: 1000, shortfall: 100 },
      { issue: "above_maximum", betIndex: 1, limit: 400 },
    ]);
    // a maximum of 0 says the bet cannot be placed now; other rules say why
    expect(stakeProblems(bets, EUR, { balance: 2000, maxStakes: [0, undefined] })).toEqual([]);
  });

  it("a stake a freebet pays is the bonus's: no minimum, balance or maximum applies to it", () => {
    const freebet = bet("single", [selection("a")], { stake: 5, freebetStake: 5 });
    expect(stakeProblems([freebet], EUR, { balance: 0, maxStakes: [1] })).toEqual([]);
  });
});
