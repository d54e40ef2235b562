import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeFrame } from "../adapters.js";
import type { DecodeResult } from "../decode-result.js";
import type { FeedEvent, MarketOdds, SettledMarket } from "../model.js";

/**
 * Messages the providers wrote (fixtures/providers, provenance in its SOURCES.md), read as each
 * provider means them. None was written by this project, so a test here fails when a decoder assumes
 * more than the provider's own schema promises.
 */
const dir = join(import.meta.dirname, "../../fixtures/providers");
const sample = (name: string) => readFileSync(join(dir, name), "utf8");

function decode(name: string): DecodeResult {
  return decodeFrame({ provider: name.startsWith("od_") ? "oddin" : "betradar", body: sample(name) });
}

function event<K extends FeedEvent["kind"]>(name: string, kind: K): Extract<FeedEvent, { kind: K }> {
  const r = decode(name);
  if (!r.ok) throw new Error(`${name}: ${r.reason}`);
  expect(r.events).toHaveLength(1);
  const e = r.events[0];
  if (e?.kind !== kind) throw new Error(`${name}: expected ${kind}, got ${e?.kind}`);
  return e as Extract<FeedEvent, { kind: K }>;
}

function market<M extends MarketOdds | SettledMarket>(markets: M[], id: number, specifiers = ""): M {
  const m = markets.find((x) => x.id === id && x.specifiers === specifiers);
  if (!m) throw new Error(`no market ${id} ${specifiers}`);
  return m;
}

function prices(m: MarketOdds): Record<string, number | null> {
  return Object.fromEntries(m.outcomes.map((o) => [o.id, o.odds]));
}

const covered = new Set<string>();
function sampleTest(name: string, title: string, fn: () => void) {
  covered.add(name);
  it(`${name}: ${title}`, fn);
}

describe("Betradar messages from Sportradar's SDKs and a recording", () => {
  sampleTest(
    "sr_java_odds_change_prematch.xml",
    "every one of 170 markets, whatever form a probability takes",
    () => {
      const e = event("sr_java_odds_change_prematch.xml", "odds_change");
      expect(e).toMatchObject({ producer: 3, eventUrn: "sr:match:31604309", timestamp: 1653576646190 });
      expect(e.status).toMatchObject({ status: 0, matchStatus: 0 });
      expect(e.markets).toHaveLength(170);
      expect(prices(market(e.markets, 1))).toEqual({ "1": 2250, "2": 3550, "3": 3100 });
      // `probabilities="4.03386E-4"` sits beside this price; it must not cost the message.
      expect(market(e.markets, 41, "score=0:0").outcomes.find((o) => o.id === "166")).toEqual({
        id: "166",
        odds: 101_000,
        active: true,
      });
    },
  );

  sampleTest(
    "sr_netcore_odds_change_live.xml",
    "a live match with clock, period scores and 42 markets",
    () => {
      const e = event("sr_netcore_odds_change_live.xml", "odds_change");
      expect(e).toMatchObject({ producer: 4, eventUrn: "sr:match:10927088" });
      expect(e.status).toEqual({
        status: 1,
        matchStatus: 6,
        homeScore: 0,
        awayScore: 2,
        clock: { matchTime: "27:33" },
        periodScores: [{ number: 1, type: "regular_period", matchStatusCode: 6, home: 0, away: 2 }],
      });
      expect(e.markets).toHaveLength(42);
      expect(prices(market(e.markets, 26))).toEqual({ "70": 1850, "72": 1750 });
    },
  );

  sampleTest("sr_netcore_odds_change_micro_markets.xml", "an ended basketball match's micro markets", () => {
    const e = event("sr_netcore_odds_change_micro_markets.xml", "odds_change");
    expect(e.status).toMatchObject({ status: 3, matchStatus: 100, homeScore: 129, awayScore: 93 });
    expect(e.status?.periodScores.map((p) => p.number).sort()).toEqual([1, 2, 3, 4]);
    expect(e.markets).toHaveLength(10);
    expect(market(e.markets, 1346, "fieldgoalnr=1|score=69-57")).toMatchObject({ status: 0, outcomes: [] });
  });

  sampleTest(
    "sr_minus5_odds_change_0.xml",
    "player markets with exponent probabilities and a bet-stop hint",
    () => {
      const e = event("sr_minus5_odds_change_0.xml", "odds_change");
      expect(e).toMatchObject({ bettingStatus: 1, betstopReason: 2 });
      expect(e.status).toMatchObject({
        status: 1,
        matchStatus: 7,
        homeScore: 2,
        awayScore: 2,
        clock: { matchTime: "75:02" },
      });
      expect(e.markets).toHaveLength(9);
      expect(market(e.markets, 47, "score=41.5")).toMatchObject({ nextBetstop: 12345 });
      // A market without a status attribute is active (the UOF default); outcome activity is per outcome.
      const players = market(e.markets, 188);
      expect(players.status).toBe(1);
      expect(players.outcomes.map((o) => [o.id, o.odds, o.active])).toContainEqual([
        "sr:player:4322",
        1500,
        false,
      ]);
      expect(prices(market(e.markets, 899))["sr:player:10077"]).toBe(200_000);
    },
  );

  sampleTest("vhc_minus5_odds_change_vhc.xml", "a virtual stage with competitor-pair outcomes", () => {
    const e = event("vhc_minus5_odds_change_vhc.xml", "odds_change");
    expect(e).toMatchObject({ producer: 11, eventUrn: "vhc:stage:18361597", requestId: 1 });
    expect(e.markets).toHaveLength(6);
    expect(market(e.markets, 870).outcomes[0]).toEqual({
      id: "sr:competitor:94075,sr:competitor:94137",
      odds: 9500,
      active: false,
    });
  });

  sampleTest("sr_java_bet_settlement.xml", "46 settled markets without a certainty attribute", () => {
    const e = event("sr_java_bet_settlement.xml", "bet_settlement");
    expect(e.certainty).toBeUndefined();
    expect(e.markets).toHaveLength(46);
    expect(market(e.markets, 213, "gamenr=3|setnr=3").outcomes).toEqual([
      { id: "70", result: 0 },
      { id: "72", result: 1 },
    ]);
  });

  sampleTest("sr_minus5_bet_settlement.xml", "confirmed results with half and full void factors", () => {
    const e = event("sr_minus5_bet_settlement.xml", "bet_settlement");
    expect(e).toMatchObject({ certainty: 2, producer: 3, eventUrn: "sr:match:16807109" });
    expect(e.markets.map((m) => m.id)).toEqual([193, 204, 201, 535, 40]);
    expect(market(e.markets, 201).outcomes).toEqual([
      { id: "863", result: 0, voidFactor: 1 },
      { id: "864", result: 0, voidFactor: 0.5 },
      { id: "861", result: 1, voidFactor: 0.5 },
      { id: "862", result: 0 },
    ]);
  });

  sampleTest("sr_java_bet_cancel.xml", "cancelled markets named by specifiers", () => {
    const e = event("sr_java_bet_cancel.xml", "bet_cancel");
    expect(e).toMatchObject({ eventUrn: "sr:match:10237855", requestId: 1 });
    expect(e.markets).toHaveLength(3);
    expect(e.markets[0]).toMatchObject({ id: 312, specifiers: "pointnr=45|setnr=4" });
  });

  sampleTest("sr_minus5_bet_cancel.xml", "a time-boxed cancel with its void reason", () => {
    const e = event("sr_minus5_bet_cancel.xml", "bet_cancel");
    expect(e).toMatchObject({ startTime: 1564597838000, endTime: 1564598513000 });
    expect(e.markets).toEqual([{ id: 62, specifiers: "goalnr=1", voidReason: 12 }]);
  });

  sampleTest("sr_java_rollback_bet_settlement.xml", "the markets whose settlement is undone", () => {
    const e = event("sr_java_rollback_bet_settlement.xml", "rollback_bet_settlement");
    expect(e.markets).toHaveLength(2);
    expect(e.markets[0]).toMatchObject({ id: 312, specifiers: "pointnr=45|setnr=4" });
  });

  sampleTest("sr_java_rollback_bet_cancel.xml", "the markets whose cancellation is undone", () => {
    const e = event("sr_java_rollback_bet_cancel.xml", "rollback_bet_cancel");
    expect(e.markets).toHaveLength(2);
  });

  sampleTest(
    "sr_minus5_rollback_bet_cancel.xml",
    "trimmed by its recorders, no product: refused with the reason",
    () => {
      const r = decode("sr_minus5_rollback_bet_cancel.xml");
      expect(r).toMatchObject({ ok: false, code: "feed.invalid" });
      expect(r.ok ? "" : r.reason).toContain("product");
    },
  );

  sampleTest("sr_java_bet_stop.xml", "all markets of the match stopped", () => {
    expect(event("sr_java_bet_stop.xml", "bet_stop")).toMatchObject({
      eventUrn: "sr:match:9578495",
      groups: ["all"],
      marketStatus: -1,
    });
  });

  sampleTest("sr_java_fixture_change.xml", "a changed start time", () => {
    expect(event("sr_java_fixture_change.xml", "fixture_change")).toMatchObject({
      eventUrn: "sr:match:8816128",
      changeType: 2,
      startTime: 1466436600000,
    });
  });

  sampleTest("sr_java_alive.xml", "a subscribed producer", () => {
    expect(event("sr_java_alive.xml", "alive")).toMatchObject({ producer: 1, subscribed: true });
  });

  sampleTest("sr_java_snapshot_completed.xml", "the end of a recovery", () => {
    expect(event("sr_java_snapshot_completed.xml", "snapshot_complete")).toMatchObject({
      producer: 1,
      requestId: 1,
    });
  });

  sampleTest(
    "sr_java_product_down.xml",
    "the SDK's own notice, never sent on the wire: refused as unknown",
    () => {
      expect(decode("sr_java_product_down.xml")).toMatchObject({ ok: false, code: "feed.unknown_message" });
    },
  );
});

describe("Oddin messages recorded from its feed", () => {
  sampleTest("od_phoenix_odds_change_18036_live.xml", "map scores and Oddin's market numbering", () => {
    const r = decode("od_phoenix_odds_change_18036_live.xml");
    const e = event("od_phoenix_odds_change_18036_live.xml", "odds_change");
    expect(e.status?.periodScores).toEqual([
      { number: 1, type: "map", matchStatusCode: 51, home: 0, away: 0 },
      { number: 2, type: "map", matchStatusCode: 52, home: 0, away: 0 },
      { number: 3, type: "map", matchStatusCode: 53, home: 0, away: 0 },
    ]);
    // 1 match winner, 2 handicap, 3 total maps, 4 correct score, 6 map winner.
    expect(prices(market(e.markets, 186))).toEqual({ "4": 1210, "5": 4160 });
    expect(prices(market(e.markets, 327, "hcp=1.5"))).toEqual({ "1714": 1730, "1715": 2000 });
    expect(prices(market(e.markets, 327, "hcp=-1.5"))).toEqual({ "1714": 1020, "1715": 9400 });
    expect(prices(market(e.markets, 328, "total=2.5"))).toEqual({ "12": 2180, "13": 1620 });
    expect(prices(market(e.markets, 199, "best_of=3"))).toEqual({
      "2:0": 1730,
      "2:1": 3350,
      "1:2": 4900,
      "0:2": 9400,
    });
    expect(prices(market(e.markets, 330, "mapnr=1"))).toEqual({ "4": 1070, "5": 6900 });
    expect(prices(market(e.markets, 330, "mapnr=2"))).toEqual({ "4": 1570, "5": 2320 });
    expect(e.markets).toHaveLength(7);
    // Round and side markets, and the three-way map winner, have no canonical market yet: named, not lost silently.
    expect(r.ok && [...new Set(r.warnings)].sort()).toEqual([
      "unknown market 37",
      "unknown market 6 variant way:three",
      "unknown market 7",
    ]);
  });

  sampleTest("od_phoenix_odds_change_19383_no_odds.xml", "a status update without odds", () => {
    const e = event("od_phoenix_odds_change_19383_no_odds.xml", "odds_change");
    expect(e.status).toMatchObject({ status: 1, matchStatus: 53, homeScore: 1, awayScore: 1 });
    expect(e.status?.periodScores.map((p) => [p.home, p.away])).toEqual([
      [0, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(e.markets).toEqual([]);
  });

  sampleTest(
    "od_phoenix_odds_change_19383_no_status.xml",
    "odds without a status, decided outcomes at 1.00",
    () => {
      const e = event("od_phoenix_odds_change_19383_no_status.xml", "odds_change");
      expect(e.status).toBeUndefined();
      expect(prices(market(e.markets, 186))).toEqual({ "4": 1000, "5": 11_500 });
      expect(prices(market(e.markets, 330, "mapnr=3"))).toEqual({ "4": 1000, "5": 11_500 });
      expect(market(e.markets, 199, "best_of=3").outcomes).toEqual([
        { id: "2:1", odds: 1000, active: true },
        { id: "1:2", odds: 11_500, active: true },
        { id: "2:0", odds: null, active: false },
        { id: "0:2", odds: null, active: false },
      ]);
    },
  );
});

it("every provider XML message in the corpus has its test", () => {
  const files = readdirSync(dir).filter((f) => f.endsWith(".xml"));
  expect(files.length).toBeGreaterThanOrEqual(20);
  expect(files.filter((f) => !covered.has(f))).toEqual([]);
});
