import { type DatabaseHandle, feedProducers, markets, matches } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFrameEncoder } from "../src/adapters.js";
import { createFreshnessMonitor } from "../src/freshness/monitor.js";
import { createIngest, type Ingest, silentLogger } from "../src/ingest/ingest.js";
import type { FeedEvent, Provider } from "../src/model.js";
import { recordingPublisher } from "./helpers.js";

// The provider's clock (simulated time) and the nodes' wall clock differ on purpose: freshness is
// the wall time a node applied a message, whatever the provider's timestamps say.
const PROVIDER_T = Date.UTC(2030, 0, 1, 12);
const WALL_T = Date.UTC(2026, 10, 28, 12);
const URN = "sr:match:4901";
const THRESHOLDS = { live: 5_000, prematch: 30_000 };
const enc = createFrameEncoder();
const frame = (e: FeedEvent) => {
  const f = enc.encode(e, { sportId: 1, live: true });
  if (!f) throw new Error("not encodable");
  return f;
};
const fixture: FeedEvent = {
  kind: "fixture",
  provider: "betradar",
  producer: 0,
  eventUrn: URN,
  timestamp: PROVIDER_T,
  fixture: {
    type: "match",
    startTime: PROVIDER_T,
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
const alive = (ts: number): FeedEvent => ({
  kind: "alive",
  provider: "betradar",
  producer: 1,
  timestamp: ts,
  subscribed: true,
});
const live = (ts: number): FeedEvent => ({
  kind: "odds_change",
  provider: "betradar",
  producer: 1,
  eventUrn: URN,
  timestamp: ts,
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

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`producers' freshness across nodes on ${target.kind}`, () => {
    let handle: DatabaseHandle;
    let ingest: Ingest;
    let wall = WALL_T;
    const recoveries: { provider: Provider; producer: number }[] = [];
    const rec = recordingPublisher();
    const monitor = (node: string) =>
      createFreshnessMonitor({
        database: handle,
        publisher: rec.publisher,
        thresholds: THRESHOLDS,
        locales: ["en"],
        log: silentLogger,
        node,
        now: () => wall,
      });
    const producerRow = async () =>
      (
        await handle.db
          .select()
          .from(feedProducers)
          .where(and(eq(feedProducers.provider, "betradar"), eq(feedProducers.producerId, 1)))
      )[0];
    const marketStatus = async () => {
      const [m] = await handle.db.select().from(matches).where(eq(matches.urnId, URN));
      const [mk] = await handle.db
        .select()
        .from(markets)
        .where(eq(markets.matchId, m?.id ?? 0));
      return mk?.status;
    };

    beforeAll(async () => {
      handle = await target.open("feed_freshness");
      ingest = createIngest({
        db: handle.db,
        publisher: rec.publisher,
        now: () => wall,
        recover: (provider, producer) => recoveries.push({ provider, producer }),
      });
      await ingest.handle(frame(fixture));
      await ingest.handle(frame(alive(PROVIDER_T)));
      wall += 400;
      await ingest.handle(frame(live(PROVIDER_T + 1_000)));
      await ingest.flushFreshness();
    }, 60_000);
    afterAll(async () => {
      await handle?.close();
    });

    it("records when a message and an alive were applied, by the wall clock, in one coalesced write", async () => {
      const row = await producerRow();
      expect(row?.status).toBe("up");
      expect(row?.lastAliveAt?.getTime()).toBe(WALL_T);
      expect(row?.lastMessageAt?.getTime()).toBe(WALL_T + 400);
      expect(ingest.heard()).toEqual([
        { provider: "betradar", producer: 1, messageAt: WALL_T + 400, aliveAt: WALL_T },
      ]);
    });

    it("judges the live producer fresh within its threshold on any node, and stale after it", async () => {
      const node = monitor("node-b");
      wall = WALL_T + 400 + THRESHOLDS.live;
      await node.refresh();
      expect(node.isStale("betradar", true)).toBe(false);
      // the prematch producer was never heard from here, so it is not judged
      expect(node.isStale("betradar", false)).toBe(false);
      expect(node.report().producers).toMatchObject([
        { provider: "betradar", producer: 1, kind: "live", status: "up", silenceMs: 5_000, stale: false },
      ]);
      wall += 1;
      expect(node.isStale("betradar", true)).toBe(true);
    });

    it("takes a silent producer down once, from whichever node notices first", async () => {
      const [b, c] = [monitor("node-b"), monitor("node-c")];
      const before = rec.events.length;
      await Promise.all([b.refresh(), c.refresh()]);
      expect((await producerRow())?.status).toBe("down");
      expect(await marketStatus()).toBe(MARKET_STATUS.suspended);
      const published = rec.events.slice(before).map((e) => [e.channel, e.data.type]);
      expect(published.filter(([, type]) => type === "markets_changed")).toHaveLength(1);
      expect(published.filter(([, type]) => type === "provider_status_changed")).toEqual([
        ["public:en", "provider_status_changed"],
      ]);
      expect(b.isStale("betradar", true) && c.isStale("betradar", true)).toBe(true);
    });

    it("has the leading ingest ask for a recovery when its next write finds the producer down", async () => {
      expect(recoveries).toEqual([]);
      wall += 100;
      await ingest.handle(frame(alive(PROVIDER_T + 2_000)));
      await ingest.flushFreshness();
      expect(recoveries).toEqual([{ provider: "betradar", producer: 1 }]);
      // the bare alive does not bring it back: the recovery's snapshot_complete does
      expect(ingest.providerStatus("betradar")).toBe("down");
      await ingest.handle(frame({ ...live(PROVIDER_T + 3_000), requestId: 1 } as FeedEvent));
      await ingest.handle(
        frame({
          kind: "snapshot_complete",
          provider: "betradar",
          producer: 1,
          timestamp: PROVIDER_T + 3_000,
          requestId: 1,
        }),
      );
      expect(ingest.providerStatus("betradar")).toBe("up");
      expect((await producerRow())?.status).toBe("up");
      expect(await marketStatus()).toBe(MARKET_STATUS.allowed);
      const node = monitor("node-b");
      await node.refresh();
      expect(node.isStale("betradar", true)).toBe(false);
    });
  });
}
