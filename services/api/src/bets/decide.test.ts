import { type BetInput, errorCatalogue } from "@sportsbook/contracts";
import {
  MARKET_STATUS,
  MATCH_STATUS,
  marketIdFrom,
  matchIdFrom,
  oddsFromThousandths,
  outcomeIdFrom,
} from "@sportsbook/domain";
import { describe, expect, it } from "vitest";
import { decideBet } from "./decide.js";
import { type SelectionState, selectionKey } from "./placement-inputs.js";

const key = {
  match_id: matchIdFrom(7),
  market_id: marketIdFrom(1),
  specifier: "",
  outcome_id: outcomeIdFrom("1"),
};
const bet: BetInput = {
  type: "single",
  stake: { value: 1_000, currency: "EUR" },
  selections: [{ ...key, odds: oddsFromThousandths(2_000) }],
};
const state: SelectionState = {
  matchId: 7,
  matchUrnId: "sr:match:7",
  matchSlug: "home-away",
  matchName: "Home – Away",
  storedMatchName: "Home vs Away",
  matchStatus: MATCH_STATUS.live,
  startTime: new Date(Date.UTC(2026, 10, 28, 12)),
  sportKey: "soccer",
  sportId: 1,
  sportName: "Soccer",
  provider: "betradar",
  marketRowId: 70,
  marketName: "1x2",
  marketStatus: MARKET_STATUS.allowed,
  customBetGroups: [],
  outcomeName: "Home",
  odds: 2_000,
  active: true,
};
const states = new Map([[selectionKey(key), state]]);
const rules = { mode: "none" as const, maxPayout: 10_000_000 };

describe("a selection on stale prices", () => {
  it("is refused as suspended, its market open or not, when its producer has gone silent", () => {
    const decision = decideBet(bet, states, { ...rules, stale: (s) => s.provider === "betradar" });
    expect(decision).toEqual({
      ok: false,
      refusal: {
        code: errorCatalogue.selectionSuspended.code,
        reason: "selection_suspended",
        selections: [{ ...key, odds: 2_000, active: false }],
      },
    });
  });

  it("is taken while its producer is fresh", () => {
    expect(decideBet(bet, states, { ...rules, stale: () => false }).ok).toBe(true);
    expect(decideBet(bet, states, rules).ok).toBe(true);
  });
});
