import type { SlipBonus } from "@sportsbook/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEBOUNCE, EUR, pick, SETTINGS, setup, signedIn as signIn, signingIn } from "./slip-engine.harness";
import type { TicketStore } from "./ticket-store";

const signedIn = (t: ReturnType<typeof setup>) => signIn(t, () => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const stake = (store: TicketStore, amount: number) =>
  store.dispatch({ type: "stakeSet", betIndex: 0, amount, source: "stake" });

const freebet = (id: string): SlipBonus => ({ bonusId: id, bonusType: "freebet", freebetStake: 500 });

describe("the slip engine's stale-answer rule", () => {
  it("a late answer to an older bonuses request is ignored; the latest one stands", async () => {
    const t = setup();
    const store = await signedIn(t);
    store.dispatchPick(pick("a"));
    store.dispatchPick(pick("b"));
    expect(t.bonuses.made).toHaveLength(2);
    t.bonuses.made[1]?.answer([[freebet("new")]]);
    await vi.advanceTimersByTimeAsync(0);
    t.bonuses.made[0]?.answer([[freebet("old")]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().bets[0]?.availableBonuses.map((b) => b.bonusId)).toEqual(["new"]);
  });

  it("a bonuses answer for bets the slip no longer holds is dropped", async () => {
    const t = setup();
    const store = await signedIn(t);
    store.dispatchPick(pick("a"));
    store.dispatch({ type: "ticketCleared" });
    t.bonuses.made[0]?.answer([[freebet("gone")]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().bets).toEqual([]);
  });

  it("a jackpots answer for a stake since changed is ignored, the answer for the current one kept", async () => {
    const t = setup();
    const store = await signedIn(t);
    store.dispatchPick(pick("a"));
    stake(store, 100);
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(t.jackpots.made.map((c) => c.args[0][0]?.stake.value)).toEqual([100]);
    stake(store, 200);
    t.jackpots.made[0]?.answer([["j-old"]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().bets[0]?.jackpots ?? []).toEqual([]);
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    t.jackpots.made[1]?.answer([["j-new"]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().bets[0]?.jackpots).toEqual(["j-new"]);
  });

  it("maximum stakes are cleared while the bets change, and a late answer for the old bets is ignored", async () => {
    const t = setup();
    const store = await signedIn(t);
    store.dispatchPick(pick("a"));
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(t.maxStakes.made).toHaveLength(1);
    store.dispatchPick(pick("b"));
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(store.getExtras().maxStakes).toBeUndefined();
    t.maxStakes.made[0]?.answer([1_000]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getExtras().maxStakes).toBeUndefined();
    t.maxStakes.made[1]?.answer([5_000]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getExtras().maxStakes).toEqual([5_000]);
  });

  it("the player's settings answered after signing out do not replace the system's quick stakes", async () => {
    const t = setup();
    const started = t.engine.start();
    t.settings.made[0]?.answer(SETTINGS);
    const store = await started;
    t.engine.setPlayer("logged_in", { ...EUR });
    t.engine.setPlayer("not_logged_in", undefined);
    t.settings.made[1]?.answer({ ...SETTINGS, stakes: { EUR: [9_900] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(store?.getExtras().stakes).toEqual({ EUR: [100, 500] });
  });

  it("an odds policy the player chooses while the settings are read is not replaced by them", async () => {
    const t = setup();
    const store = await signingIn(t);
    store.dispatch({ type: "oddsAcceptModeSet", mode: "any" });
    // the read began before the choice was saved: it answers the policy stored before it
    t.settings.made[1]?.answer({ ...SETTINGS, auto_accept_odds_change: "none", stakes: { EUR: [700] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().config.oddsAcceptMode).toBe("any");
    expect(store.getExtras().stakes).toEqual({ EUR: [700] });
  });

  it("the player's stored odds policy replaces the system's once signed in", async () => {
    const t = setup();
    const store = await signingIn(t);
    t.settings.made[1]?.answer({ ...SETTINGS, auto_accept_odds_change: "higher" });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().config.oddsAcceptMode).toBe("higher");
  });

  it("an engine stopped before the settings arrive builds no slip", async () => {
    const t = setup();
    const started = t.engine.start();
    t.engine.stop();
    t.settings.made[0]?.answer(SETTINGS);
    expect(await started).toBeNull();
  });
});

describe("the slip engine's start on settings that fail to arrive", () => {
  /** A settings fetcher that fails `failures` times, then answers; counts its calls. */
  function failing(failures: number) {
    let calls = 0;
    const settings = () => {
      calls += 1;
      return calls <= failures ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve(SETTINGS);
    };
    return { settings, calls: () => calls };
  }

  it("reads them again, waiting longer each time, and builds the slip once read; the player is told once", async () => {
    const f = failing(3);
    const t = setup({}, f.settings);
    const started = t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(f.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(f.calls()).toBe(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(f.calls()).toBe(4);
    expect(await started).not.toBeNull();
    expect(t.notices.map((n) => n.kind)).toEqual(["danger"]);
    expect(t.reports).toEqual(["Failed to fetch"]);
  });

  it("offline, a failed read alarms nobody: the page already says it is offline", async () => {
    const f = failing(1);
    const t = setup({ isOnline: () => false }, f.settings);
    const started = t.engine.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await started).not.toBeNull();
    expect(t.notices).toEqual([]);
    expect(t.reports).toEqual(["Failed to fetch"]);
  });

  it("stopped while it waits, it reads nothing more and builds no slip", async () => {
    const f = failing(10);
    const { engine } = setup({}, f.settings);
    const started = engine.start();
    await vi.advanceTimersByTimeAsync(0);
    engine.stop();
    expect(await started).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.calls()).toBe(1);
  });
});

describe("the slip engine's debounce", () => {
  it("typing a stake asks for jackpots, maximum stakes and ambs once, after it rests", async () => {
    const t = setup();
    const store = await signedIn(t);
    store.dispatchPick(pick("a"));
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    const before = { jackpots: t.jackpots.made.length, ambs: t.ambs.made.length };
    for (const amount of [1, 12, 125]) {
      stake(store, amount);
      await vi.advanceTimersByTimeAsync(DEBOUNCE - 1);
    }
    expect(t.jackpots.made).toHaveLength(before.jackpots);
    expect(t.ambs.made).toHaveLength(before.ambs);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.jackpots.made).toHaveLength(before.jackpots + 1);
    expect(t.jackpots.made.at(-1)?.args[0][0]?.stake.value).toBe(125);
    expect(t.ambs.made).toHaveLength(before.ambs + 1);
  });

  it("a stake typed back to what was last asked asks nothing new", async () => {
    const t = setup();
    const store = await signedIn(t);
    store.dispatchPick(pick("a"));
    stake(store, 100);
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    const asked = t.jackpots.made.length;
    stake(store, 100);
    await vi.advanceTimersByTimeAsync(DEBOUNCE * 2);
    expect(t.jackpots.made).toHaveLength(asked);
  });

  it("stakes do not change the bonuses offered: they are asked for at once, not after a rest", async () => {
    const t = setup();
    const store = await signedIn(t);
    store.dispatchPick(pick("a"));
    expect(t.bonuses.made).toHaveLength(1);
    stake(store, 100);
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(t.bonuses.made).toHaveLength(1);
  });

  it("without the amb progress bar no amb progress is asked for", async () => {
    const t = setup({ ambProgressBar: false });
    const store = await signedIn(t);
    store.dispatchPick(pick("a"));
    stake(store, 100);
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(t.ambs.made).toHaveLength(0);
    expect(t.jackpots.made.length).toBeGreaterThan(0);
  });

  it("signed out, the slip asks the server nothing and keeps no offered bonus", async () => {
    const t = setup();
    const store = await signedIn(t);
    store.dispatchPick(pick("a"));
    t.bonuses.made[0]?.answer([[freebet("f")]]);
    await vi.advanceTimersByTimeAsync(0);
    t.engine.setPlayer("not_logged_in", undefined);
    const asked = { jackpots: t.jackpots.made.length, bonuses: t.bonuses.made.length };
    stake(store, 300);
    store.dispatchPick(pick("b"));
    await vi.advanceTimersByTimeAsync(DEBOUNCE * 2);
    expect({ jackpots: t.jackpots.made.length, bonuses: t.bonuses.made.length }).toEqual(asked);
    expect(store.get().bets.flatMap((b) => b.availableBonuses)).toEqual([]);
  });
});
