import type { PlacedBet } from "@sportsbook/contracts/http/bets";
import { betIdFrom } from "@sportsbook/domain";
import { describe, expect, it } from "vitest";
import { applyBetChanged, applyCashoutChanged, filterBets } from "./bet-list";

const money = (value: number) => ({ value, currency: "EUR", subunits: 2 });
function bet(id: number, over: Partial<PlacedBet> = {}): PlacedBet {
  return {
    id: betIdFrom(id),
    ref: `R${id}`,
    type: "single",
    status: "waiting_results",
    result: "no_results",
    stake: money(100),
    potential_win: money(250),
    win_amount: null,
    odds: 2500,
    custom_odds: null,
    selections: [],
    created_at: `2026-11-24T10:00:0${id}Z`,
    settled_at: null,
    to_cashout: money(90),
    cashed_out: money(0),
    bonus: null,
    system: null,
    used_in_jackpot: false,
    is_vip: false,
    ...over,
  };
}

describe("the bet list follows bet events (SPEC §4)", () => {
  it("a settled bet updates in place with its result and paid amount, and loses its cashout", () => {
    const { bets, known } = applyBetChanged([bet(1), bet(2)], {
      type: "bet_changed",
      bet_id: betIdFrom(2),
      status: "done",
      result: "win_entire",
      win_amount: 250,
    });
    expect(known).toBe(true);
    expect(bets[1]).toMatchObject({
      status: "done",
      result: "win_entire",
      win_amount: money(250),
      to_cashout: null,
    });
    expect(bets[0]).toEqual(bet(1));
  });

  it("a VIP bet that becomes rejected leaves the list; an unknown bet asks for a fresh read", () => {
    expect(
      applyBetChanged([bet(1, { is_vip: true })], {
        type: "bet_changed",
        bet_id: betIdFrom(1),
        status: "rejected",
      }).bets,
    ).toEqual([]);
    expect(
      applyBetChanged([bet(1)], { type: "bet_changed", bet_id: betIdFrom(1), status: "rejected" }).bets,
    ).toHaveLength(1);
    expect(
      applyBetChanged([bet(1)], { type: "bet_changed", bet_id: betIdFrom(9), status: "done" }).known,
    ).toBe(false);
  });

  it("a cashout offer moves or goes away", () => {
    const moved = applyCashoutChanged([bet(1)], {
      type: "bet_cashout_changed",
      bet_id: betIdFrom(1),
      to_cashout: 120,
    });
    expect(moved[0]?.to_cashout).toEqual(money(120));
    expect(
      applyCashoutChanged(moved, { type: "bet_cashout_changed", bet_id: betIdFrom(1), to_cashout: null })[0]
        ?.to_cashout,
    ).toBeNull();
  });

  it("filters by open/settled and by result, newest first; a settled bet moves between filters", () => {
    const list = [
      bet(1),
      bet(2, { status: "done", result: "lose_entire" }),
      bet(3, { status: "done", result: "refund_entire" }),
    ];
    expect(filterBets(list, "open", "all").map((b) => b.id)).toEqual([1]);
    expect(filterBets(list, "settled", "all").map((b) => b.id)).toEqual([3, 2]);
    expect(filterBets(list, "all", "refund").map((b) => b.id)).toEqual([3]);
    const settled = applyBetChanged(list, {
      type: "bet_changed",
      bet_id: betIdFrom(1),
      status: "done",
      result: "win_entire",
    }).bets;
    expect(filterBets(settled, "open", "all")).toEqual([]);
    expect(filterBets(settled, "settled", "win").map((b) => b.id)).toEqual([1]);
  });
});
