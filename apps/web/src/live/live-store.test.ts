import { describe, expect, it } from "vitest";
import { applyEvent } from "./apply-event";
import {
  jackpotKey,
  LiveStore,
  marketIdKey,
  marketKey,
  outcomeKey,
  PROVIDERS_KEY,
  providerKey,
  type Scheduler,
} from "./live-store";

function manualScheduler() {
  const queue: (() => void)[] = [];
  const scheduler: Scheduler = { schedule: (fn) => void queue.push(fn) };
  return {
    scheduler,
    runFrame: () =>
      queue.splice(0).forEach((f) => {
        f();
      }),
    pending: () => queue.length,
  };
}

const market = (id: string, status: number, odds: [string, number][]) => ({
  id,
  status,
  outcomes: odds.map(([oid, o]) => ({ id: oid, odds: o, active: true })),
});

describe("LiveStore", () => {
  it("keeps each provider's status from provider_status_changed and tells its cells and the slip", () => {
    const { scheduler, runFrame } = manualScheduler();
    const store = new LiveStore(scheduler);
    const told = { betradar: 0, oddin: 0, any: 0 };
    store.subscribe(providerKey("betradar"), () => {
      told.betradar += 1;
    });
    store.subscribe(providerKey("oddin"), () => {
      told.oddin += 1;
    });
    store.subscribe(PROVIDERS_KEY, () => {
      told.any += 1;
    });
    expect(store.providerUp("betradar")).toBeUndefined();
    const status = (provider: "betradar" | "oddin", s: "up" | "down") =>
      applyEvent(store, { type: "provider_status_changed", provider, status: s });
    status("betradar", "down");
    runFrame();
    expect([store.providerUp("betradar"), store.providerStatuses(), told]).toEqual([
      false,
      { betradar: false },
      { betradar: 1, oddin: 0, any: 1 },
    ]);
    status("betradar", "down");
    runFrame();
    expect(told).toEqual({ betradar: 1, oddin: 0, any: 1 });
    status("betradar", "up");
    runFrame();
    expect([store.providerUp("betradar"), told]).toEqual([true, { betradar: 2, oddin: 0, any: 2 }]);
  });

  it("keeps a jackpot's pool from tournament_pool_changed and tells only its listeners of a change", () => {
    const { scheduler, runFrame } = manualScheduler();
    const store = new LiveStore(scheduler);
    let told = 0;
    store.subscribe(jackpotKey("7"), () => {
      told += 1;
    });
    const pool = (id: number, amount: number) =>
      applyEvent(store, {
        type: "tournament_pool_changed",
        tournament_id: id,
        pool_amount: amount,
        currency: "EUR",
      });
    pool(7, 12_00);
    pool(8, 99_00);
    runFrame();
    expect([store.pool("7"), store.pool("8"), told]).toEqual([12_00, 99_00, 1]);
    pool(7, 12_00);
    runFrame();
    expect(told).toBe(1);
  });

  it("notifies only the cells whose odds changed, once per frame however many updates arrive", () => {
    const { scheduler, runFrame, pending } = manualScheduler();
    const store = new LiveStore(scheduler);
    const calls = new Map<string, number>();
    for (const o of ["1", "X", "2"]) {
      const k = outcomeKey("m1", "1", o);
      store.subscribe(k, () => calls.set(k, (calls.get(k) ?? 0) + 1));
    }
    store.applyMarkets("m1", [
      market("1", 1, [
        ["1", 1500],
        ["X", 3400],
        ["2", 5000],
      ]),
    ]);
    runFrame();
    calls.clear();
    store.applyMarkets("m1", [
      market("1", 1, [
        ["1", 1550],
        ["X", 3400],
        ["2", 5000],
      ]),
    ]);
    store.applyMarkets("m1", [
      market("1", 1, [
        ["1", 1600],
        ["X", 3400],
        ["2", 5000],
      ]),
    ]);
    expect(pending()).toBe(1);
    runFrame();
    expect(Object.fromEntries(calls)).toEqual({ [outcomeKey("m1", "1", "1")]: 1 });
    expect(store.outcome(outcomeKey("m1", "1", "1"))).toEqual({ odds: 1600, active: true });
  });

  it("keeps the same object for unchanged odds so subscribers see no change", () => {
    const store = new LiveStore({ schedule: () => {} });
    store.applyMarkets("m1", [market("1", 1, [["1", 1500]])]);
    const before = store.outcome(outcomeKey("m1", "1", "1"));
    store.applyMarkets("m1", [market("1", 1, [["1", 1500]])]);
    expect(store.outcome(outcomeKey("m1", "1", "1"))).toBe(before);
  });

  it("tracks market status (suspension) separately from odds", () => {
    const { scheduler, runFrame } = manualScheduler();
    const store = new LiveStore(scheduler);
    let marketCalls = 0;
    store.subscribe(marketKey("m1", "1"), () => marketCalls++);
    store.applyMarkets("m1", [market("1", 1, [["1", 1500]])]);
    store.applyMarkets("m1", [market("1", -1, [["1", 1500]])]);
    runFrame();
    expect(marketCalls).toBe(1);
    expect(store.market(marketKey("m1", "1"))).toEqual({ status: -1 });
  });

  it("[SPEC §4 live merges] equal statistics keep the prior object; a status change notifies", () => {
    const { scheduler, runFrame } = manualScheduler();
    const store = new LiveStore(scheduler);
    let calls = 0;
    store.subscribe("m1", () => calls++);
    store.applyMatch("m1", { status: 1, statistics: { total_score: { home: 1, away: 0 } } });
    const first = store.match("m1")?.statistics;
    store.applyMatch("m1", { statistics: { total_score: { home: 1, away: 0 } } });
    expect(store.match("m1")?.statistics).toBe(first);
    store.applyMatch("m1", { status: 4 });
    runFrame();
    expect(calls).toBe(1);
    expect(store.match("m1")?.status).toBe(4);
  });

  it("[SPEC §4 live merges] an update without a status never turns a match into prematch", () => {
    const store = new LiveStore(manualScheduler().scheduler);
    // First news of a match the page rendered as live: statistics only.
    store.applyMatch("m2", { statistics: { clock: { match_time: "89:40" } } });
    expect(store.match("m2")?.status).toBeUndefined();
    store.applyMatch("m2", { status: 1 });
    store.applyMatch("m2", { statistics: { clock: { match_time: "89:50" } } });
    expect(store.match("m2")?.status).toBe(1);
    // A late prematch status cannot move it backwards, nor revive a finished match.
    store.applyMatch("m2", { status: 0 });
    expect(store.match("m2")?.status).toBe(1);
    store.applyMatch("m2", { status: 4 });
    store.applyMatch("m2", { status: 1 });
    expect(store.match("m2")?.status).toBe(4);
  });

  it("keys markets of one type by specifier", () => {
    expect(marketIdKey(18, "total=2.5")).toBe("18|total=2.5");
    expect(marketIdKey(1, "")).toBe("1");
  });

  it("seeded values never notify", () => {
    const { scheduler, pending } = manualScheduler();
    const store = new LiveStore(scheduler);
    store.subscribe(outcomeKey("m", "1", "1"), () => {});
    store.seedOutcome(outcomeKey("m", "1", "1"), { odds: 1200, active: true });
    expect(pending()).toBe(0);
  });
});
