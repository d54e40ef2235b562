import { describe, expect, it } from "vitest";
import type { SlipBonus, SlipSelection } from "./bet.js";
import type { Currency } from "./money.js";
import { exchangeRate } from "./money.js";
import { type Odds, oddsFromThousandths } from "./odds.js";
import { selection } from "./test-support.js";
import { ticketTransition } from "./ticket-reducer.js";
import {
  initialTicketState,
  type StoredTicketBet,
  type TicketAction,
  type TicketState,
} from "./ticket-state.js";

const o = oddsFromThousandths;
const EUR: Currency = { code: "EUR", subunits: 2, fiat: true };
const USD: Currency = { code: "USD", subunits: 2, fiat: true };

function start(overrides: Partial<TicketState["config"]> = {}): TicketState {
  return initialTicketState({
    currency: EUR,
    oddsAcceptMode: "none",
    multiSingleAvailableByProvider: {},
    providerStatuses: {},
    ...overrides,
  });
}

function run(state: TicketState, ...actions: TicketAction[]): TicketState {
  return actions.reduce((s, a) => ticketTransition(s, a).state, state);
}

const pick = (s: SlipSelection): TicketAction => ({ type: "outcomeSelected", selection: s });
const market = (outcomeId: string, odds: number, active = true, status = 1) => ({
  marketId: "1",
  specifier: "",
  status,
  outcomes: [{ id: outcomeId, active, odds: odds as Odds }],
});

function twoLegCombo(stake = 1000): TicketState {
  return run(start(), pick(selection("a")), pick(selection("b")), {
    type: "stakeSet",
    betIndex: 0,
    amount: stake,
    source: "stake",
  });
}

describe("ticket flow states (SPEC §4)", () => {
  it("§4 adding selections resets to initial", () => {
    const s = run(start(), pick(selection("a")));
    expect(s.ticketState).toBe("INITIAL");
    expect(s.selectedOutcomeIds).toEqual(["a"]);
  });

  it("§4 adding selections gives odds-changed if any bet has changed odds", () => {
    let s = run(start(), pick(selection("a")), {
      type: "marketsUpdated",
      matchId: "match-a",
      markets: [market("a", 2100)],
    });
    expect(s.ticketState).toBe("ODDS_CHANGED");
    s = run(s, pick(selection("b")));
    expect(s.ticketState).toBe("ODDS_CHANGED");
  });

  it("§4 selecting an already selected outcome removes it", () => {
    const s = run(start(), pick(selection("a")), pick(selection("b")), pick(selection("a")));
    expect(s.selectedOutcomeIds).toEqual(["b"]);
    expect(s.bets[0]?.betType).toBe("single");
  });

  it("§4 placing bets: error cleared, inProgress set, the bets with stake above 0 submitted", () => {
    const failed = run(
      twoLegCombo(),
      { type: "placeRequested", isLoggedIn: true },
      { type: "placeFailed", failure: { code: "x", message: "error.place_bets.default" } },
    );
    expect(failed.error).not.toBeNull();
    const t = ticketTransition(failed, { type: "placeRequested", isLoggedIn: true });
    expect(t.state).toMatchObject({ ticketState: "PROCESSING", inProgress: true, error: null });
    expect(t.state.processingBets.map((b) => b.stake)).toEqual([1000]);
    expect(t.effects).toEqual([{ type: "submitBets", bets: t.state.processingBets }]);
  });

  it("§4 only bets with stake above 0 are sent", () => {
    const s = run(
      start({ multiSingleAvailableByProvider: { betradar: true } }),
      pick(selection("a")),
      pick(selection("b")),
      { type: "stakeSet", betIndex: 0, amount: 500, source: "stake" },
      { type: "stakeSet", betIndex: 1, amount: 200, source: "stake" },
    );
    const withZero = { ...s, bets: s.bets.map((b, i) => (i === 1 ? { ...b, stake: 0 } : b)) };
    // §5 any stake not above 0 disables placing: nothing is processed.
    expect(ticketTransition(withZero, { type: "placeRequested", isLoggedIn: true }).effects).toEqual([]);
    const placed = ticketTransition(s, { type: "placeRequested", isLoggedIn: true });
    expect(placed.state.processingBets).toHaveLength(2);
  });

  it("§4 state error or initial clears processing bets", () => {
    const processing = run(twoLegCombo(), { type: "placeRequested", isLoggedIn: true });
    expect(processing.processingBets).toHaveLength(1);
    const failed = run(processing, {
      type: "placeFailed",
      failure: { code: 101, message: "error.place_bets.invalid_odds", isWrongOdds: true },
    });
    expect(failed.ticketState).toBe("ERROR");
    expect(failed.processingBets).toEqual([]);
    expect(failed.inProgress).toBe(false);
  });

  it("§4 market updates set odds-changed unless in progress or done", () => {
    const processing = run(twoLegCombo(), { type: "placeRequested", isLoggedIn: true });
    const during = run(processing, {
      type: "marketsUpdated",
      matchId: "match-a",
      markets: [market("a", 2500)],
    });
    expect(during.ticketState).toBe("PROCESSING");
    const done = run(processing, { type: "placeSucceeded", betIds: ["bet-1"] });
    expect(
      run(done, { type: "marketsUpdated", matchId: "match-a", markets: [market("a", 2500)] }).ticketState,
    ).toBe("SUCCESS");
  });

  it("§4 accepting odds changes returns to initial", () => {
    const changed = run(twoLegCombo(), {
      type: "marketsUpdated",
      matchId: "match-a",
      markets: [market("a", 2500)],
    });
    expect(changed.ticketState).toBe("ODDS_CHANGED");
    const accepted = run(changed, { type: "oddsChangesAccepted" });
    expect(accepted.ticketState).toBe("INITIAL");
    expect(accepted.bets[0]?.selections[0]).toMatchObject({
      odds: 2500,
      acceptedOdds: 2500,
      isChanged: false,
    });
  });

  it("§4 provider status update marks selections from inactive providers unavailable", () => {
    const s = run(twoLegCombo(), { type: "providerStatusesChanged", statuses: { betradar: false } });
    expect(s.bets[0]?.selections.every((x) => x.isNotAvailable)).toBe(true);
    const back = run(s, { type: "providerStatusesChanged", statuses: { betradar: true } });
    expect(back.bets[0]?.selections.some((x) => x.isNotAvailable)).toBe(false);
  });

  it("§4 placed or finished states clear selections; on success: success with placed bets", () => {
    const s = run(
      twoLegCombo(),
      { type: "placeRequested", isLoggedIn: true },
      { type: "placeSucceeded", betIds: ["bet-1"] },
    );
    expect(s.ticketState).toBe("SUCCESS");
    expect(s.bets).toEqual([]);
    expect(s.selectedOutcomeIds).toEqual([]);
    expect(s.placedBets.map((b) => b.betId)).toEqual(["bet-1"]);
  });

  it("§4 placing while not logged in returns to initial and opens sign-in", () => {
    const t = ticketTransition(twoLegCombo(), { type: "placeRequested", isLoggedIn: false });
    expect(t.state.ticketState).toBe("INITIAL");
    expect(t.state.inProgress).toBe(false);
    expect(t.effects).toEqual([{ type: "openSignIn" }]);
  });

  it("§4 a coded API error (not unauthorised) gives error with the §8 message and the §5 wrong-odds flag", () => {
    // What a code means (its message, whether the odds moved) is the contracts' place-errors reading.
    const processing = run(twoLegCombo(), { type: "placeRequested", isLoggedIn: true });
    const invalid = run(processing, {
      type: "placeFailed",
      failure: {
        code: "101",
        message: "error.place_bets.invalid_odds",
        isWrongOdds: true,
        messagesByBet: { "0": "Odds changed" },
      },
    });
    expect(invalid.error).toMatchObject({
      message: "error.place_bets.invalid_odds",
      isWrongOddsError: true,
      code: "101",
    });
    const other = run(processing, {
      type: "placeFailed",
      failure: { code: "limit_exceeded", message: "error.place_bets.default" },
    });
    expect(other.error).toMatchObject({ message: "error.place_bets.default", isWrongOddsError: false });
    // §8 per-bet messages can be cleared by bet.
    expect(run(invalid, { type: "betErrorCleared", betIndex: 0 }).error?.messagesByBet).toEqual({});
  });

  it("§4 otherwise (unauthorised or no code) reset to initial and a generic error alert", () => {
    const processing = run(twoLegCombo(), { type: "placeRequested", isLoggedIn: true });
    for (const failure of [{}, { code: "unauthorized", status: 401 }, { code: "101" }]) {
      const t = ticketTransition(processing, { type: "placeFailed", failure });
      expect(t.state.ticketState).toBe("INITIAL");
      expect(t.effects).toEqual([
        {
          type: "alert",
          title: "global-error.default.title",
          description: "global-error.default.description",
        },
      ]);
    }
  });

  it("§4 clearing the slip resets everything except system types", () => {
    const custom = run(start(), { type: "systemTypesLoaded", systemTypes: [{ winCount: 2, totalCount: 3 }] });
    const s = run(custom, pick(selection("a")), pick(selection("b")), { type: "ticketCleared" });
    expect(s.bets).toEqual([]);
    expect(s.systemTypes).toEqual([{ winCount: 2, totalCount: 3 }]);
    expect(s.ticketState).toBe("INITIAL");
  });
});

describe("bet type changes through the slip (SPEC §4)", () => {
  it("§4 switching type is ignored when not allowed and applied when allowed", () => {
    const combo = twoLegCombo();
    expect(run(combo, { type: "betTypeSwitched", betType: "system" })).toEqual(combo);
    const three = run(combo, pick(selection("c")), { type: "betTypeSwitched", betType: "system" });
    expect(three.bets[0]).toMatchObject({ betType: "system", systemType: { winCount: 2, totalCount: 3 } });
    const set = run(three, pick(selection("d")), {
      type: "systemTypeSet",
      systemType: { winCount: 3, totalCount: 4 },
    });
    expect(set.bets[0]?.systemType).toEqual({ winCount: 3, totalCount: 4 });
  });

  it("§4 a custom bet added to an empty slip opens the custom-bet modal", () => {
    const legs = [selection("a", { matchId: "m" }), selection("b", { matchId: "m" })];
    const t = ticketTransition(start(), { type: "customBetAdded", selections: legs, customOdds: o(3500) });
    expect(t.state.bets[0]).toMatchObject({ betType: "custom_bet", customOdds: 3500 });
    expect(t.effects).toEqual([{ type: "openModal", modal: "custom-bet-ticket" }]);
  });

  it("§3 custom_bet_allow_single false: placing a lone custom bet submits nothing; allowed, it submits", () => {
    const legs = [selection("a", { matchId: "m" }), selection("b", { matchId: "m" })];
    const add = { type: "customBetAdded", selections: legs, customOdds: o(3500) } as const;
    const stake = { type: "stakeSet", betIndex: 0, amount: 500, source: "stake" } as const;
    const refused = ticketTransition(run(start({ customBetAllowSingle: false }), add, stake), {
      type: "placeRequested",
      isLoggedIn: true,
    });
    expect(refused.effects).toEqual([]);
    expect(refused.state.ticketState).toBe("INITIAL");
    const allowed = ticketTransition(run(start({ customBetAllowSingle: true }), add, stake), {
      type: "placeRequested",
      isLoggedIn: true,
    });
    expect(allowed.effects).toMatchObject([{ type: "submitBets" }]);
  });
});

describe("odds refresh (SPEC §4)", () => {
  it("a pick follows its market to the end: settled or cancelled, it is no longer available, not suspended", () => {
    for (const status of [-3, -4, 0]) {
      const s = run(twoLegCombo(), {
        type: "marketsUpdated",
        matchId: "match-a",
        markets: [market("a", 2000, true, status)],
      });
      expect(s.bets[0]?.selections[0]).toMatchObject({
        isSuspended: false,
        isNotAvailable: true,
        marketClosed: true,
      });
      // and stays so when its match's status moves on
      const later = run(s, { type: "matchStatusChanged", matchId: "match-a", status: 1 });
      expect(later.bets[0]?.selections[0]?.isNotAvailable).toBe(true);
    }
  });

  it("§4 a selection whose market or outcome is missing or inactive is suspended", () => {
    const s = twoLegCombo();
    expect(
      run(s, { type: "marketsUpdated", matchId: "match-a", markets: [] }).bets[0]?.selections[0]?.isSuspended,
    ).toBe(true);
    expect(
      run(s, { type: "marketsUpdated", matchId: "match-a", markets: [market("a", 2000, false)] }).bets[0]
        ?.selections[0]?.isSuspended,
    ).toBe(true);
    expect(
      run(s, { type: "marketsUpdated", matchId: "match-a", markets: [market("a", 2000, true, -1)] }).bets[0]
        ?.selections[0]?.isSuspended,
    ).toBe(true);
    expect(
      run(s, { type: "marketsUpdated", matchId: "match-a", markets: [market("other", 2000)] }).bets[0]
        ?.selections[0]?.isSuspended,
    ).toBe(true);
  });

  it("§4 odds-change policy none flags any change", () => {
    const s = run(twoLegCombo(), {
      type: "marketsUpdated",
      matchId: "match-a",
      markets: [market("a", 2500)],
    });
    expect(s.bets[0]?.selections[0]).toMatchObject({ odds: 2500, acceptedOdds: 2000, isChanged: true });
  });

  it("§4 odds-change policy higher flags only drops", () => {
    const base = run(start({ oddsAcceptMode: "higher" }), pick(selection("a")), pick(selection("b")));
    const up = run(base, { type: "marketsUpdated", matchId: "match-a", markets: [market("a", 2500)] });
    expect(up.bets[0]?.selections[0]).toMatchObject({ odds: 2500, acceptedOdds: 2500, isChanged: false });
    expect(up.ticketState).toBe("INITIAL");
    const down = run(base, { type: "marketsUpdated", matchId: "match-a", markets: [market("a", 1800)] });
    expect(down.bets[0]?.selections[0]).toMatchObject({ odds: 1800, acceptedOdds: 2000, isChanged: true });
    expect(down.ticketState).toBe("ODDS_CHANGED");
  });

  it("§4 odds-change policy any auto-accepts", () => {
    const s = run(start(), { type: "oddsAcceptModeSet", mode: "any" }, pick(selection("a")), {
      type: "marketsUpdated",
      matchId: "match-a",
      markets: [market("a", 1500)],
    });
    expect(s.bets[0]?.selections[0]).toMatchObject({ odds: 1500, acceptedOdds: 1500, isChanged: false });
    expect(s.ticketState).toBe("INITIAL");
  });

  it("§4 with stake source potentialWin the stake is rescaled after an odds change", () => {
    const s = run(start({ oddsAcceptMode: "any" }), pick(selection("a")), {
      type: "stakeSet",
      betIndex: 0,
      amount: 5000,
      source: "potentialWin",
    });
    expect(s.bets[0]).toMatchObject({ stake: 2500, potentialWin: 5000, stakeSource: "potentialWin" });
    const after = run(s, { type: "marketsUpdated", matchId: "match-a", markets: [market("a", 4000)] });
    expect(after.bets[0]?.stake).toBe(1250);
  });

  it("§4 changing currency resets stake to 0 and stakeSource to sharing", () => {
    const s = run(twoLegCombo(), { type: "currencyChanged", currency: USD });
    expect(s.bets[0]).toMatchObject({ stake: 0, stakeSource: "sharing", currency: "USD" });
    expect(s.config.currency).toEqual(USD);
  });

  it("§4 accepting changes drops suspended or unavailable selections and resets flags", () => {
    const s = run(
      start(),
      pick(selection("a")),
      pick(selection("b")),
      pick(selection("c")),
      { type: "marketsUpdated", matchId: "match-a", markets: [] },
      { type: "matchStatusChanged", matchId: "match-b", status: 4 },
      { type: "marketsUpdated", matchId: "match-c", markets: [market("c", 2200)] },
      { type: "oddsChangesAccepted" },
    );
    expect(s.selectedOutcomeIds).toEqual(["c"]);
    expect(s.bets[0]).toMatchObject({ betType: "single" });
    expect(s.bets[0]?.selections[0]).toMatchObject({ isChanged: false, acceptedOdds: 2200 });
  });

  it("§4 accepting changes drops a custom bet whose match is neither prematch nor live", () => {
    const legs = [selection("a", { matchId: "m" }), selection("b", { matchId: "m" })];
    const s = run(
      start(),
      { type: "customBetAdded", selections: legs, customOdds: o(3500) },
      { type: "matchStatusChanged", matchId: "m", status: 2 },
      { type: "oddsChangesAccepted" },
    );
    expect(s.bets).toEqual([]);
  });
});

describe("bonus selection (SPEC §4)", () => {
  const freebet: SlipBonus = { bonusId: "f1", bonusType: "freebet", freebetStake: 700 };
  const hunting: SlipBonus = { bonusId: "h1", bonusType: "hunting" };
  const tournament: SlipBonus = { bonusId: "t1", bonusType: "tournament" };
  const boost: SlipBonus = {
    bonusId: "c1",
    bonusType: "comboboost",
    ranges: [
      { minCount: 2, maxCount: 3, bonusOdds: o(1050) },
      { minCount: 4, maxCount: 40, bonusOdds: o(1100) },
    ],
  };

  it("§4 a freebet sets stake to its freebet stake; removing it sets stake to 0", () => {
    const s = run(twoLegCombo(), { type: "bonusSet", betIndex: 0, bonus: freebet });
    expect(s.bets[0]).toMatchObject({ stake: 700, freebetStake: 700 });
    expect(run(s, { type: "bonusSet", betIndex: 0, bonus: null }).bets[0]).toMatchObject({
      stake: 0,
      freebetStake: 0,
    });
  });

  it("no bonus is chosen by default but a boost the bet qualifies for: not a hunting, tournament or freebet", () => {
    const s = twoLegCombo();
    const all = run(s, {
      type: "availableBonusesChanged",
      betIndex: 0,
      bonuses: [hunting, tournament, freebet, boost],
    });
    expect(all.bets[0]).toMatchObject({ bonus: { bonusId: "c1" }, bonusOdds: 1050 });
    const noBoost = run(s, {
      type: "availableBonusesChanged",
      betIndex: 0,
      bonuses: [hunting, tournament, freebet],
    });
    expect(noBoost.bets[0]?.bonus).toBeUndefined();
    expect(noBoost.bets[0]?.stake).toBe(1000);
  });

  it("a boost the bet stops qualifying for is dropped; one it reaches again is applied", () => {
    const strict: SlipBonus = { ...boost, ranges: [{ minCount: 3, maxCount: 40, bonusOdds: o(1050) }] };
    const two = run(twoLegCombo(), { type: "availableBonusesChanged", betIndex: 0, bonuses: [strict] });
    expect(two.bets[0]?.bonus).toBeUndefined();
    const three = run(two, pick(selection("c")), {
      type: "availableBonusesChanged",
      betIndex: 0,
      bonuses: [strict],
    });
    expect(three.bets[0]).toMatchObject({ bonus: { bonusId: "c1" }, bonusOdds: 1050 });
    const back = run(
      three,
      { type: "selectionRemoved", selectionId: "c" },
      {
        type: "availableBonusesChanged",
        betIndex: 0,
        bonuses: [strict],
      },
    );
    expect(back.bets[0]?.bonus).toBeUndefined();
  });

  it("a bonus the player chose is kept while offered", () => {
    const s = run(
      twoLegCombo(),
      { type: "availableBonusesChanged", betIndex: 0, bonuses: [tournament, boost] },
      { type: "bonusSet", betIndex: 0, bonus: tournament },
      { type: "availableBonusesChanged", betIndex: 0, bonuses: [tournament, boost] },
    );
    expect(s.bets[0]?.bonus?.bonusId).toBe("t1");
  });

  it("keeps the jackpots a bet plays for on that bet only", () => {
    const s = run(twoLegCombo(), { type: "jackpotsChanged", betIndex: 0, jackpots: ["7"] });
    expect(s.bets[0]?.jackpots).toEqual(["7"]);
    expect(run(s, { type: "jackpotsChanged", betIndex: 0, jackpots: [] }).bets[0]?.jackpots).toEqual([]);
  });

  it("§4 a freebet no longer available resets stake to 0", () => {
    const s = run(
      twoLegCombo(),
      { type: "availableBonusesChanged", betIndex: 0, bonuses: [freebet] },
      { type: "bonusSet", betIndex: 0, bonus: freebet },
      { type: "availableBonusesChanged", betIndex: 0, bonuses: [] },
    );
    expect(s.bets[0]).toMatchObject({ stake: 0, freebetStake: 0 });
    expect(s.bets[0]?.bonus).toBeUndefined();
  });

  it("§4 freebet stake replaces stake when positive", () => {
    const s = run(
      twoLegCombo(),
      { type: "bonusSet", betIndex: 0, bonus: freebet },
      { type: "placeRequested", isLoggedIn: true },
    );
    expect(s.processingBets[0]?.freebetStake).toBe(700);
  });

  it("§4 opening odds of a comboboost come from the active range", () => {
    const s = run(twoLegCombo(), { type: "bonusSet", betIndex: 0, bonus: boost });
    expect(s.bets[0]).toMatchObject({ bonusOdds: 1050, bonus: { activeRangeIndex: 0 } });
    const four = run(s, pick(selection("c")), pick(selection("d")));
    expect(four.bets[0]).toMatchObject({ bonusOdds: 1100, bonus: { activeRangeIndex: 1 } });
  });

  it("§4 a lootbox bonus with no own bonus uses the available lootbox bonus", () => {
    const lootbox: SlipBonus = { bonusId: "l1", bonusType: "lootbox" };
    const s = run(
      twoLegCombo(),
      { type: "availableBonusesChanged", betIndex: 0, bonuses: [lootbox] },
      { type: "bonusSet", betIndex: 0, bonus: { bonusId: "", bonusType: "lootbox" } },
    );
    expect(s.bets[0]?.bonus).toEqual(lootbox);
  });
});

describe("quick bet (SPEC §4)", () => {
  const live = selection("q", { matchStatus: 1, odds: o(2000) });
  const enabled = run(start(), { type: "quickBetToggled" });

  it("§4 toggle flips enabled and resets approval", () => {
    const approved = run(enabled, { type: "quickBetStakeSet", amount: 100 }, { type: "quickBetApproved" });
    expect(approved.quickBet.isApproved).toBe(true);
    const off = run(approved, { type: "quickBetToggled" });
    expect(off.quickBet).toMatchObject({ isEnabled: false, isApproved: false });
  });

  it("§4 stake or currency change resets approval; approval needs stake above 0", () => {
    expect(run(enabled, { type: "quickBetApproved" }).quickBet.isApproved).toBe(false);
    const approved = run(enabled, { type: "quickBetStakeSet", amount: 100 }, { type: "quickBetApproved" });
    expect(run(approved, { type: "quickBetStakeSet", amount: 200 }).quickBet.isApproved).toBe(false);
    expect(run(approved, { type: "currencyChanged", currency: USD }).quickBet.isApproved).toBe(false);
  });

  it("§4 with quick bet enabled, selecting a live match outcome starts quick bet", () => {
    const s = run(enabled, pick(live));
    expect(s.quickBet.selectedOutcomeIds).toEqual(["q"]);
    expect(s.bets).toEqual([]);
  });

  it("§4 otherwise quick bet is turned off and the outcome goes to the slip", () => {
    const s = run(enabled, pick(selection("p")));
    expect(s.quickBet.isEnabled).toBe(false);
    expect(s.selectedOutcomeIds).toEqual(["p"]);
  });

  it("§4 selecting an already selected outcome removes it, else adds it", () => {
    expect(run(enabled, pick(live), pick(live)).quickBet.selectedOutcomeIds).toEqual([]);
    const other = selection("r", { matchStatus: 1 });
    expect(run(enabled, pick(live), pick(other)).quickBet.selectedOutcomeIds).toEqual(["r"]);
  });

  it("§4 placing only when approved, not processing, and no warning; with a bet in progress selection is ignored", () => {
    const ready = run(enabled, pick(live), { type: "quickBetStakeSet", amount: 100 });
    expect(ticketTransition(ready, { type: "quickBetPlaceRequested" }).effects).toEqual([]);
    const approved = run(ready, { type: "quickBetApproved" });
    const t = ticketTransition(approved, { type: "quickBetPlaceRequested" });
    expect(t.state.quickBet.state).toBe("processing");
    expect(t.effects).toEqual([{ type: "submitQuickBet", bet: expect.objectContaining({ stake: 100 }) }]);
    expect(ticketTransition(t.state, { type: "quickBetPlaceRequested" }).effects).toEqual([]);
    expect(run(t.state, pick(selection("z", { matchStatus: 1 }))).quickBet.selectedOutcomeIds).toEqual(["q"]);
    expect(run(t.state, { type: "quickBetSucceeded", betId: "b1" }).quickBet.state).toBe("success");
    expect(
      run(t.state, { type: "quickBetFailed", message: "error.place_bets.default" }).quickBet,
    ).toMatchObject({
      state: "error",
      error: "error.place_bets.default",
    });
  });

  it("§4 refused when potential win is equal or less than stake (error.potential_win.equal_or_less)", () => {
    const short = selection("s", { matchStatus: 1, odds: o(1001) });
    const s = run(
      enabled,
      pick(short),
      { type: "quickBetStakeSet", amount: 100 },
      { type: "quickBetApproved" },
      { type: "quickBetPlaceRequested" },
    );
    expect(s.quickBet).toMatchObject({ state: "error", error: "error.potential_win.equal_or_less" });
  });

  it("§4 quick bet is switched off when balance falls below stake or is zero; sign-out turns it off", () => {
    const staked = run(enabled, { type: "quickBetStakeSet", amount: 500 });
    expect(run(staked, { type: "balanceChanged", amount: 600, currency: "EUR" }).quickBet.isEnabled).toBe(
      true,
    );
    expect(run(staked, { type: "balanceChanged", amount: 400, currency: "EUR" }).quickBet.isEnabled).toBe(
      false,
    );
    expect(run(enabled, { type: "balanceChanged", amount: 0, currency: "EUR" }).quickBet.isEnabled).toBe(
      false,
    );
    expect(run(enabled, { type: "signedOut" }).quickBet.isEnabled).toBe(false);
  });
});

describe("bet slip panel (SPEC §2, §4)", () => {
  it("§4 opens on BET_SLIP when selections go from none to some; closes when they go to none", () => {
    const onMyBets = run(start(), { type: "panelOpened", tab: "MY_BETS" }, { type: "panelClosed" });
    expect(onMyBets.panel).toMatchObject({ isOpen: false, tab: "BET_SLIP" });
    const s = run(start(), { type: "panelTabSet", tab: "MY_BETS" }, pick(selection("a")));
    expect(s.panel).toMatchObject({ isOpen: true, tab: "BET_SLIP" });
    expect(run(s, pick(selection("a"))).panel.isOpen).toBe(false);
  });

  it("§2 toggle, open with a tab, close resets the tab; §4 hidden My bets switches to the bet slip", () => {
    const open = run(start(), { type: "panelToggled" });
    expect(open.panel.isOpen).toBe(true);
    const myBets = run(open, { type: "panelTabSet", tab: "MY_BETS" });
    expect(run(myBets, { type: "myBetsVisibilitySet", visible: false }).panel.tab).toBe("BET_SLIP");
  });
});

describe("persistence restore (SPEC §4)", () => {
  const rate = exchangeRate("USD", "EUR", "0.9");
  const rates = rate.ok ? [rate.value] : [];

  it("§4 restored bets in a different currency from the user's are converted", () => {
    const stored = run(start({ currency: USD }), pick(selection("a")), {
      type: "stakeSet",
      betIndex: 0,
      amount: 1001,
      source: "stake",
    }).bets;
    const s = run(
      start(),
      { type: "restoreStarted" },
      { type: "restored", bets: stored, source: "storage", currencies: [USD, EUR], rates },
    );
    expect(s.isRestoring).toBe(false);
    expect(s.bets[0]).toMatchObject({ currency: "EUR", stake: 901 });
    expect(s.selectedOutcomeIds).toEqual(["a"]);
  });

  it("§4 free bets are normalised to a list", () => {
    const [restorable] = run(start(), pick(selection("a"))).bets;
    if (!restorable) throw new Error("no bet to store");
    const stored: StoredTicketBet = {
      ...restorable,
      availableBonuses: { bonusId: "f", bonusType: "freebet" },
    };
    const s = run(start(), {
      type: "restored",
      bets: [stored],
      source: "storage",
      currencies: [EUR],
      rates: [],
    });
    expect(s.bets[0]?.availableBonuses).toEqual([{ bonusId: "f", bonusType: "freebet" }]);
  });

  it("§5 shared-bet restore with empty result shows the not-found modal; §8 failures stop restoring", () => {
    const t = ticketTransition(run(start(), { type: "restoreStarted" }), {
      type: "restored",
      bets: [],
      source: "share",
      currencies: [],
      rates: [],
    });
    expect(t.state.isRestoring).toBe(false);
    expect(t.effects).toEqual([{ type: "openModal", modal: "share-bet-not-found", reason: "share_empty" }]);
    const failed = ticketTransition(run(start(), { type: "restoreStarted" }), {
      type: "restoreFailed",
      reason: "storage_failed",
    });
    expect(failed.effects).toEqual([{ type: "report", reason: "storage_failed" }]);
    expect(failed.state.isRestoring).toBe(false);
  });
});
