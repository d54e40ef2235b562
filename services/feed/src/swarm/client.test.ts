import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { swarmServer } from "../../tests/swarm-server.js";
import { createFrameDecoder } from "../adapters.js";
import type { FeedEvent, FeedFrame } from "../model.js";
import type { FeedTransport } from "../transport/transport.js";
import { createSwarmTransport } from "./client.js";

const sample = (name: string) =>
  readFileSync(join(import.meta.dirname, "../../fixtures/providers", name), "utf8");

describe("the Swarm WebSocket client against a local Swarm server", () => {
  const server = swarmServer();
  const policy = { firstMs: 20, maxMs: 100, refusedMs: 400 };
  let transport: FeedTransport | undefined;
  const frames: FeedFrame[] = [];
  const decode = createFrameDecoder({ now: () => 1_800_000_000_000 });
  const events: FeedEvent[] = [];
  const failures: string[] = [];
  const told: string[] = [];

  beforeAll(async () => {
    transport = createSwarmTransport({
      url: server.url(),
      siteId: 7,
      subscriptions: [
        {
          what: { sport: [], region: [], competition: [], game: [], market: [], event: [] },
          where: { sport: { id: 1 } },
        },
      ],
      policy,
      random: () => 0.5,
      health: { linkFailed: (_l, kind) => failures.push(kind), linkState() {} },
    });
    transport.onStatus((st) => told.push(st.state));
    await transport.subscribe(async ({ frame }) => {
      frames.push(frame);
      const r = decode(frame);
      if (r.ok) events.push(...r.events);
    });
  });
  afterAll(async () => {
    await transport?.close();
    await server.close();
  });

  it("asks for a session with the site id, subscribes, hands the answer on whole and says the producer is alive", async () => {
    await vi.waitFor(() => expect(transport?.status().state).toBe("up"), { timeout: 5_000 });
    expect(server.commands.map((c) => c.command)).toEqual(["request_session", "get"]);
    expect(server.commands[0]?.params).toEqual({ site_id: 7, language: "eng" });
    expect(server.commands[1]?.params).toMatchObject({
      source: "betting",
      subscribe: true,
      where: { sport: { id: 1 } },
    });
    await vi.waitFor(() => expect(events.map((e) => e.kind)).toEqual(["fixture", "odds_change", "alive"]));
    expect(events[0]).toMatchObject({
      eventUrn: "bc:match:10",
      fixture: { competitors: [{ name: "Sevilla" }, { name: "Getafe" }] },
    });
    expect(events[2]).toMatchObject({ provider: "betconstruct", subscribed: true });
  });

  it("merges the deltas that follow, the recorded samples included, into the same session", async () => {
    const from = events.length;
    const subid = "games-1";
    server.push(
      JSON.stringify({
        code: 0,
        rid: "0",
        data: {
          [subid]: {
            sport: {
              "1": {
                region: {
                  "2": {
                    competition: {
                      "3": { game: { "10": { market: { "100": { event: { "1000": { price: 1.44 } } } } } } },
                    },
                  },
                },
              },
            },
          },
        },
      }),
    );
    server.push(sample("bc_derekkai_swarm_gamelist.json"));
    server.push(sample("bc_derekkai_swarm_market.json"));
    await vi.waitFor(() => expect(frames.length).toBeGreaterThanOrEqual(5));
    const odds = events.slice(from).find((e) => e.kind === "odds_change" && e.eventUrn === "bc:match:10");
    expect(
      odds?.kind === "odds_change" && odds.markets[0]?.outcomes.find((o) => o.odds === 1440),
    ).toBeTruthy();
    // the game-list sample names a new game: its fixture comes through the same session
    expect(events.slice(from).some((e) => e.kind === "fixture" && e.eventUrn === "bc:match:14089039")).toBe(
      true,
    );
  });

  it("reconnects after the server drops it, with backoff, and subscribes again in a new session", async () => {
    const before = server.commands.length;
    server.setHome(1.6);
    const from = events.length;
    server.dropAll();
    // told down once, then up once it has subscribed again
    await vi.waitFor(() => expect(told).toEqual(["down", "up"]), { timeout: 5_000 });
    expect(failures).toEqual(["lost"]);
    expect(server.commands.slice(before).map((c) => c.command)).toEqual(["request_session", "get"]);
    // the new answer holds the prices as they are now
    await vi.waitFor(() => {
      const odds = events.slice(from).find((e) => e.kind === "odds_change");
      expect(odds?.kind === "odds_change" && odds.markets[0]?.outcomes.some((o) => o.odds === 1600)).toBe(
        true,
      );
    });
  });

  it("a refused session (a wrong site id) names the setting and is retried at the slow pace", async () => {
    const waits: number[] = [];
    const refused = createSwarmTransport({
      url: server.url(),
      siteId: 8,
      subscriptions: [{ what: { game: [] } }],
      policy,
      random: () => 0.5,
      timer: {
        set: (fn, ms) => {
          waits.push(ms);
          return setTimeout(fn, ms);
        },
        clear: (h) => clearTimeout(h as NodeJS.Timeout),
      },
    });
    try {
      await refused.subscribe(async () => {});
      await vi.waitFor(() => expect(refused.status()).toMatchObject({ state: "down", refused: true }), {
        timeout: 5_000,
      });
      expect(refused.status().cause).toMatch(
        /session refused \(code 12: Invalid site id\): check FEED_PROVIDER_SITE_ID/,
      );
      expect(waits).toContain(400);
    } finally {
      await refused.close();
    }
  });
});
