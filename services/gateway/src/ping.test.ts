import { describe, expect, it } from "vitest";
import { firstPingDelay } from "./ping.js";

describe("first ping", () => {
  it("falls in the second half of the interval, never at its end", () => {
    expect(firstPingDelay(25_000, 0)).toBe(12_500);
    expect(firstPingDelay(25_000, 0.5)).toBe(18_750);
    expect(firstPingDelay(25_000, 0.99999)).toBe(24_750);
    expect(firstPingDelay(25_000, 1)).toBe(24_750);
  });

  it("puts thousands of connections on fifty delays, each taking its share", () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < 5000; i++) {
      const d = firstPingDelay(25_000, (i + 0.5) / 5000);
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    expect(counts.size).toBe(50);
    expect(new Set(counts.values())).toEqual(new Set([100]));
  });

  it("spreads connections opened together over the half interval", () => {
    const delays = Array.from({ length: 10 }, (_, i) => firstPingDelay(1000, i / 10));
    expect(delays).toEqual([500, 550, 600, 650, 700, 750, 800, 850, 900, 950]);
  });
});
