import { placeRefusal } from "@sportsbook/contracts/place-errors";
import { type Currency, marketIdFrom, type TicketBet } from "@sportsbook/domain";
import { describe, expect, it } from "vitest";
import type { SlipAnalyticsEvent } from "./analytics";
import type { OutcomePick } from "./pick";
import { SelectionRegistry } from "./selection-registry";
import { PANEL_STORAGE_KEY, TICKET_STORAGE_KEY } from "./ticket-keys";
import { type SubmitResult, type TicketEnv, TicketStore } from "./ticket-store";

const EUR: Currency = { code: "EUR", subunits: 2, fiat: true };

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

function pick(matchId: string, outcomeId = "1", odds = 2_000, matchStatus = 0): OutcomePick {
  return {
    matchId,
    matchUrnId: `sr:match:${matchId}`,
    matchSlug: `m-${matchId}`,
    matchStatus,
    marketId: marketIdFrom(1),
    specifier: "",
    marketName: "1x2",
    outcomeId,
    outcomeName: "Home",
    odds,
    provider: "betradar",
    sportKey: "soccer",
    nameA: "A",
    nameB: "B",
    categoryName: "England",
  };
}

function setup(opts: { storage?: ReturnType<typeof memoryStorage>; result?: SubmitResult } = {}) {
  const calls: string[] = [];
  const submitted: { bets: readonly TicketBet[]; quick: boolean }[] = [];
  const events: SlipAnalyticsEvent[] = [];
  const storage = opts.storage ?? memoryStorage();
  let release: (r: SubmitResult) => void = () => {};
  const env: TicketEnv = {
    submit: (bets, quick) => {
      submitted.push({ bets, quick });
      return opts.result ? Promise.resolve(opts.result) : new Promise((r) => (release = r));
    },
    openSignIn: () => calls.push("signIn"),
    alert: (title) => calls.push(`alert:${title}`),
    openModal: (modal, reason) => calls.push(`modal:${modal}:${reason}`),
    report: (reason) => calls.push(`report:${reason}`),
    storage,
    track: (e) => events.push(e),
  };
  const registry = new SelectionRegistry();
  const store = new TicketStore(
    { currency: EUR, oddsAcceptMode: "none", multiSingleAvailableByProvider: {}, providerStatuses: {} },
    env,
    registry,
  );
  return { store, calls, submitted, events, storage, registry, release: (r: SubmitResult) => release(r) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("TicketStore runs the slip's effects (SPEC §4 ticket flow)", () => {
  it("a click adds the outcome (registry, storage, analytics); a second click takes it off", () => {
    const { store, registry, storage, events } = setup();
    store.dispatchPick(pick("10"));
    const id = store.get().selectedOutcomeIds[0] ?? "";
    expect(registry.has(id)).toBe(true);
    expect(JSON.parse(storage.data.get(TICKET_STORAGE_KEY) ?? "{}").bets).toHaveLength(1);
    store.dispatchPick(pick("10"));
    expect(registry.has(id)).toBe(false);
    expect(storage.data.has(TICKET_STORAGE_KEY)).toBe(false);
    expect(events.map((e) => e.event)).toEqual(["outcome_add_click", "outcome_delete_click"]);
  });

  it("placing signed out opens sign-in and keeps the slip", () => {
    const { store, calls, submitted } = setup();
    store.dispatchPick(pick("10"));
    store.dispatch({ type: "stakeSet", betIndex: 0, amount: 500, source: "stake" });
    store.dispatch({ type: "placeRequested", isLoggedIn: false });
    expect(calls).toEqual(["signIn"]);
    expect(submitted).toEqual([]);
    expect(store.get().bets).toHaveLength(1);
  });

  it("placing submits the bets, then shows them placed and reports the purchase", async () => {
    const { store, submitted, events, release } = setup();
    store.dispatchPick(pick("10"));
    store.dispatchPick(pick("11"));
    store.dispatch({ type: "stakeSet", betIndex: 0, amount: 250, source: "stake" });
    store.dispatch({ type: "placeRequested", isLoggedIn: true });
    expect(store.get().ticketState).toBe("PROCESSING");
    expect(submitted).toHaveLength(1);
    expect(submitted[0]?.bets[0]?.betType).toBe("combo");
    release({ ok: true, betIds: ["77"] });
    await flush();
    expect(store.get().ticketState).toBe("SUCCESS");
    expect(store.get().placedBets[0]?.betId).toBe("77");
    expect(events.at(-1)).toMatchObject({
      event: "purchase",
      transactionId: "77",
      amount: 250,
      label: "doubles",
    });
  });

  it("a coded refusal is an ERROR with per-bet messages; an uncoded failure alerts and resets", async () => {
    const refused = setup({
      result: {
        ok: false,
        failure: { status: 400, code: 101, ...placeRefusal(101), messagesByBet: { "0": "Odds moved" } },
      },
    });
    refused.store.dispatchPick(pick("10"));
    refused.store.dispatch({ type: "stakeSet", betIndex: 0, amount: 100, source: "stake" });
    refused.store.dispatch({ type: "placeRequested", isLoggedIn: true });
    await flush();
    expect(refused.store.get().ticketState).toBe("ERROR");
    expect(refused.store.get().error).toMatchObject({
      message: "error.place_bets.invalid_odds",
      isWrongOddsError: true,
    });
    expect(refused.store.get().error?.messagesByBet).toEqual({ "0": "Odds moved" });

    const broken = setup({ result: { ok: false, failure: { status: 502 } } });
    broken.store.dispatchPick(pick("10"));
    broken.store.dispatch({ type: "stakeSet", betIndex: 0, amount: 100, source: "stake" });
    broken.store.dispatch({ type: "placeRequested", isLoggedIn: true });
    await flush();
    expect(broken.store.get().ticketState).toBe("INITIAL");
    expect(broken.calls).toEqual(["alert:global-error.default.title"]);
  });

  it("restores saved bets; unreadable storage is reported and dropped", () => {
    const first = setup();
    first.store.dispatchPick(pick("10"));
    const saved = first.storage.data.get(TICKET_STORAGE_KEY) ?? "";
    const again = setup({ storage: memoryStorage({ [TICKET_STORAGE_KEY]: saved }) });
    again.store.restoreFromStorage([EUR]);
    expect(again.store.get().bets).toHaveLength(1);
    expect(again.registry.count()).toBe(1);

    const garbled = setup({ storage: memoryStorage({ [TICKET_STORAGE_KEY]: '{"bets":[{"betType":"x"}]}' }) });
    garbled.store.restoreFromStorage([EUR]);
    expect(garbled.store.get().bets).toEqual([]);
    expect(garbled.calls).toEqual(["report:storage_failed"]);
    expect(garbled.storage.data.has(TICKET_STORAGE_KEY)).toBe(false);
  });

  it("keeps the side panel's open state and tab for the browser tab's next page", () => {
    const first = setup();
    first.store.dispatchPick(pick("10"));
    first.store.dispatch({ type: "panelTabSet", tab: "MY_BETS" });
    expect(JSON.parse(first.storage.data.get(PANEL_STORAGE_KEY) ?? "")).toEqual({
      isOpen: true,
      tab: "MY_BETS",
    });
    const again = setup({ storage: memoryStorage(Object.fromEntries(first.storage.data)) });
    again.store.restoreFromStorage([EUR]);
    expect(again.store.get().panel).toMatchObject({ isOpen: true, tab: "MY_BETS" });

    // Closed by the player with picks on it: restoring the picks leaves it closed.
    first.store.dispatch({ type: "panelClosed" });
    const closed = setup({ storage: memoryStorage(Object.fromEntries(first.storage.data)) });
    closed.store.restoreFromStorage([EUR]);
    expect([closed.store.get().bets.length, closed.store.get().panel.isOpen]).toEqual([1, false]);
  });

  it("quick bet: with an approved stake a click on a live price is placed at once", async () => {
    const { store, submitted, release } = setup();
    store.dispatch({ type: "quickBetToggled" });
    store.dispatch({ type: "quickBetStakeSet", amount: 300 });
    store.dispatch({ type: "quickBetApproved" });
    store.dispatchPick(pick("20", "1", 2_500, 1));
    expect(submitted).toEqual([{ bets: [expect.objectContaining({ stake: 300 })], quick: true }]);
    expect(store.get().bets).toEqual([]);
    release({ ok: true, betIds: ["9"] });
    await flush();
    expect(store.get().quickBet.state).toBe("success");
  });

  it("a refused quick bet says the bet's own reason, not the answer's headline", async () => {
    const { store } = setup({
      result: {
        ok: false,
        failure: {
          status: 400,
          code: 100,
          localizedMessage: "The bet could not be placed.",
          messagesByBet: { "0": "This selection is suspended." },
        },
      },
    });
    store.dispatch({ type: "quickBetToggled" });
    store.dispatch({ type: "quickBetStakeSet", amount: 300 });
    store.dispatch({ type: "quickBetApproved" });
    store.dispatchPick(pick("20", "1", 2_500, 1));
    await flush();
    expect(store.get().quickBet).toMatchObject({ state: "error", error: "This selection is suspended." });
  });
});
