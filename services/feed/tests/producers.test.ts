import type { RealtimePublisher } from "@sportsbook/contracts";
import { type DatabaseHandle, markets, matches } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFrameEncoder } from "../src/adapters.js";
import { createIngest, type Ingest } from "../src/ingest/ingest.js";
import type { FeedEvent } from "../src/model.js";
import { recordingPublisher } from "./helpers.js";

const T = Date.UTC(2026, 10, 22, 10);
const URN = "sr:match:777";
const enc = createFrameEncoder();
const frame = (e: FeedEvent) => {
  const f = enc.encode(e, { sportId: 1, live: true });
  if (!f) throw new Error("not encodable");
  return f;
};
const live = (ts: number, requestId?: number): FeedEvent => ({
  kind: "odds_change",
  provider: "betradar",
  producer: 1,
  eventUrn: URN,
  timestamp: ts,
  ...(requestId !== undefined ? { requestId } : {}),
  status: { status: 1, matchStatus: 6, homeScore: 0, awayScore: 0, periodScores: [] },
  markets: [
    {
      id: 1,
      specifiers: "",
      status: 1,
      outcomes: [
        { id: "1", odds: 2000, active: true },
        { id: "2", odds: 3200, active: true },
        { id: "3", odds: 3900, active: true },
      ],
    },
  ],
});
const alive = (ts: number, subscribed: boolean): FeedEvent => ({
  kind: "alive",
  provider: "betradar",
  producer: 1,
  timestamp: ts,
  subscribed,
});

const fixture: FeedEvent = {
  kind: "fixture",
  provider: "betradar",
  producer: 0,
  eventUrn: URN,
  timestamp: T,
  fixture: {
    type: "match",
    startTime: T,
    sport: { urn: "sr:sport:1", name: "Soccer" },
    category: { urn: "sr:category:1", name: "England" },
    tournament: { urn: "sr:tournament:17", name: "Premier Division" },
    competitors: [
      { urn: "sr:competitor:71", name: "Home", qualifier: "home" },
      { urn: "sr:competitor:72", name: "Away", qualifier: "away" },
    ],
    liveOdds: true,
  },
};

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`producer outages on ${target.kind}`, () => {
    let handle: DatabaseHandle;
    let ingest: Ingest;
    const rec = recordingPublisher();
    const marketStatus = async () => {
      const [m] = await handle.db.select().from(matches).where(eq(matches.urnId, URN));
      const [mk] = await handle.db
        .select()
        .from(markets)
        .where(eq(markets.matchId, m?.id ?? 0));
      return mk?.status;
    };
    beforeAll(async () => {
      handle = await target.open("feed_producers");
      ingest = createIngest({
        db: handle.db,
        publisher: rec.publisher,
        locales: ["en", "de"],
        aliveTimeoutMs: 30_000,
      });
      await ingest.handle(frame(fixture));
      await ingest.handle(frame(alive(T, true)));
      await ingest.handle(frame(live(T + 1000)));
    });
    afterAll(async () => {
      await handle?.close();
    });

    const providerEvents = () => rec.events.filter((e) => e.data.type === "provider_status_changed");

    it("suspends the producer's markets and announces the provider down when it unsubscribes", async () => {
      expect(await marketStatus()).toBe(1);
      await ingest.handle(frame(alive(T + 2000, false)));
      expect(await marketStatus()).toBe(-1);
      expect(
        providerEvents()
          .slice(-2)
          .map((e) => [e.channel, e.data.status]),
      ).toEqual([
        ["public:en", "down"],
        ["public:de", "down"],
      ]);
    });

    it("stays down on a bare alive and comes back after the recovery snapshot", async () => {
      await ingest.handle(frame(alive(T + 60_000, true)));
      expect(ingest.providerStatus("betradar")).toBe("down");
      // the snapshot's odds are stored, but the market stays suspended until the snapshot ends
      await ingest.handle(frame(live(T + 61_000, 5)));
      expect(await marketStatus()).toBe(-1);
      await ingest.handle(
        frame({
          kind: "snapshot_complete",
          provider: "betradar",
          producer: 1,
          timestamp: T + 61_000,
          requestId: 5,
        }),
      );
      expect(ingest.providerStatus("betradar")).toBe("up");
      expect(providerEvents().at(-1)?.data.status).toBe("up");
      expect(await marketStatus()).toBe(1);
    });

    it("takes a producer silent for longer than the timeout as down", async () => {
      await ingest.checkProducers(T + 61_000 + 31_000);
      expect(ingest.providerStatus("betradar")).toBe("down");
      expect(await marketStatus()).toBe(-1);
    });
  });
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`heartbeats in lanes on ${target.kind}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await target.open("feed_heartbeats");
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("a heartbeat passes a match's frame in flight; an unsubscribe waits for it", async () => {
      // the match's odds change stays in flight until its first publication is let through
      let letThrough = () => {};
      const held = new Promise<void>((r) => {
        letThrough = r;
      });
      let holding = false;
      const publisher: RealtimePublisher = {
        async publish(_channel, data) {
          if (holding && (data as { type: string }).type === "markets_changed") await held;
        },
      };
      const ingest = createIngest({ db: handle.db, publisher, lanes: 4 });
      await ingest.handle(frame(fixture));
      await ingest.handle(frame(alive(T, true)));
      holding = true;
      let oddsApplied = false;
      const odds = ingest.handle(frame(live(T + 1000))).then(() => {
        oddsApplied = true;
      });
      await ingest.handle(frame(alive(T + 1500, true)));
      expect(oddsApplied).toBe(false);

      let downApplied = false;
      const down = ingest.handle(frame(alive(T + 2000, false))).then(() => {
        downApplied = true;
      });
      // the heartbeat after the unsubscribe waits for it, and it for the odds change
      const after = ingest.handle(frame(alive(T + 2500, true)));
      await new Promise((r) => setImmediate(r));
      expect(downApplied).toBe(false);
      letThrough();
      await Promise.all([odds, down, after]);
      expect(ingest.providerStatus("betradar")).toBe("down");
    });
  });
}
