import type { LinkStatus, PublishFailure, RealtimePublisher, RetryPolicy } from "@sportsbook/contracts";
import type { Database } from "@sportsbook/db";
import type { Registry } from "prom-client";
import type { FeedClock, FeedLinkStatus } from "../feed.js";
import { createFeedHealth, type FeedHealth } from "../ingest/health.js";
import { createIngest, type FeedLogger, type Ingest, silentLogger } from "../ingest/ingest.js";
import type { FeedTransport } from "../transport/transport.js";
import { createSwarmTransport, type SwarmSubscription } from "./client.js";

export interface SwarmFeedConfig {
  /** Told of a realtime publication that failed after its change committed (logged by the ingest otherwise). */
  onPublishFailure?: (failure: PublishFailure) => void;
  db: Database;
  publisher: RealtimePublisher;
  log?: FeedLogger;
  metrics?: Registry;
  health?: FeedHealth;
  url: string;
  siteId: number;
  language?: string;
  /** What to follow (default: every game of every sport, prematch and live, with its markets). */
  subscriptions?: SwarmSubscription[];
  locales?: string[];
  lanes?: number;
  retry?: RetryPolicy;
  random?: () => number;
  clock?: Pick<FeedClock, "now">;
}

/** Every game, prematch and live, with the fields the Swarm decoder reads. */
export const DEFAULT_SWARM_SUBSCRIPTIONS: SwarmSubscription[] = [
  {
    what: {
      sport: ["id", "name", "alias"],
      region: ["id", "name", "alias"],
      competition: ["id", "name"],
      game: [
        "id",
        "team1_id",
        "team1_name",
        "team2_id",
        "team2_name",
        "start_ts",
        "type",
        "is_blocked",
        "info",
      ],
      market: ["id", "type", "base", "is_blocked"],
      event: ["id", "type", "price"],
    },
    where: { game: { type: { "@in": [0, 1, 2] } } },
  },
];

/**
 * The feed from BetConstruct's Swarm: the WebSocket client (`client.ts`) into the ingest. While the
 * connection is down its producer is down (markets suspended); a new session's answers read the
 * whole state again and bring it back.
 */
export function createSwarmFeed(config: SwarmFeedConfig) {
  const log = config.log ?? silentLogger;
  const now = () => (config.clock ?? Date).now();
  const health = config.health ?? (config.metrics ? createFeedHealth(config.metrics) : undefined);
  const ingest: Ingest = createIngest({
    db: config.db,
    publisher: config.publisher,
    log,
    ...(health ? { health } : {}),
    locales: config.locales ?? ["en"],
    now,
    ...(config.onPublishFailure ? { onPublishFailure: config.onPublishFailure } : {}),
    lanes: config.lanes ?? 1,
  });
  let transport: FeedTransport | undefined;
  let linkWork: Promise<void> = Promise.resolve();

  function linkChanged(s: LinkStatus): void {
    if (s.state === "up") return;
    linkWork = linkWork
      .then(() => ingest.linkDown(now()))
      .catch((err: unknown) =>
        log.error({ err }, "suspending the producers of a lost Swarm connection failed"),
      );
  }

  return {
    ingest,
    async start(): Promise<void> {
      transport = createSwarmTransport({
        url: config.url,
        siteId: config.siteId,
        ...(config.language ? { language: config.language } : {}),
        subscriptions: config.subscriptions ?? DEFAULT_SWARM_SUBSCRIPTIONS,
        log,
        ...(health ? { health } : {}),
        ...(config.retry ? { policy: config.retry } : {}),
        ...(config.random ? { random: config.random } : {}),
        now,
      });
      transport.onStatus(linkChanged);
      await transport.subscribe(async (d) => {
        await ingest.handle(d.frame);
      });
      // whatever an earlier run left up cannot be trusted until the session has answered
      linkChanged({ state: "connecting", since: now(), failures: 0 });
      log.info({ url: config.url, siteId: config.siteId }, "odds feed started (Swarm)");
    },
    async stop(): Promise<void> {
      await transport?.close();
      await linkWork;
      await ingest.idle();
      await ingest.flushFreshness();
    },
    tick: async (): Promise<void> => {},
    position: () => 0,
    link(): FeedLinkStatus {
      return {
        transport: "amqp",
        ...(transport?.status() ?? { state: "connecting", since: now(), failures: 0 }),
      };
    },
    recoveryLinks: (): Record<string, LinkStatus> => ({}),
    settled: () => linkWork,
  };
}
