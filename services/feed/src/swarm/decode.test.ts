import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeFrame } from "../adapters.js";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../fixtures", name), "utf8");

describe("Swarm adapter (betconstruct)", () => {
  it("turns a games update into a fixture and an odds change with canonical markets", () => {
    const r = decodeFrame({ provider: "betconstruct", body: fixture("swarm_games.json") });
    if (!r.ok) throw new Error(r.reason);
    const [fx, odds] = r.events;
    expect(fx).toMatchObject({
      kind: "fixture",
      eventUrn: "bc:match:22300411",
      fixture: {
        startTime: 1700003600000,
        sport: { urn: "bc:sport:1", name: "Soccer" },
        category: { urn: "bc:category:77", name: "France" },
        tournament: { urn: "bc:tournament:545", name: "Division Une" },
        competitors: [
          { urn: "bc:competitor:501", name: "Riverton FC", qualifier: "home" },
          { urn: "bc:competitor:502", name: "Ashford Rovers", qualifier: "away" },
        ],
      },
    });
    if (odds?.kind !== "odds_change") throw new Error("expected odds_change");
    expect(odds.producer).toBe(1);
    expect(odds.status).toMatchObject({
      status: 1,
      matchStatus: 7,
      homeScore: 2,
      awayScore: 1,
      clock: { matchTime: "58:00" },
    });
    expect(odds.markets).toEqual([
      {
        id: 1,
        specifiers: "",
        status: 1,
        outcomes: [
          { id: "1", odds: 1420, active: true },
          { id: "2", odds: 4200, active: true },
          { id: "3", odds: 7500, active: true },
        ],
      },
      {
        id: 18,
        specifiers: "total=3.5",
        status: -1,
        outcomes: [
          { id: "12", odds: 1950, active: true },
          { id: "13", odds: 1800, active: true },
        ],
      },
    ]);
    expect(r.warnings).toEqual(["unknown market type Corners"]);
  });

  it("turns results into settlements with half results and refunds, and cancels", () => {
    const r = decodeFrame({ provider: "betconstruct", body: fixture("swarm_results.json") });
    if (!r.ok) throw new Error(r.reason);
    const [settlement, cancel] = r.events;
    if (settlement?.kind !== "bet_settlement") throw new Error("expected bet_settlement");
    expect(settlement.markets).toEqual([
      {
        id: 1,
        specifiers: "",
        outcomes: [
          { id: "1", result: 1 },
          { id: "2", result: 0 },
          { id: "3", result: 0 },
        ],
      },
      {
        id: 16,
        specifiers: "hcp=-0.75",
        outcomes: [
          { id: "1714", result: 1, voidFactor: 0.5 },
          { id: "1715", result: 0, voidFactor: 0.5 },
        ],
      },
      {
        id: 18,
        specifiers: "total=3",
        outcomes: [
          { id: "12", result: 0, voidFactor: 1 },
          { id: "13", result: 0, voidFactor: 1 },
        ],
      },
    ]);
    expect(cancel).toMatchObject({
      kind: "bet_cancel",
      markets: [{ id: 29, specifiers: "", voidReason: 10 }],
    });
  });

  it("reads a heartbeat as the producer's alive message", () => {
    const r = decodeFrame({
      provider: "betconstruct",
      body: '{"command":"heartbeat","ts":5,"params":{"alive":false}}',
    });
    expect(r.ok && r.events[0]).toMatchObject({ kind: "alive", subscribed: false, timestamp: 5 });
  });

  const bad: [string, string, string][] = [
    ["truncated JSON", '{"subid":"games","ts":1,"data":{', "feed.malformed"],
    ["a JSON array", "[1,2]", "feed.unknown_message"],
    ["an unknown subscription", '{"subid":"news","ts":1,"data":{}}', "feed.unknown_message"],
    [
      "a negative price",
      '{"subid":"games","ts":1,"data":{"sport":{"1":{"id":1,"region":{"2":{"id":2,"competition":{"3":{"id":3,"game":{"4":{"id":4,"market":{"5":{"id":5,"type":"P1XP2","event":{"6":{"id":6,"type":"P1","price":-2}}}}}}}}}}}}}}',
      "feed.invalid",
    ],
    [
      "an unknown result",
      '{"subid":"results","ts":1,"data":{"game":{"4":{"market":{"5":{"type":"P1XP2","event":{"6":{"type":"P1","result":"maybe"}}}}}}}}',
      "feed.invalid",
    ],
    [
      "a non-numeric game key",
      '{"subid":"results","ts":1,"data":{"game":{"x":{"market":{}}}}}',
      "feed.invalid",
    ],
  ];
  for (const [name, body, code] of bad) {
    it(`rejects ${name}`, () => {
      const r = decodeFrame({ provider: "betconstruct", body });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.code).toBe(code);
    });
  }
});
