import { feedHealthSchema } from "@sportsbook/contracts";
import { describe, expect, it } from "vitest";
import type { FeedReport } from "../config.js";
import { feedHealth } from "./feed-health.js";

const at = Date.UTC(2026, 0, 1, 12, 0, 0);
const report: FeedReport = {
  leader: "node-a",
  readAt: at,
  producers: [
    {
      provider: "betradar",
      producer: 3,
      kind: "prematch",
      status: "up",
      lastMessageAt: at - 1_000,
      lastAliveAt: at - 2_000,
      silenceMs: 1_000,
      thresholdMs: 60_000,
      stale: false,
    },
    {
      provider: "betradar",
      producer: 1,
      kind: "live",
      status: "down",
      lastMessageAt: null,
      lastAliveAt: null,
      silenceMs: null,
      thresholdMs: 20_000,
      stale: true,
    },
  ],
};

describe("the feed's health for the back office", () => {
  it("joins each producer's freshness with what the feed running here did", () => {
    const data = feedHealth(report, {
      producers: [
        { provider: "betradar", producer: 1, messagesPerMinute: 42, lastLagMs: 180, recovering: true },
      ],
      refusals: [{ provider: "betradar", code: "bad_xml", at, total: 3 }],
    });
    expect(feedHealthSchema.parse({ data }).data).toEqual(data);
    expect(data.runs_feed).toBe(true);
    const [provider] = data.providers;
    expect(provider?.last_refusal).toEqual({ code: "bad_xml", at: new Date(at).toISOString(), total: 3 });
    expect(
      provider?.producers.map((p) => [p.producer, p.status, p.recovering, p.messages_per_minute, p.lag_ms]),
    ).toEqual([
      [1, "down", true, 42, 180],
      [3, "up", false, 0, null],
    ]);
    expect(provider?.producers[1]?.last_alive_at).toBe(new Date(at - 2_000).toISOString());
  });

  it("leaves the activity unknown, not zero, on a node that does not run the feed", () => {
    const data = feedHealth(report, undefined);
    expect(data.runs_feed).toBe(false);
    expect(data.providers[0]?.last_refusal).toBeNull();
    expect(
      data.providers[0]?.producers.every((p) => p.messages_per_minute === null && p.recovering === null),
    ).toBe(true);
  });

  it("answers no provider without a feed", () => {
    expect(feedHealth(undefined, undefined)).toEqual({
      leader: null,
      runs_feed: false,
      read_at: null,
      providers: [],
    });
  });
});
