import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PoolAnnouncer } from "./pool-announcer.js";

describe("jackpot pool announcements", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("tells the first change at once and only the latest of those within the next second, per jackpot", async () => {
    const sent: string[] = [];
    const pools = new PoolAnnouncer<string>(async (e) => {
      sent.push(e);
    });
    await pools.announce(1, "a1");
    await pools.announce(2, "b1");
    expect(sent).toEqual(["a1", "b1"]);
    vi.advanceTimersByTime(200);
    await pools.announce(1, "a2");
    await pools.announce(1, "a3");
    expect(sent).toEqual(["a1", "b1"]);
    vi.advanceTimersByTime(799);
    expect(sent).toEqual(["a1", "b1"]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(["a1", "b1", "a3"]);
    // within a second of that send, the next one waits again
    await pools.announce(1, "a4");
    expect(sent).toHaveLength(3);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual(["a1", "b1", "a3", "a4"]);
    // after a quiet second, at once
    vi.advanceTimersByTime(1_000);
    await pools.announce(1, "a5");
    expect(sent.at(-1)).toBe("a5");
  });
});
