import { describe, expect, it } from "vitest";
import {
  isStale,
  lastHeard,
  type ProducerFreshness,
  producerKind,
  producerOf,
  type StaleThresholds,
  silenceMs,
  thresholdOf,
} from "./rule.js";

const T = Date.UTC(2026, 10, 28, 12);
const thresholds: StaleThresholds = { live: 5_000, prematch: 30_000, producers: { "oddin/2": 8_000 } };
const live = (over: Partial<ProducerFreshness> = {}): ProducerFreshness => ({
  provider: "betradar",
  producer: 1,
  status: "up",
  lastMessageAt: T,
  lastAliveAt: T - 2_000,
  ...over,
});

describe("the freshness rule", () => {
  it("names each provider's live and prematch producers", () => {
    expect([producerKind("betradar", 1), producerKind("betradar", 3)]).toEqual(["live", "prematch"]);
    expect([producerKind("oddin", 2), producerKind("oddin", 1)]).toEqual(["live", "prematch"]);
    expect([producerOf("betconstruct", true), producerOf("betconstruct", false)]).toEqual([1, 3]);
  });

  it("hears a producer by its latest message or alive, whichever came last", () => {
    expect(lastHeard(live())).toBe(T);
    expect(lastHeard(live({ lastAliveAt: T + 1 }))).toBe(T + 1);
    expect(lastHeard(live({ lastMessageAt: null }))).toBe(T - 2_000);
    expect(lastHeard(live({ lastMessageAt: null, lastAliveAt: null }))).toBeNull();
  });

  it("keeps a live producer fresh up to its threshold and stale one millisecond after", () => {
    expect(isStale(live(), T + 5_000, thresholds)).toBe(false);
    expect(isStale(live(), T + 5_001, thresholds)).toBe(true);
  });

  it("gives a prematch producer the longer threshold", () => {
    const pre = live({ producer: 3 });
    expect(isStale(pre, T + 29_000, thresholds)).toBe(false);
    expect(isStale(pre, T + 30_001, thresholds)).toBe(true);
  });

  it("takes a producer's own threshold over its kind's", () => {
    const oddinLive = live({ provider: "oddin", producer: 2 });
    expect(thresholdOf(thresholds, "oddin", 2)).toBe(8_000);
    expect(isStale(oddinLive, T + 7_000, thresholds)).toBe(false);
    expect(isStale(oddinLive, T + 8_001, thresholds)).toBe(true);
  });

  it("holds a down producer stale however recently it spoke", () => {
    expect(isStale(live({ status: "down" }), T, thresholds)).toBe(true);
  });

  it("holds a producer never heard from stale", () => {
    const never = live({ lastMessageAt: null, lastAliveAt: null });
    expect(silenceMs(never, T)).toBe(Number.POSITIVE_INFINITY);
    expect(isStale(never, T, thresholds)).toBe(true);
  });

  it("counts a clock behind the last message (another node's skew) as no silence", () => {
    expect(silenceMs(live(), T - 1_000)).toBe(0);
    expect(isStale(live(), T - 1_000, thresholds)).toBe(false);
  });
});
