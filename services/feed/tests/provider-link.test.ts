import { matchChannel } from "@sportsbook/contracts";
import {
  type DatabaseHandle,
  feedCheckpoints,
  feedProducers,
  markets,
  matches,
  sports,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { MARKET_STATUS, MATCH_STATUS } from "@sportsbook/domain";
import amqp from "amqplib";
import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { afterSource, createProviderFeed, type ProviderFeed } from "../src/provider/provider-feed.js";
import { signedInUrl } from "../src/provider/uof-transport.js";
import { type StandInProvider, startStandInProvider } from "../src/standin/provider.js";
import { recordingPublisher } from "./helpers.js";
import { rabbitmqctlWorks } from "./rabbit.js";

const url = process.env.TEST_AMQP_URL;
const [pglite] = databaseTargets();
const NODE = 7;

describe.skipIf(!url || !rabbitmqctlWorks || !pglite)(
  "a UOF provider's feed through the local stand-in (its own vhost by rabbitmqctl; skipped without rabbitmqctl or TEST_AMQP_URL)",
  { timeout: 90_000 },
  () => {
    let standIn: StandInProvider;
    let database: DatabaseHandle;
    let registry: Registry;
    let feed: ProviderFeed | undefined;
    let driving: NodeJS.Timeout | undefined;
    const { publisher, events: publisherEvents } = recordingPublisher();

    const drive = (on: boolean) => {
      if (driving) clearInterval(driving);
      driving = on ? setInterval(() => void standIn.advanceTo(Date.now()), 100) : undefined;
    };

    function newFeed(): ProviderFeed {
      registry = new Registry();
      return createProviderFeed({
        db: database.db,
        publisher,
        metrics: registry,
        provider: "betradar",
        token: standIn.token,
        endpoints: standIn.endpoints,
        nodeId: NODE,
        locales: ["en", "de"],
        aliveTimeoutMs: 3_000,
        watchMs: 100,
        apiAttempts: 1,
        retry: { firstMs: 100, maxMs: 400, refusedMs: 500 },
        random: () => 0.5,
      });
    }

    async function producerStatus(): Promise<Record<number, string>> {
      const rows = await database.db
        .select({ id: feedProducers.producerId, status: feedProducers.status })
        .from(feedProducers)
        .where(eq(feedProducers.provider, "betradar"));
      return Object.fromEntries(rows.map((r) => [r.id, r.status]));
    }

    async function openMarkets(): Promise<number> {
      const [row] = await database.db
        .select({ n: count() })
        .from(markets)
        .innerJoin(matches, eq(matches.id, markets.matchId))
        .where(
          and(
            eq(matches.provider, "betradar"),
            eq(markets.status, MARKET_STATUS.allowed),
            inArray(matches.status, [MATCH_STATUS.prematch, MATCH_STATUS.live]),
          ),
        );
      return row?.n ?? 0;
    }

    /** The provider's markets open, and those whose last message sent them open. */
    async function marketCounts(): Promise<{ open: number; sentOpen: number }> {
      const [row] = await database.db
        .select({
          open: sql<number>`count(*) filter (where ${markets.status} = ${MARKET_STATUS.allowed})`.mapWith(
            Number,
          ),
          // settled or cancelled markets keep the status last sent but are no longer the feed's to open
          sentOpen: sql<number>`count(*) filter (where ${markets.feedStatus} = ${MARKET_STATUS.allowed}
            and ${markets.status} in (${MARKET_STATUS.allowed}, ${MARKET_STATUS.suspended}))`.mapWith(Number),
        })
        .from(markets)
        .innerJoin(matches, eq(matches.id, markets.matchId))
        .where(
          and(
            eq(matches.provider, "betradar"),
            inArray(matches.status, [MATCH_STATUS.prematch, MATCH_STATUS.live]),
          ),
        );
      return { open: row?.open ?? 0, sentOpen: row?.sentOpen ?? 0 };
    }

    const served = (path: RegExp) => standIn.api.requests.filter((r) => path.test(r.path));

    beforeAll(async () => {
      standIn = await startStandInProvider({
        provider: "betradar",
        adminUrl: url as string,
        seed: "standin",
        matches: 6,
        startTime: Date.now(),
        autoAnswer: false,
      });
      database = await (pglite as NonNullable<typeof pglite>).open("provider_link");
      drive(true);
    });
    afterAll(async () => {
      drive(false);
      await feed?.stop();
      await database?.close();
      await standIn?.stop();
    });

    it("the bookmaker's user may read the provider's exchange but declare no exchange and no named queue", async () => {
      const conn = await amqp.connect(
        signedInUrl(standIn.endpoints.amqpUrl, standIn.token, standIn.virtualHost),
      );
      try {
        const refused = async (declare: (ch: amqp.Channel) => Promise<unknown>) => {
          const ch = await conn.createChannel();
          // the refusal closes the channel; the rejected call is what is checked
          ch.on("error", () => {});
          return declare(ch).then(
            () => "allowed",
            (err: unknown) => String(err),
          );
        };
        expect(await refused((ch) => ch.assertExchange("unifiedfeed", "topic", { durable: true }))).toMatch(
          /ACCESS_REFUSED/,
        );
        expect(await refused((ch) => ch.assertQueue("sportsbook.feed", { durable: true }))).toMatch(
          /ACCESS_REFUSED/,
        );
        const ch = await conn.createChannel();
        const { queue } = await ch.assertQueue("", { exclusive: true });
        expect(queue).toMatch(/^amq\.gen-/);
        await ch.bindQueue(queue, "unifiedfeed", "-.-.-.#");
      } finally {
        await conn.close();
      }
    });

    it("signs in, binds its own queue, fetches fixtures once per event and language, and is down until its own snapshot ends", async () => {
      feed = newFeed();
      await feed.start();
      await vi.waitFor(() => expect(feed?.link().state).toBe("up"), { timeout: 20_000 });
      await vi.waitFor(() => expect(standIn.recoveries.length).toBe(2), { timeout: 20_000 });
      // a first start knows no earlier alive: a full recovery of each producer, for this node
      expect(standIn.recoveries.map((r) => [r.producer, r.after, r.nodeId]).sort()).toEqual([
        [1, undefined, NODE],
        [3, undefined, NODE],
      ]);
      expect(await producerStatus()).toEqual({ 1: "down", 3: "down" });
      expect(feed.recoveryLinks()["betradar.producer.1"]).toMatchObject({
        state: "down",
        cause: expect.stringMatching(/waiting for snapshot_complete of request \d+ \(full\)/),
      });

      // the fixtures come from the API, never from the feed, once per event and language
      await vi.waitFor(
        async () => {
          const [row] = await database.db
            .select({ n: count() })
            .from(matches)
            .where(eq(matches.provider, "betradar"));
          expect(row?.n ?? 0).toBeGreaterThan(0);
        },
        { timeout: 20_000 },
      );
      const fetched = served(/fixture\.xml$/).map((r) => r.path);
      expect(fetched.some((p) => p.startsWith("/v1/sports/de/"))).toBe(true);
      expect(new Set(fetched).size).toBe(fetched.length);
      // the market descriptions are read once, at sign-in
      expect(served(/markets\.xml$/).map((r) => r.path)).toEqual(["/v1/descriptions/en/markets.xml"]);

      // another request's end (another node's, or an earlier run's) brings nothing up
      const dropped = feed.ingest.stats().dropped;
      await standIn.publish(
        "-.-.-.snapshot_complete.-.-.-.-",
        `<snapshot_complete request_id="1" timestamp="${Date.now()}" product="1"/>`,
      );
      await vi.waitFor(() => expect(feed?.ingest.stats().dropped).toBeGreaterThan(dropped), {
        timeout: 10_000,
      });
      expect((await producerStatus())[1]).toBe("down");

      // malformed input from the provider is refused with a code and counted
      await standIn.publish("-.-.-.odds_change.-.-.-.-", "<odds_change product=");
      await vi.waitFor(
        async () =>
          expect(await registry.metrics()).toMatch(
            /sportsbook_feed_messages_rejected_total\{provider="betradar",code="feed.malformed"\} 1/,
          ),
        { timeout: 10_000 },
      );

      // odds keep coming while the producers recover: prices are stored, every market stays suspended
      await vi.waitFor(async () => expect((await marketCounts()).sentOpen).toBeGreaterThan(0), {
        timeout: 20_000,
      });
      expect((await marketCounts()).open).toBe(0);

      await standIn.answerRecoveries();
      await vi.waitFor(async () => expect(await producerStatus()).toEqual({ 1: "up", 3: "up" }), {
        timeout: 20_000,
      });
      expect(await openMarkets()).toBeGreaterThan(0);
      // each market is open again as its last message sent it (no trader holds any)
      await feed.ingest.idle();
      const after = await marketCounts();
      expect(after.open).toBe(after.sentOpen);
      expect(feed.recoveryLinks()["betradar.producer.3"]?.state).toBe("up");
      expect(await registry.metrics()).toMatch(
        /sportsbook_feed_recoveries_total\{provider="betradar",step="completed"\} 2/,
      );
    });

    it("a restart asks for what came after the last alive processed, with the node id; markets suspended until then", async () => {
      const kept = async () =>
        Object.fromEntries(
          (
            await database.db
              .select({ source: feedCheckpoints.source, position: feedCheckpoints.position })
              .from(feedCheckpoints)
              .where(like(feedCheckpoints.source, "uof:betradar:%"))
          ).map((r) => [r.source, r.position]),
        );
      await vi.waitFor(async () => expect(Object.keys(await kept()).length).toBe(2), { timeout: 20_000 });
      drive(false);
      await feed?.stop();
      const after = await kept();
      const asked = standIn.recoveries.length;

      feed = newFeed();
      await feed.start();
      await vi.waitFor(() => expect(standIn.recoveries.length).toBe(asked + 2), { timeout: 20_000 });
      const again = standIn.recoveries.slice(asked);
      for (const r of again) {
        expect(r.after).toBe(after[afterSource("betradar", r.producer)]);
        expect(r.nodeId).toBe(NODE);
      }
      // nothing new sent meanwhile: every market of the provider stays suspended until the snapshots
      await feed.settled();
      expect(await producerStatus()).toEqual({ 1: "down", 3: "down" });
      expect(await openMarkets()).toBe(0);

      await standIn.answerRecoveries();
      await vi.waitFor(async () => expect(await producerStatus()).toEqual({ 1: "up", 3: "up" }), {
        timeout: 20_000,
      });
      expect(await openMarkets()).toBeGreaterThan(0);
      drive(true);
    });

    it("a producer whose alive stops is taken down and its recovery asked", async () => {
      standIn.setAutoAnswer(true);
      const asked = standIn.recoveries.length;
      standIn.silence(1);
      await vi.waitFor(async () => expect((await producerStatus())[1]).toBe("down"), { timeout: 20_000 });
      await vi.waitFor(
        () => expect(standIn.recoveries.slice(asked).some((r) => r.producer === 1)).toBe(true),
        {
          timeout: 20_000,
        },
      );
      standIn.silence(1, false);
      await vi.waitFor(async () => expect((await producerStatus())[1]).toBe("up"), { timeout: 20_000 });
    });

    it("a connection closed by the provider: producers down, a recovery answered with an error retried with backoff", async () => {
      const path = /\/recovery\/initiate_request$/;
      const before = served(path).length;
      standIn.api.fail(path, { status: 500, message: "recovery unavailable" }, 2);
      expect(await standIn.broker.closeClientConnections()).toBeGreaterThan(0);
      await vi.waitFor(async () => expect(await producerStatus()).toEqual({ 1: "up", 3: "up" }), {
        timeout: 30_000,
      });
      const tried = served(path).slice(before);
      expect(tried.filter((r) => r.answered === 500)).toHaveLength(2);
      expect(tried.filter((r) => r.answered === 202).length).toBeGreaterThanOrEqual(2);
      // the failed producer's next attempt waited its backoff (75 ms, then 150 ms at random 0.5)
      const first = tried[0];
      const retried = tried.find((r, i) => i > 0 && r.path === first?.path);
      expect((retried?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(70);
      const text = await registry.metrics();
      expect(text).toMatch(/sportsbook_feed_recoveries_total\{provider="betradar",step="request_failed"\} 2/);
      expect(text).toMatch(/sportsbook_feed_link_failures_total\{link="betradar",kind="lost"\} [1-9]/);
    });

    it("a message that fails to apply asks the provider for its event's odds again, which are applied", async () => {
      const [held] = await database.db
        .select({ id: matches.id, urn: matches.urnId, producer: matches.producer, sport: sports.urnId })
        .from(matches)
        .innerJoin(sports, eq(sports.id, matches.sportId))
        .where(and(eq(matches.provider, "betradar"), eq(matches.status, MATCH_STATUS.prematch)))
        .limit(1);
      if (!held) throw new Error("the stand-in has no prematch match");
      const producer = held.producer ?? 3;
      const asked = standIn.eventRecoveries.length;
      const failed = feed?.ingest.stats().failed ?? 0;
      const published = publisherEvents.length;
      const [, prefix, id] = /^(.*):(\d+)$/.exec(held.urn) ?? [];
      // a detailed status code the provider's schema allows but the book's column cannot hold
      await standIn.publish(
        `hi.pre.-.odds_change.${held.sport.split(":").pop()}.${prefix}.${id}.-`,
        `<odds_change event_id="${held.urn}" timestamp="${Date.now()}" product="${producer}"><sport_event_status status="0" match_status="99999999999"/></odds_change>`,
      );
      await vi.waitFor(() => expect(feed?.ingest.stats().failed).toBeGreaterThan(failed), {
        timeout: 20_000,
      });
      await vi.waitFor(
        () =>
          expect(standIn.eventRecoveries.slice(asked)).toContainEqual({
            producer,
            urn: held.urn,
            requestId: expect.any(Number),
            nodeId: NODE,
          }),
        { timeout: 20_000 },
      );
      expect(served(/\/odds\/events\/.+\/initiate_request$/).at(-1)?.answered).toBe(202);
      await vi.waitFor(
        async () =>
          expect(await registry.metrics()).toMatch(
            /sportsbook_feed_recoveries_total\{provider="betradar",step="event_requested"\} [1-9]/,
          ),
        { timeout: 10_000 },
      );
      // the answer (the event's odds, routed to this node) rewrites every market of the event: what
      // the failed message touched in memory is forgotten, and nothing of it was written
      const open = await database.db
        .select({ id: markets.marketId, specifier: markets.specifier })
        .from(markets)
        .where(and(eq(markets.matchId, held.id), eq(markets.status, MARKET_STATUS.allowed)));
      expect(open.length).toBeGreaterThan(0);
      await vi.waitFor(
        () => {
          const republished = new Set(
            publisherEvents
              .slice(published)
              .filter((e) => e.channel === matchChannel(held.id) && e.data.type === "markets_changed")
              .flatMap((e) =>
                (e.data.markets as { id: number; specifier: string }[]).map((m) => `${m.id}/${m.specifier}`),
              ),
          );
          expect(open.filter((m) => !republished.has(`${m.id}/${m.specifier}`))).toEqual([]);
        },
        { timeout: 20_000 },
      );
      const [row] = await database.db
        .select({ code: matches.matchStatusCode, status: matches.status })
        .from(matches)
        .where(eq(matches.id, held.id));
      expect(row?.code).not.toBe(99_999_999_999);
      expect(await openMarkets()).toBeGreaterThan(0);
    });

    it("a token the API refuses: reported at start naming FEED_PROVIDER_TOKEN, counted, and retried slowly", async () => {
      const wrong = createProviderFeed({
        db: database.db,
        publisher,
        metrics: new Registry(),
        provider: "betradar",
        token: "not-the-bookmakers-token",
        endpoints: standIn.endpoints,
        retry: { firstMs: 100, maxMs: 400, refusedMs: 60_000 },
        random: () => 0.5,
      });
      const before = served(/whoami/).length;
      await wrong.start();
      try {
        expect(wrong.link()).toMatchObject({ state: "down", refused: true });
        expect(wrong.link().cause).toMatch(/refused \(403: FORBIDDEN: .*FEED_PROVIDER_TOKEN/);
        // asked once: the next attempt waits the slow pace, not the backoff of a failure that may pass
        expect(served(/whoami/).length - before).toBe(1);
      } finally {
        await wrong.stop();
      }
    });
  },
);
