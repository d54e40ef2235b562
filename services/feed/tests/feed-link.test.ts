import { createApi } from "@sportsbook/api";
import { publicChannel } from "@sportsbook/contracts";
import { startTcpProxy, type TcpProxy } from "@sportsbook/contracts/testing/tcp-proxy";
import { type DatabaseHandle, markets, matches } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { MARKET_STATUS, MATCH_STATUS } from "@sportsbook/domain";
import amqp from "amqplib";
import { and, count, eq, inArray } from "drizzle-orm";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFeed, type Feed } from "../src/feed.js";
import { EXCHANGES } from "../src/transport/amqp.js";
import { recordingPublisher } from "./helpers.js";
import { type PrivateVhost, privateVhost, rabbitmqctlWorks } from "./rabbit.js";

const url = process.env.TEST_AMQP_URL;
const brokerPort = url ? Number(new URL(url).port || 5672) : 0;
const [pglite] = databaseTargets();
// fast retries, so each outage ends within the test; the pace itself is proven in amqp-link.test.ts
const retry = { firstMs: 50, maxMs: 400, refusedMs: 500 };

/** A request every 100 ms through the API while an outage plays; every answer must be a 200. */
function keepAsking(app: Awaited<ReturnType<typeof createApi>>["app"]) {
  let asking = true;
  const result = { ok: 0, failed: [] as string[] };
  const loop = (async () => {
    while (asking) {
      try {
        const res = await app.inject("/api/matches");
        if (res.statusCode === 200) result.ok++;
        else result.failed.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
      } catch (err) {
        result.failed.push(String(err));
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      asking = false;
      await loop;
      return result;
    },
  };
}

describe.skipIf(!url || !rabbitmqctlWorks || !pglite)(
  "the feed's broker connection fails into its own part (own vhost by rabbitmqctl and a TCP proxy; skipped without rabbitmqctl or TEST_AMQP_URL)",
  { timeout: 180_000 },
  () => {
    let vh: PrivateVhost;
    let proxy: TcpProxy;
    let database: DatabaseHandle;
    let api: Awaited<ReturnType<typeof createApi>>;
    let feed: Feed;
    let registry: Registry;
    const { events, publisher } = recordingPublisher();

    function startFeed(): Feed {
      registry = new Registry();
      return createFeed({
        db: database.db,
        publisher,
        metrics: registry,
        seed: "link",
        speed: 1,
        matches: 6,
        amqpUrl: vh.url(proxy.port),
        retry,
        random: () => 0.5,
      });
    }

    /** Open markets of matches not yet over: none while the feed cannot hear its producers. */
    async function openMarkets(): Promise<number> {
      const [row] = await database.db
        .select({ n: count() })
        .from(markets)
        .innerJoin(matches, eq(matches.id, markets.matchId))
        .where(
          and(
            eq(markets.status, MARKET_STATUS.allowed),
            inArray(matches.status, [MATCH_STATUS.prematch, MATCH_STATUS.live]),
          ),
        );
      return row?.n ?? 0;
    }

    const providerStatus = (from: number) =>
      events
        .slice(from)
        .filter((e) => e.data.type === "provider_status_changed" && e.channel === publicChannel("en"))
        .map((e) => `${e.data.provider} ${e.data.status}`);

    async function resumed(): Promise<void> {
      await vi.waitFor(
        async () => {
          expect(feed.link().state).toBe("up");
          expect(await openMarkets()).toBeGreaterThan(0);
        },
        { timeout: 60_000, interval: 100 },
      );
    }

    /**
     * Plays an outage: `cut` takes the broker away, `whileDown` checks what players and operators
     * see, `restore` brings it back; the API answers throughout and the feed resumes after.
     */
    async function outage(play: {
      cut(): Promise<unknown>;
      whileDown?(): Promise<void>;
      restore?(): Promise<unknown>;
    }): Promise<string[]> {
      const from = events.length;
      const asking = keepAsking(api.app);
      await play.cut();
      if (play.whileDown) await play.whileDown();
      // players are told before anything comes back
      await vi.waitFor(() => expect(providerStatus(from)).toContain("betradar down"), {
        timeout: 30_000,
        interval: 50,
      });
      await play.restore?.();
      await resumed();
      // every provider told down is told up again once its producers' recovery has run
      await vi.waitFor(
        () => {
          const told = providerStatus(from);
          for (const p of ["betradar", "oddin", "betconstruct"])
            if (told.includes(`${p} down`))
              expect(told.lastIndexOf(`${p} up`)).toBeGreaterThan(told.lastIndexOf(`${p} down`));
        },
        { timeout: 60_000, interval: 100 },
      );
      const answered = await asking.stop();
      expect(answered.failed).toEqual([]);
      expect(answered.ok).toBeGreaterThan(0);
      return providerStatus(from);
    }

    beforeAll(async () => {
      vh = await privateVhost("feed");
      await vh.grant(".*", ".*", ".*");
      proxy = await startTcpProxy({ host: "127.0.0.1", port: brokerPort });
      database = await (pglite as NonNullable<typeof pglite>).open("feed_link");
      api = await createApi({
        database,
        realtimeTokenSecret: "a-test-secret-of-at-least-32-bytes!",
        links: () => ({ feed: feed.link() }),
      });
      feed = startFeed();
      await feed.start();
      await resumed();
    });
    afterAll(async () => {
      await feed?.stop();
      await api?.stop();
      await database?.close();
      await proxy?.close();
      await vh?.remove();
    });

    it("broker stopped and started again: markets suspended while down, /ready says why, the feed resumes", async () => {
      const told = await outage({
        cut: () => proxy.refuse(),
        async whileDown() {
          await vi.waitFor(() => expect(feed.link().state).toBe("down"), { timeout: 20_000 });
          await feed.settled();
          expect(await openMarkets()).toBe(0);
          const ready = JSON.parse((await api.app.inject("/api/ready")).body);
          expect(ready).toMatchObject({
            status: "ready",
            links: {
              feed: { state: "down", cause: expect.stringMatching(/AMQP_URL (was lost|cannot be reached)/) },
            },
          });
          const text = await registry.metrics();
          expect(text).toMatch(/sportsbook_feed_link_up\{link="amqp"\} 0/);
          expect(text).toMatch(/sportsbook_feed_link_failures_total\{link="amqp",kind="[a-z]+"\} [1-9]/);
        },
        restore: () => proxy.restore(),
      });
      expect(told).toEqual(
        expect.arrayContaining(["betradar down", "oddin down", "betradar up", "oddin up"]),
      );
      expect(told.indexOf("betradar down")).toBeLessThan(told.lastIndexOf("betradar up"));
      expect(await registry.metrics()).toMatch(/sportsbook_feed_link_up\{link="amqp"\} 1/);
    });

    it("a connection closed by the broker (320 CONNECTION_FORCED): producers down, then recovered", async () => {
      const told = await outage({ cut: async () => expect(await vh.closeConnections()).toBeGreaterThan(0) });
      expect(told).toEqual(expect.arrayContaining(["betradar down", "betradar up"]));
      expect(told.indexOf("betradar down")).toBeLessThan(told.lastIndexOf("betradar up"));
    });

    it("a channel error mid-stream (its exchange deleted under it): the session is renewed and the feed recovers", async () => {
      const admin = await amqp.connect(vh.url(brokerPort));
      try {
        const told = await outage({
          async cut() {
            const ch = await admin.createChannel();
            await ch.deleteExchange(EXCHANGES.betradar);
            await ch.close();
          },
        });
        expect(told).toEqual(expect.arrayContaining(["betradar down", "betradar up"]));
        const ch = await admin.createChannel();
        // declared again by the renewed session
        await ch.checkExchange(EXCHANGES.betradar);
        await ch.close();
      } finally {
        await admin.close();
      }
    });

    it("a user without configure permission: reported at start naming AMQP_URL, markets suspended, resumes once granted", async () => {
      await feed.stop();
      await vh.grant("", ".*", ".*");
      feed = startFeed();
      const told = await outage({
        async cut() {
          await feed.start();
          expect(feed.link(), feed.link().cause).toMatchObject({ state: "down", refused: true });
        },
        async whileDown() {
          await feed.settled();
          expect(await openMarkets()).toBe(0);
          const ready = JSON.parse((await api.app.inject("/api/ready")).body);
          expect(ready.links.feed).toMatchObject({ state: "down", refused: true });
          expect(ready.links.feed.cause).toMatch(/ACCESS_REFUSED.*AMQP_URL/);
        },
        restore: () => vh.grant(".*", ".*", ".*"),
      });
      expect(told).toEqual(expect.arrayContaining(["betradar down", "betradar up"]));
    });
  },
);
