import { describe, expect, it } from "vitest";
import {
  connectionTokenClaimsSchema,
  eventChannelKind,
  matchChannel,
  parseChannel,
  publicChannel,
  publishEvent,
  realtimeEventSchema,
  subscriptionTokenClaimsSchema,
  userChannel,
} from "./realtime.js";

describe("channel names", () => {
  it("uses the base language for public channels, pt for br", () => {
    expect(publicChannel("en")).toBe("public:en");
    expect(publicChannel("br")).toBe("public:pt");
    expect(publicChannel("pt-BR")).toBe("public:pt");
    expect(publicChannel("zh-Hant-TW")).toBe("public:zh");
    expect(() => publicChannel("")).toThrow(RangeError);
    expect(() => publicChannel("e n")).toThrow(RangeError);
  });

  it("builds and parses match and user channels", () => {
    expect(matchChannel(42)).toBe("match:42");
    expect(userChannel("u-7")).toBe("$user:u-7");
    expect(parseChannel("$user:7")).toEqual({ kind: "user", id: "7", private: true });
    expect(parseChannel("match:42")).toEqual({ kind: "match", id: "42", private: false });
    expect(parseChannel("user:7")).toBeNull();
    expect(parseChannel("$match:7")).toBeNull();
    expect(parseChannel("match:")).toBeNull();
    expect(() => matchChannel("a:b")).toThrow(RangeError);
    expect(() => userChannel("")).toThrow(RangeError);
  });
});

describe("event payloads", () => {
  const valid = [
    { type: "match_changed", match_id: 1, statistics: { total_score: { home: 1, away: 0 } } },
    {
      type: "markets_changed",
      match_id: "m1",
      markets: [
        { id: 1, specifier: "total=2.5", status: "active", outcomes: [{ id: 12, odds: 1850, active: true }] },
      ],
    },
    { type: "match_status_changed", match_id: 1, status: "live", bettable: true },
    { type: "provider_status_changed", provider: "oddin", status: "down" },
    { type: "tournament_pool_changed", tournament_id: 3, pool_amount: 100000, currency: "EUR" },
    { type: "balance_changed", currency: "EUR", balance: 1050 },
    { type: "unread_counters_changed", unread: 2 },
    {
      type: "notification",
      notification: {
        id: 1,
        title: "t",
        body: "b",
        type: "bonus",
        read: false,
        created_at: "2026-01-01T00:00:00Z",
      },
    },
    {
      type: "bet_changed",
      bet_id: 9,
      status: "done",
      result: "win_entire",
      win_amount: 2500,
      currency: "EUR",
    },
    { type: "bet_cashout_changed", bet_id: 9, to_cashout: null },
    { type: "bonus_issued", bonus_id: 5, bonus_type: "freebet", name: "Welcome" },
  ];

  it("accepts one example of every event, and every event has a channel kind", () => {
    for (const e of valid) expect(realtimeEventSchema.safeParse(e).success, e.type).toBe(true);
    expect(Object.keys(eventChannelKind).sort()).toEqual(valid.map((e) => e.type).sort());
  });

  it("refuses fractional odds and money, unknown types and empty market lists", () => {
    const bad = [
      { type: "balance_changed", currency: "EUR", balance: 10.5 },
      {
        type: "markets_changed",
        match_id: 1,
        markets: [{ id: 1, status: "active", outcomes: [{ id: 1, odds: 1.85, active: true }] }],
      },
      { type: "markets_changed", match_id: 1, markets: [] },
      { type: "odds_changed", match_id: 1 },
      { type: "balance_changed", currency: "euro", balance: 1 },
      { type: "bet_changed", bet_id: 9, status: "done", result: "won" },
      { type: "bet_changed", bet_id: 9, status: "settled" },
      { type: "bet_changed", bet_id: 9, status: "won" },
    ];
    for (const e of bad) expect(realtimeEventSchema.safeParse(e).success).toBe(false);
  });
});

describe("token claims", () => {
  it("keeps channel out of connection tokens and requires it in subscription tokens", () => {
    expect(connectionTokenClaimsSchema.safeParse({ sub: "1", exp: 10 }).success).toBe(true);
    expect(connectionTokenClaimsSchema.safeParse({ sub: "1", channel: "$user:1" }).success).toBe(false);
    expect(subscriptionTokenClaimsSchema.safeParse({ sub: "1", channel: "$user:1" }).success).toBe(true);
    expect(subscriptionTokenClaimsSchema.safeParse({ sub: "1" }).success).toBe(false);
  });
});

describe("publishEvent", () => {
  it("publishes a valid event on its kind of channel and refuses the rest", async () => {
    const sent: [string, unknown][] = [];
    const publisher = { publish: async (channel: string, data: unknown) => void sent.push([channel, data]) };
    await publishEvent(publisher, userChannel(7), { type: "balance_changed", currency: "EUR", balance: 5 });
    expect(sent).toEqual([["$user:7", { type: "balance_changed", currency: "EUR", balance: 5 }]]);
    await expect(
      publishEvent(publisher, publicChannel("en"), { type: "balance_changed", currency: "EUR", balance: 5 }),
    ).rejects.toThrow(RangeError);
    await expect(
      publishEvent(publisher, matchChannel(1), {
        type: "match_status_changed",
        match_id: 1,
        status: "finished" as "ended",
      }),
    ).rejects.toThrow();
    expect(sent).toHaveLength(1);
  });
});
