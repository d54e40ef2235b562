import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFrameDecoder } from "../adapters.js";
import type { DecodeResult } from "../decode-result.js";
import type { FeedEvent } from "../model.js";
import { mergeDelta } from "./session.js";

const T = 1_700_000_000_000;
const sample = (name: string) =>
  readFileSync(join(import.meta.dirname, "../../fixtures/providers", name), "utf8");

function events(r: DecodeResult): FeedEvent[] {
  if (!r.ok) throw new Error(r.reason);
  return r.events;
}

function odds(r: DecodeResult) {
  const e = events(r).find((x) => x.kind === "odds_change");
  if (e?.kind !== "odds_change") throw new Error("expected an odds change");
  return e;
}

/** Swarm's nesting for one game of soccer's Spanish league, as an answer or a delta carries it. */
const nest = (game: Record<string, unknown>) => ({
  sport: { "1": { region: { "2": { competition: { "3": { game: { "10": game } } } } } } },
});

describe("Swarm's own answers and subscription deltas", () => {
  it("merges a delta into the last state: objects key by key, null removes", () => {
    const state = { a: { b: 1, c: { d: 2 } }, e: 3 };
    mergeDelta(state, { a: { c: { d: null, f: 4 } }, e: null, g: { h: null, i: 5 } });
    expect(state).toEqual({ a: { b: 1, c: { f: 4 } }, g: { i: 5 } });
  });

  it("reads a real game-list update: a new game becomes a fixture, a price-only delta for an unknown market waits", () => {
    const decode = createFrameDecoder({ now: () => T });
    const r = decode({ provider: "betconstruct", body: sample("bc_derekkai_swarm_gamelist.json") });
    const [fixture, status] = events(r);
    expect(fixture).toMatchObject({
      kind: "fixture",
      eventUrn: "bc:match:14089039",
      producer: 3,
      timestamp: T,
      fixture: {
        startTime: 1_557_307_800_000,
        competitors: [
          { urn: "bc:competitor:239422", name: "Dark", qualifier: "home" },
          { urn: "bc:competitor:239421", name: "DongRaeGu", qualifier: "away" },
        ],
      },
    });
    // Swarm sends scores as text ("0"); they are read as numbers.
    expect(status).toMatchObject({ kind: "odds_change", status: { status: 0, homeScore: 0, awayScore: 0 } });
    expect(r.ok && r.warnings).toEqual([
      "market 294677879 of game 14585005 is not known yet; its update is ignored",
    ]);
  });

  it("reads a real market update: an unmapped market type is named, nothing is made up", () => {
    const decode = createFrameDecoder({ now: () => T });
    const r = decode({ provider: "betconstruct", body: sample("bc_derekkai_swarm_market.json") });
    expect(events(r)).toEqual([]);
    expect(r.ok && r.warnings).toEqual([
      "market 302536345 of game 14600250 is not known yet; its update is ignored",
      "unknown market type Map1RoundsHandicap",
    ]);
  });

  it("follows a subscription from its answer through price, removal and market deltas", () => {
    const decode = createFrameDecoder({ now: () => T });
    const send = (frame: unknown) => decode({ provider: "betconstruct", body: JSON.stringify(frame) });
    const answer = send({
      code: 0,
      rid: "7",
      data: {
        subid: "s1",
        data: {
          sport: {
            "1": {
              id: 1,
              name: "Soccer",
              region: {
                "2": {
                  id: 2,
                  name: "Spain",
                  competition: {
                    "3": {
                      id: 3,
                      name: "La Liga",
                      game: {
                        "10": {
                          id: 10,
                          team1_id: 41,
                          team1_name: "Sevilla ",
                          team2_id: 42,
                          team2_name: "Getafe",
                          start_ts: 1_700_000_000,
                          type: 1,
                          info: {
                            current_game_state: "set1",
                            current_game_time: "23",
                            score1: "1",
                            score2: "0",
                          },
                          market: {
                            "100": {
                              id: 100,
                              type: "P1XP2",
                              event: {
                                "1000": { id: 1000, type: "P1", price: 1.5 },
                                "1001": { id: 1001, type: "X", price: 3.9 },
                                "1002": { id: 1002, type: "P2", price: 6.25 },
                              },
                            },
                            "101": {
                              id: 101,
                              type: "OverUnder",
                              base: 2.5,
                              event: {
                                "1010": { id: 1010, type: "Over", price: 1.8 },
                                "1011": { id: 1011, type: "Under", price: 2 },
                              },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(events(answer)[0]).toMatchObject({
      kind: "fixture",
      eventUrn: "bc:match:10",
      fixture: { tournament: { name: "La Liga" }, competitors: [{ name: "Sevilla" }, { name: "Getafe" }] },
    });
    expect(odds(answer)).toMatchObject({
      producer: 1,
      status: { status: 1, homeScore: 1, awayScore: 0, clock: { matchTime: "23:00" } },
    });
    expect(odds(answer).markets.map((m) => [m.id, m.specifiers, m.outcomes.length])).toEqual([
      [1, "", 3],
      [18, "total=2.5", 2],
    ]);

    // A price alone: the market is reported whole, from the state the answer left.
    const price = odds(
      send({
        code: 0,
        rid: "0",
        data: { s1: nest({ market: { "100": { event: { "1000": { price: 1.55 } } } } }) },
      }),
    );
    expect(price.status).toBeUndefined();
    expect(price.markets).toEqual([
      {
        id: 1,
        specifiers: "",
        status: 1,
        outcomes: [
          { id: "1", odds: 1550, active: true },
          { id: "2", odds: 3900, active: true },
          { id: "3", odds: 6250, active: true },
        ],
      },
    ]);

    // A removed outcome leaves the market; a blocked market is suspended.
    const removed = odds(
      send({
        code: 0,
        rid: "0",
        data: { s1: nest({ market: { "100": { is_blocked: 1, event: { "1002": null } } } }) },
      }),
    );
    expect(removed.markets[0]).toMatchObject({ status: -1, outcomes: [{ id: "1" }, { id: "2" }] });

    // A removed market is reported hidden, from what the session knew of it.
    const gone = odds(send({ code: 0, rid: "0", data: { s1: nest({ market: { "101": null } }) } }));
    expect(gone.markets).toEqual([expect.objectContaining({ id: 18, specifiers: "total=2.5", status: 0 })]);

    // A score change updates the status only.
    const goal = odds(send({ code: 0, rid: "0", data: { s1: nest({ info: { score2: "1" } }) } }));
    expect(goal.status).toMatchObject({ homeScore: 1, awayScore: 1 });
    expect(goal.markets).toEqual([]);
  });

  it("refuses an error answer and a frame that is not Swarm's, with the reason", () => {
    const decode = createFrameDecoder({ now: () => T });
    const send = (body: string) => decode({ provider: "betconstruct", body });
    expect(send(JSON.stringify({ code: 12, rid: "3", msg: "invalid credentials", data: null }))).toEqual({
      ok: false,
      code: "feed.invalid",
      reason: "Swarm answered code 12: invalid credentials",
    });
    expect(send(JSON.stringify({ code: "0", rid: "3", data: {} }))).toMatchObject({
      ok: false,
      code: "feed.invalid",
    });
    expect(send("[1, 2]")).toMatchObject({ ok: false, code: "feed.unknown_message" });
  });
});
