import {
  createLink,
  type LinkStatus,
  type PublishFailure,
  type RealtimePublisher,
  type RetryPolicy,
} from "@sportsbook/contracts";
import { type Database, feedCheckpoints, type Translations } from "@sportsbook/db";
import { eq } from "drizzle-orm";
import type { Registry } from "prom-client";
import { decodeFrame } from "../adapters.js";
import type { FeedClock, FeedLinkStatus } from "../feed.js";
import { createFeedHealth, type FeedHealth } from "../ingest/health.js";
import { createIngest, type FeedLogger, type Ingest, silentLogger } from "../ingest/ingest.js";
import { MARKETS } from "../markets.js";
import type { FeedFrame } from "../model.js";
import type { RetryTimer } from "../transport/amqp.js";
import type { FeedTransport } from "../transport/transport.js";
import { parseRoutingKey } from "../uof/routing.js";
import { type ProducerDescription, readDocument } from "./documents.js";
import { UOF_EXCHANGE, type UofEndpoints, type UofProvider } from "./environments.js";
import { createRecovery, type Recovery } from "./recovery.js";
import { createUofRestClient, type UofRestClient } from "./rest.js";
import { createUofTransport } from "./uof-transport.js";

export interface ProviderFeedConfig {
  /** Told of a realtime publication that failed after its change committed (logged by the ingest otherwise). */
  onPublishFailure?: (failure: PublishFailure) => void;
  db: Database;
  publisher: RealtimePublisher;
  log?: FeedLogger;
  metrics?: Registry;
  health?: FeedHealth;
  provider: UofProvider;
  token: string;
  endpoints: UofEndpoints;
  /** This node's id in recovery requests and their answers' routing keys. */
  nodeId?: number;
  /** Languages whose names are fetched besides English (the catalogue's own). */
  locales?: string[];
  lanes?: number;
  /** No alive from a producer within this: it is down and recovered (default 20 s, as the SDKs). */
  aliveTimeoutMs?: number;
  /** A recovery whose snapshot has not ended within this is asked again (default 10 min). */
  maxRecoveryMs?: number;
  /** REST calls: abandoned after this (default 10 s) and tried this often (default 4). */
  apiTimeoutMs?: number;
  apiAttempts?: number;
  retry?: RetryPolicy;
  random?: () => number;
  clock?: FeedClock;
  timer?: RetryTimer;
  /** How often alive silence and overdue recoveries are checked (default 1 s). */
  watchMs?: number;
}

const systemClock: FeedClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
};
const systemTimer: RetryTimer = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** Where this node keeps, per producer, the last alive processed while it was up (the next `after`). */
export const afterSource = (provider: UofProvider, producer: number) => `uof:${provider}:${producer}`;

const PRODUCT = /\bproduct="(\d+)"/;

/**
 * The feed from a UOF provider (betradar or oddin): signs in to the REST API with the access token,
 * reads `whoami` (the bookmaker's virtual host) and the producers, binds a server-named queue to the
 * provider's exchange, fetches each event's fixture (in every locale) on first sight and again after
 * a `fixture_change`, and runs each producer's recovery (`recovery.ts`). Until the API answers
 * `whoami`, the connection is down with its cause and retried with backoff (slowly when refused).
 */
export function createProviderFeed(config: ProviderFeedConfig) {
  const log = config.log ?? silentLogger;
  const clock = config.clock ?? systemClock;
  const timer = config.timer ?? systemTimer;
  const random = config.random ?? Math.random;
  const locales = config.locales ?? ["en"];
  const provider = config.provider;
  const health = config.health ?? (config.metrics ? createFeedHealth(config.metrics) : undefined);
  const names = new Map<string, Translations>();
  let recovery: Recovery | undefined;
  let transport: FeedTransport | undefined;
  let linkWork: Promise<void> = Promise.resolve();
  let watch: unknown;
  let retry: unknown;
  let stopped = false;
  const fixtures = new Map<string, Promise<void>>();
  const apiLink = createLink({
    now: () => clock.now(),
    random,
    ...(config.retry ? { policy: config.retry } : {}),
    onDown: (s) =>
      log[s.refused ? "error" : "warn"]({ cause: s.cause }, `the provider's API cannot be used: ${s.cause}`),
  });

  const rest: UofRestClient = createUofRestClient({
    apiUrl: config.endpoints.apiUrl,
    token: config.token,
    log,
    random,
    ...(config.retry ? { policy: config.retry } : {}),
    ...(config.apiTimeoutMs !== undefined ? { timeoutMs: config.apiTimeoutMs } : {}),
    ...(config.apiAttempts !== undefined ? { attempts: config.apiAttempts } : {}),
    failed: (kind) => health?.apiFailed?.(provider, kind),
  });

  const ingest: Ingest = createIngest({
    db: config.db,
    publisher: config.publisher,
    log,
    ...(health ? { health } : {}),
    locales,
    descriptions: { names: (urn) => names.get(urn) },
    now: () => clock.now(),
    ...(config.onPublishFailure ? { onPublishFailure: config.onPublishFailure } : {}),
    lanes: config.lanes ?? 1,
    aliveTimeoutMs: config.aliveTimeoutMs ?? 20_000,
    recover: (_p, producer) => void recovery?.recover(producer, "another node took it down for its silence"),
    // before the producers are known every snapshot's end is an earlier run's: none ends a recovery
    snapshotEnds: (_p, producer, requestId) => recovery?.snapshotEnds(producer, requestId) ?? false,
    onSystem: (e) => recovery?.onSystem(e),
    onFailed: (frame) => {
      const urn = parseRoutingKey(frame.routingKey)?.eventUrn;
      const product = PRODUCT.exec(frame.body.slice(0, 400))?.[1];
      if (urn && product) void recovery?.recoverEvent(Number(product), urn);
    },
  });

  async function loadAfter(producer: number): Promise<number | undefined> {
    const [row] = await config.db
      .select({ position: feedCheckpoints.position })
      .from(feedCheckpoints)
      .where(eq(feedCheckpoints.source, afterSource(provider, producer)));
    return row && row.position > 0 ? row.position : undefined;
  }

  function saveAfter(producer: number, timestamp: number): void {
    const source = afterSource(provider, producer);
    const at = new Date(clock.now());
    config.db
      .insert(feedCheckpoints)
      .values({ source, position: timestamp, updatedAt: at })
      .onConflictDoUpdate({ target: feedCheckpoints.source, set: { position: timestamp, updatedAt: at } })
      .then(
        () => {},
        (err: unknown) => log.warn({ err, source }, "keeping the producer's last alive failed"),
      );
  }

  /** The other locales' fixture documents name the event's sport, league and competitors. */
  function learnNames(locale: string, xml: string): void {
    const d = decodeFrame({ provider, body: xml });
    if (!d.ok) return;
    for (const e of d.events) {
      if (e.kind !== "fixture") continue;
      const f = e.fixture;
      const named: [string, string | undefined][] = [
        [f.sport.urn, f.sport.name],
        [f.category.urn, f.category.name],
        [f.tournament.urn, f.tournament.name],
        [e.eventUrn, f.name],
        ...f.competitors.map((c): [string, string] => [c.urn, c.name]),
      ];
      for (const [urn, name] of named) if (name) names.set(urn, { ...names.get(urn), [locale]: name });
    }
  }

  /** Fetches an event's fixture (every locale) and hands it to the ingest, once per event. */
  function ensureFixture(urn: string, sportId: string): Promise<void> {
    const known = fixtures.get(urn);
    if (known) return known;
    const cut = urn.lastIndexOf(":");
    const fetched = (async () => {
      // the catalogue's own names are English; the other locales are stored beside them
      const others = locales.filter((l) => l !== "en");
      const xml = await rest.fixture(urn, "en");
      for (const l of others) {
        // a missing translation leaves the English name: the fixture itself is what matters
        await rest.fixture(urn, l).then(
          (doc) => learnNames(l, doc),
          (err: unknown) => log.warn({ err, urn, locale: l }, "a fixture's translation could not be fetched"),
        );
      }
      const frame: FeedFrame = {
        provider,
        routingKey: `hi.pre.live.fixture.${sportId}.${urn.slice(0, cut)}.${urn.slice(cut + 1)}.-`,
        body: xml,
      };
      await ingest.handle(frame);
    })();
    fixtures.set(urn, fetched);
    // the next message of the event asks again; this one is dropped by the ingest for want of it
    fetched.catch(() => fixtures.delete(urn));
    return fetched;
  }

  async function handle(frame: FeedFrame): Promise<void> {
    const parts = parseRoutingKey(frame.routingKey);
    const urn = parts?.eventUrn;
    if (urn && parts) {
      if (parts.messageType === "fixture_change") {
        rest.forgetFixture(urn);
        fixtures.delete(urn);
      }
      // a fixture that cannot be had is logged by the REST client; the message is dropped and counted
      await ensureFixture(urn, parts.sportId).catch(() => {});
    }
    await ingest.handle(frame);
  }

  function linkChanged(s: LinkStatus): void {
    linkWork = linkWork
      .then(async () => {
        if (s.state === "up") {
          // nothing sent while the queue was gone reached this node: every producer recovers
          await recovery?.start();
          return;
        }
        await ingest.linkDown(clock.now());
      })
      .catch((err: unknown) => log.error({ err }, "handling a change of the provider's connection failed"));
  }

  async function watchdog(): Promise<void> {
    for (const p of await ingest.checkProducers(clock.now()))
      await recovery?.recover(p.producer, `no alive within ${config.aliveTimeoutMs ?? 20_000} ms`);
    recovery?.watchdog();
  }

  /**
   * Tells the operator, once at sign-in, how much of Betradar's market catalogue the book offers:
   * markets outside it are passed over (logged once each and counted when they arrive). Oddin's
   * descriptions are checked against its recorded mapping at start-up instead (`uof/mapping.ts`).
   */
  async function describeMarkets(): Promise<void> {
    if (provider !== "betradar") return;
    const read = readDocument(await rest.marketDescriptions("en"));
    if (!read.ok) throw new Error(`markets.xml is not well formed: ${read.reason}`);
    const list = (read.doc.market_descriptions as { market?: { id?: string }[] } | undefined)?.market ?? [];
    const ids = new Set(list.map((m) => Number(m.id)));
    const offered = [...ids].filter((id) => MARKETS.has(id)).length;
    log.info(
      { described: ids.size, offered },
      `the provider describes ${ids.size} markets; the book offers ${offered} of them`,
    );
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    let producers: ProducerDescription[];
    let virtualHost: string;
    try {
      const me = await rest.whoami();
      virtualHost = me.virtualHost;
      producers = await rest.producers();
      log.info(
        {
          provider,
          bookmakerId: me.bookmakerId,
          virtualHost,
          producers: producers.filter((p) => p.active).map((p) => p.id),
        },
        `signed in to ${provider} as bookmaker ${me.bookmakerId}`,
      );
    } catch (err) {
      const refused = (err as { refused?: boolean }).refused === true;
      const waitMs = apiLink.failed(err instanceof Error ? err.message : String(err), refused);
      health?.linkFailed(provider, refused ? "refused" : "unreachable");
      retry = timer.set(() => {
        retry = undefined;
        void connect();
      }, waitMs);
      return;
    }
    apiLink.up();
    if (stopped) return;
    describeMarkets().catch((err: unknown) =>
      log.warn(
        { err },
        "the provider's market descriptions could not be read; its markets are read as they come",
      ),
    );
    recovery = createRecovery({
      provider,
      rest,
      producers,
      ...(config.nodeId !== undefined ? { nodeId: config.nodeId } : {}),
      producerDown: (producer, at) => ingest.producerDown(provider, producer, at),
      loadAfter,
      saveAfter,
      ...(config.maxRecoveryMs !== undefined ? { maxRecoveryMs: config.maxRecoveryMs } : {}),
      // ids grow across restarts, so a late answer to an earlier run's request is told apart
      firstRequestId: Math.floor(clock.now() / 1000) % 1_000_000_000,
      ...(config.retry ? { policy: config.retry } : {}),
      now: () => clock.now(),
      random,
      timer,
      log,
      counted: (step, producer) => health?.recovery?.(provider, step, producer),
    });
    transport = await createUofTransport({
      provider,
      amqpUrl: config.endpoints.amqpUrl,
      token: config.token,
      virtualHost,
      exchange: UOF_EXCHANGE[provider],
      ...(config.nodeId !== undefined ? { nodeId: config.nodeId } : {}),
      prefetch: config.lanes ?? 1,
      log,
      ...(health ? { health } : {}),
      ...(config.retry ? { policy: config.retry } : {}),
      random,
      now: () => clock.now(),
      timer,
    });
    transport.onStatus(linkChanged);
    await transport.subscribe((d) => handle(d.frame));
    // a first connection that failed has told its listener already; one that worked tells nobody
    if (transport.status().state === "up") linkChanged(transport.status());
  }

  return {
    ingest,
    async start(): Promise<void> {
      stopped = false;
      // down until the first recovery: whatever an earlier run left up cannot be trusted now
      await ingest.linkDown(clock.now());
      await connect();
      watch = clock.setInterval(() => {
        void watchdog().catch((err: unknown) => log.error({ err }, "the producers' watchdog failed"));
      }, config.watchMs ?? 1_000);
      log.info(
        { provider, api: config.endpoints.apiUrl, amqp: config.endpoints.amqpUrl },
        "odds feed started",
      );
    },
    async stop(): Promise<void> {
      stopped = true;
      if (watch !== undefined) clock.clearInterval(watch);
      if (retry !== undefined) timer.clear(retry);
      recovery?.stop();
      await linkWork;
      await ingest.idle();
      await ingest.flushFreshness();
      await transport?.close();
    },
    /** Checks alive silence and overdue recoveries now (tests drive it with an injected clock). */
    tick: watchdog,
    position: () => 0,
    link(): FeedLinkStatus {
      const s = transport?.status() ?? apiLink.status();
      return { transport: "amqp", ...s };
    },
    /** Each producer's recovery, for readiness. */
    recoveryLinks: (): Record<string, LinkStatus> => recovery?.links() ?? {},
    settled: () => linkWork,
    rest,
  };
}

export type ProviderFeed = ReturnType<typeof createProviderFeed>;
