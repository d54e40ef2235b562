import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { noFeedHealth } from "./health.js";
import { createFeedHealthBoard } from "./health-board.js";

function board() {
  let clock = Date.UTC(2026, 0, 1, 12, 0, 0);
  const registry = new Registry();
  const b = createFeedHealthBoard({ inner: noFeedHealth, registry, now: () => clock });
  return {
    b,
    registry,
    at: () => clock,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("the feed's health board", () => {
  it("counts a producer's messages of the last minute only", () => {
    const { b, at, advance } = board();
    for (let i = 0; i < 3; i++) b.message("betradar", 1, undefined, at());
    advance(30_000);
    b.message("betradar", 1, undefined, at());
    b.message("betradar", 3, undefined, at());
    expect(b.activity().producers.find((p) => p.producer === 1)?.messagesPerMinute).toBe(4);
    advance(30_500);
    expect(b.activity().producers.find((p) => p.producer === 1)?.messagesPerMinute).toBe(1);
    advance(60_000);
    expect(b.activity().producers.map((p) => p.messagesPerMinute)).toEqual([0, 0]);
  });

  it("keeps the last message's lag, none for a clock ahead of ours", () => {
    const { b, at } = board();
    expect(b.activity().producers).toEqual([]);
    b.message("oddin", 1, at() - 1_250, at());
    expect(b.activity().producers[0]?.lastLagMs).toBe(1_250);
    b.message("oddin", 1, at() + 5_000, at());
    expect(b.activity().producers[0]?.lastLagMs).toBe(0);
  });

  it("says a producer recovers from the request until its snapshot ends", () => {
    const { b } = board();
    b.recovery?.("betradar", "requested", 1);
    expect(b.activity().producers[0]?.recovering).toBe(true);
    b.recovery?.("betradar", "completed", 1);
    expect(b.activity().producers[0]?.recovering).toBe(false);
    b.recovery?.("betradar", "request_failed", 1);
    expect(b.activity().producers[0]?.recovering).toBe(true);
    // one event's odds asked again is no producer's recovery
    b.recovery?.("betradar", "event_requested");
    expect(b.activity().producers).toHaveLength(1);
  });

  it("keeps each provider's last refusal with its code, and the same figures as metrics", async () => {
    const { b, registry, at, advance } = board();
    b.rejected("betradar", "bad_xml");
    advance(2_000);
    b.rejected("betradar", "unknown_producer");
    b.message("betradar", 1, at() - 500, at());
    b.recovery?.("betradar", "requested", 1);
    expect(b.activity().refusals).toEqual([
      { provider: "betradar", code: "unknown_producer", at: at(), total: 2 },
    ]);
    const text = await registry.metrics();
    expect(text).toContain('sportsbook_feed_messages_per_minute{provider="betradar",producer="1"} 1');
    expect(text).toContain('sportsbook_feed_last_lag_seconds{provider="betradar",producer="1"} 0.5');
    expect(text).toContain('sportsbook_feed_recovering{provider="betradar",producer="1"} 1');
    expect(text).toContain(
      `sportsbook_feed_last_refusal_timestamp_seconds{provider="betradar",code="unknown_producer"} ${at() / 1000}`,
    );
  });
});
