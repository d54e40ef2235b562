import { type DatabaseHandle, feedProducers, markets, matches } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSwarmFeed } from "../src/swarm/swarm-feed.js";
import { recordingPublisher } from "./helpers.js";
import { swarmServer } from "./swarm-server.js";

const [pglite] = databaseTargets();

describe.skipIf(!pglite)(
  "the Swarm feed into the ingest, against a local Swarm server",
  { timeout: 60_000 },
  () => {
    const server = swarmServer();
    let database: DatabaseHandle;
    let feed: ReturnType<typeof createSwarmFeed>;
    const { publisher } = recordingPublisher();

    async function openMarkets(): Promise<number> {
      const [row] = await database.db
        .select({ n: count() })
        .from(markets)
        .innerJoin(matches, eq(matches.id, markets.matchId))
        .where(and(eq(matches.provider, "betconstruct"), eq(markets.status, MARKET_STATUS.allowed)));
      return row?.n ?? 0;
    }
    const liveProducer = async () =>
      (
        await database.db
          .select({ status: feedProducers.status })
          .from(feedProducers)
          .where(and(eq(feedProducers.provider, "betconstruct"), eq(feedProducers.producerId, 1)))
      )[0]?.status;

    beforeAll(async () => {
      database = await (pglite as NonNullable<typeof pglite>).open("swarm_feed");
      feed = createSwarmFeed({
        db: database.db,
        publisher,
        url: server.url(),
        siteId: 7,
        retry: { firstMs: 200, maxMs: 400, refusedMs: 1_000 },
        random: () => 0.5,
      });
      await feed.start();
    });
    afterAll(async () => {
      await feed?.stop();
      await database?.close();
      await server.close();
    });

    it("writes the subscribed games and their prices, and keeps the producer alive by its pongs", async () => {
      await vi.waitFor(async () => expect(await openMarkets()).toBeGreaterThan(0), { timeout: 20_000 });
      await vi.waitFor(async () => expect(await liveProducer()).toBe("up"), { timeout: 20_000 });
      const [m] = await database.db.select().from(matches).where(eq(matches.urnId, "bc:match:10"));
      expect(m?.provider).toBe("betconstruct");
    });

    it("a dropped connection suspends the markets until a new session has subscribed again", async () => {
      server.dropAll();
      await vi.waitFor(async () => expect(feed.link().state).toBe("down"), { timeout: 5_000 });
      await feed.settled();
      expect(await liveProducer()).toBe("down");
      expect(await openMarkets()).toBe(0);
      await vi.waitFor(async () => expect(await openMarkets()).toBeGreaterThan(0), { timeout: 20_000 });
      await vi.waitFor(async () => expect(await liveProducer()).toBe("up"), { timeout: 20_000 });
    });
  },
);
