import type { BetTickerEvent } from "@sportsbook/contracts/bet-ticker";
import { describe, expect, it } from "vitest";
import { NO_FILTER, passes, stakeBoundUnreadable } from "./ticker-filter";

const entry = (patch: Partial<BetTickerEvent> = {}): BetTickerEvent => ({
  type: "bet_ticker",
  kind: "placed",
  bet_id: 7,
  bet_ref: "AB12CD34EF",
  player_id: 42,
  status: "waiting_results",
  result: "no_results",
  currency: "EUR",
  subunits: 2,
  stake: 10_00,
  amount: null,
  legs: [
    { match_id: 3, match_name: "A vs B", sport_id: 1, sport_name: "Soccer", live: false },
    { match_id: 9, match_name: "C vs D", sport_id: 5, sport_name: "Tennis", live: true },
  ],
  at: "2026-11-28T20:00:00.000Z",
  ...patch,
});

describe("the ticker's filters", () => {
  it("lets everything through when empty", () => {
    expect(passes(entry(), NO_FILTER)).toBe(true);
  });

  it("keeps a bet with any leg of the sport or match asked for", () => {
    expect(passes(entry(), { ...NO_FILTER, sportId: "5" })).toBe(true);
    expect(passes(entry(), { ...NO_FILTER, sportId: "2" })).toBe(false);
    expect(passes(entry(), { ...NO_FILTER, matchId: "3" })).toBe(true);
    expect(passes(entry(), { ...NO_FILTER, matchId: "4" })).toBe(false);
  });

  it("matches the player by id", () => {
    expect(passes(entry(), { ...NO_FILTER, playerId: " 42 " })).toBe(true);
    expect(passes(entry(), { ...NO_FILTER, playerId: "4" })).toBe(false);
  });

  it("keeps live-only bets with a leg in play", () => {
    expect(passes(entry(), { ...NO_FILTER, liveOnly: true })).toBe(true);
    const prematch = entry({
      legs: [{ match_id: 3, match_name: "A vs B", sport_id: 1, sport_name: "Soccer", live: false }],
    });
    expect(passes(prematch, { ...NO_FILTER, liveOnly: true })).toBe(false);
  });

  it("reads the stake bound in the bet's currency and keeps only stakes strictly above it", () => {
    expect(passes(entry(), { ...NO_FILTER, stakeAbove: "9.99" })).toBe(true);
    expect(passes(entry(), { ...NO_FILTER, stakeAbove: "10" })).toBe(false);
    expect(passes(entry(), { ...NO_FILTER, stakeAbove: "50" })).toBe(false);
    // 1000 yen have no minor units: the bound 999 is 999 of them
    const yen = entry({ currency: "JPY", subunits: 0, stake: 1000 });
    expect(passes(yen, { ...NO_FILTER, stakeAbove: "999" })).toBe(true);
    expect(passes(yen, { ...NO_FILTER, stakeAbove: "1000" })).toBe(false);
  });

  it("ignores a stake bound that is not an amount rather than hiding everything, and says so", () => {
    expect(passes(entry(), { ...NO_FILTER, stakeAbove: "ten" })).toBe(true);
    expect(stakeBoundUnreadable("ten")).toBe(true);
    expect(stakeBoundUnreadable("-5")).toBe(true);
    expect(stakeBoundUnreadable("12.5")).toBe(false);
    expect(stakeBoundUnreadable("")).toBe(false);
  });
});
