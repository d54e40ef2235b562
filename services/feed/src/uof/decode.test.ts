import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeFrame } from "../adapters.js";
import type { FeedEvent } from "../model.js";
import { encodeUof } from "./encode.js";
import { identityMapping } from "./mapping.js";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../fixtures", name), "utf8");

function one(provider: "betradar" | "oddin", body: string): FeedEvent {
  const r = decodeFrame({ provider, body });
  if (!r.ok) throw new Error(r.reason);
  expect(r.events).toHaveLength(1);
  return r.events[0] as FeedEvent;
}

describe("UOF adapter (betradar)", () => {
  it("reads odds_change with status, clock, period scores, market statuses and odds as integers ×1000", () => {
    const e = one("betradar", fixture("odds_change.xml"));
    expect(e.kind).toBe("odds_change");
    if (e.kind !== "odds_change") return;
    expect(e).toMatchObject({
      provider: "betradar",
      producer: 1,
      eventUrn: "sr:match:9536715",
      timestamp: 1479114565000,
      bettingStatus: 1,
    });
    expect(e.status).toMatchObject({
      status: 1,
      matchStatus: 7,
      homeScore: 1,
      awayScore: 0,
      clock: { matchTime: "62:10", stopped: false },
    });
    expect(e.status?.periodScores).toEqual([
      { number: 1, type: "regular_period", matchStatusCode: 6, home: 1, away: 0 },
      { number: 2, type: "regular_period", matchStatusCode: 7, home: 0, away: 0 },
    ]);
    expect(e.markets.map((m) => [m.id, m.specifiers, m.status])).toEqual([
      [1, "", 1],
      [18, "total=2.5", -1],
      [16, "hcp=-0.75", 1],
      [29, "", 0],
    ]);
    expect(e.markets[0]?.outcomes).toEqual([
      { id: "1", odds: 1450, active: true },
      { id: "2", odds: 4100, active: true },
      { id: "3", odds: 8500, active: true },
    ]);
    expect(e.markets[0]?.nextBetstop).toBe(1479114900000);
    expect(e.markets[3]?.outcomes[0]).toEqual({ id: "74", odds: null, active: false });
  });

  it("reads bet_stop with groups and market status", () => {
    expect(one("betradar", fixture("bet_stop.xml"))).toMatchObject({
      kind: "bet_stop",
      groups: ["all"],
      marketStatus: -1,
    });
  });

  it("defaults a bet_stop without market_status to suspended", () => {
    const e = one("betradar", '<bet_stop timestamp="1" product="1" event_id="sr:match:1" groups="all"/>');
    expect(e).toMatchObject({ kind: "bet_stop", marketStatus: -1 });
  });

  it("reads bet_settlement with half results, refunds and dead heats", () => {
    const e = one("betradar", fixture("bet_settlement.xml"));
    if (e.kind !== "bet_settlement") throw new Error(e.kind);
    expect(e.certainty).toBe(2);
    expect(e.producer).toBe(3);
    const [x12, hcp, total, outright] = e.markets;
    expect(x12?.outcomes.map((o) => o.result)).toEqual([1, 0, 0]);
    expect(hcp).toMatchObject({ id: 16, specifiers: "hcp=-0.25" });
    expect(hcp?.outcomes).toEqual([
      { id: "1714", result: 1, voidFactor: 0.5 },
      { id: "1715", result: 0, voidFactor: 0.5 },
    ]);
    expect(total?.outcomes[0]).toEqual({ id: "12", result: 0, voidFactor: 1 });
    expect(outright).toMatchObject({ id: 534, specifiers: "variant=sr:winner:17", voidReason: 8 });
    expect(outright?.outcomes[0]).toEqual({ id: "sr:competitor:44", result: 1, deadHeatFactor: 0.5 });
  });

  it("reads bet_cancel with its time window and void reason", () => {
    expect(one("betradar", fixture("bet_cancel.xml"))).toMatchObject({
      kind: "bet_cancel",
      startTime: 1479114600000,
      endTime: 1479114700000,
      markets: [{ id: 18, specifiers: "total=2.5", voidReason: 12 }],
    });
  });

  it("reads rollbacks of settlements and cancels", () => {
    expect(one("betradar", fixture("rollback_bet_settlement.xml"))).toMatchObject({
      kind: "rollback_bet_settlement",
      markets: [
        { id: 1, specifiers: "" },
        { id: 16, specifiers: "hcp=-0.25" },
      ],
    });
    expect(one("betradar", fixture("rollback_bet_cancel.xml"))).toMatchObject({
      kind: "rollback_bet_cancel",
      markets: [{ id: 18, specifiers: "total=2.5" }],
    });
  });

  it("reads fixture_change, alive and snapshot_complete", () => {
    expect(one("betradar", fixture("fixture_change.xml"))).toMatchObject({
      kind: "fixture_change",
      changeType: 2,
      startTime: 1479200000000,
    });
    expect(one("betradar", fixture("alive.xml"))).toEqual({
      kind: "alive",
      provider: "betradar",
      producer: 1,
      timestamp: 1479114565000,
      subscribed: true,
    });
    expect(one("betradar", fixture("snapshot_complete.xml"))).toMatchObject({
      kind: "snapshot_complete",
      requestId: 42,
      producer: 3,
    });
  });

  it("reads a REST fixture with tournament, category, competitors and venue", () => {
    const e = one("betradar", fixture("fixture.xml"));
    if (e.kind !== "fixture") throw new Error(e.kind);
    expect(e.fixture).toMatchObject({
      type: "match",
      startTime: Date.parse("2026-11-22T18:00:00Z"),
      sport: { urn: "sr:sport:1", name: "Soccer" },
      category: { urn: "sr:category:1", name: "England", countryCode: "GBR" },
      tournament: { urn: "sr:tournament:17", name: "Premier Division" },
      venue: { name: "Riverside Park", city: "Northbridge" },
      liveOdds: true,
    });
    expect(e.fixture.competitors.map((c) => [c.qualifier, c.name])).toEqual([
      ["home", "Northbridge United"],
      ["away", "Eastmoor City"],
    ]);
    // A channel without a stream address only says where the match is on television.
    expect(e.fixture.tvChannels).toEqual([
      { name: "Northbridge TV", streamUrl: "https://stream.example/nbu-emc", language: "en" },
    ]);
  });

  it("tells a fixture without tv_channels from one with none, and writes them back as it read them", () => {
    const xml = fixture("fixture.xml");
    const without = one("betradar", xml.replace(/<tv_channels>[\s\S]*<\/tv_channels>/, ""));
    if (without.kind !== "fixture") throw new Error(without.kind);
    expect(without.fixture.tvChannels).toBeUndefined();
    const none = one("betradar", xml.replace(/<tv_channels>[\s\S]*<\/tv_channels>/, "<tv_channels/>"));
    if (none.kind !== "fixture") throw new Error(none.kind);
    expect(none.fixture.tvChannels).toEqual([]);
    const read = one("betradar", xml);
    expect(one("betradar", encodeUof(read, identityMapping))).toEqual(read);
  });
});

describe("malformed UOF messages are rejected with a reason", () => {
  const cases: [string, string, string][] = [
    [
      "unclosed element",
      '<odds_change product="1" event_id="sr:match:1" timestamp="1"><odds>',
      "feed.malformed",
    ],
    ["not XML at all", '{"odds": 1}', "feed.malformed"],
    [
      "unknown root",
      '<odds_update product="1" event_id="sr:match:1" timestamp="1"/>',
      "feed.unknown_message",
    ],
    ["missing event_id", '<bet_stop product="1" timestamp="1" groups="all"/>', "feed.invalid"],
    ["bad URN", '<bet_stop product="1" event_id="match-1" timestamp="1" groups="all"/>', "feed.invalid"],
    [
      "unknown market status",
      '<odds_change product="1" event_id="sr:match:1" timestamp="1"><odds><market id="1" status="7"><outcome id="1" odds="2" active="1"/></market></odds></odds_change>',
      "feed.invalid",
    ],
    [
      "odds that are not a number",
      '<odds_change product="1" event_id="sr:match:1" timestamp="1"><odds><market id="1"><outcome id="1" odds="two" active="1"/></market></odds></odds_change>',
      "feed.invalid",
    ],
    [
      "settlement result out of range",
      '<bet_settlement certainty="1" product="1" event_id="sr:match:1" timestamp="1"><outcomes><market id="1"><outcome id="1" result="2"/></market></outcomes></bet_settlement>',
      "feed.invalid",
    ],
    [
      "void factor not 0.5 or 1",
      '<bet_settlement certainty="1" product="1" event_id="sr:match:1" timestamp="1"><outcomes><market id="1"><outcome id="1" result="0" void_factor="0.3"/></market></outcomes></bet_settlement>',
      "feed.invalid",
    ],
    [
      "dead heat factor above 1",
      '<bet_settlement certainty="1" product="1" event_id="sr:match:1" timestamp="1"><outcomes><market id="1"><outcome id="1" result="1" dead_heat_factor="2"/></market></outcomes></bet_settlement>',
      "feed.invalid",
    ],
    ["alive without subscribed", '<alive product="1" timestamp="1"/>', "feed.invalid"],
    [
      "two roots",
      '<alive product="1" timestamp="1" subscribed="1"/><alive product="1" timestamp="2" subscribed="1"/>',
      "feed.malformed",
    ],
  ];
  for (const [name, body, code] of cases) {
    it(`rejects ${name}`, () => {
      const r = decodeFrame({ provider: "betradar", body });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.code).toBe(code);
        expect(r.reason.length).toBeGreaterThan(5);
      }
    });
  }

  it("names the offending field", () => {
    const r = decodeFrame({
      provider: "betradar",
      body: '<bet_stop product="x" event_id="sr:match:1" timestamp="1" groups="all"/>',
    });
    expect(!r.ok && r.reason).toMatch(/bet_stop: product/);
  });
});
