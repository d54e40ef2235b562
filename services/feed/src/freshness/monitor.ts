import {
  type PublishFailure,
  providerStatusChangedSchema,
  publicChannel,
  publishAfterCommit,
  type RealtimePublisher,
} from "@sportsbook/contracts";
import { type DatabaseHandle, feedProducers } from "@sportsbook/db";
import { and, eq, sql } from "drizzle-orm";
import { Counter, Gauge, type Registry } from "prom-client";
import type { FeedLogger } from "../ingest/ingest.js";
import { changesOf } from "../ingest/odds.js";
import { suspendProducerMarkets } from "../ingest/producers.js";
import { marketsEvent, type Publication } from "../ingest/publications.js";
import { PROVIDERS, type Provider } from "../model.js";
import { FEED_LEADER_LOCK } from "./leadership.js";
import {
  isStale,
  type ProducerFreshness,
  producerKind,
  producerOf,
  type StaleThresholds,
  silenceMs,
  thresholdOf,
} from "./rule.js";

/** How often every node reads the producers' freshness (and who leads) from the database. */
export const FRESHNESS_READ_MS = 500;

export interface FreshnessMonitorOptions {
  database: DatabaseHandle;
  publisher: RealtimePublisher;
  thresholds: StaleThresholds;
  /** Locales of the public channels that carry provider status. */
  locales: string[];
  log: FeedLogger;
  metrics?: Registry;
  /** This node's name, as leadership names the leader. */
  node: string;
  now?: () => number;
  refreshMs?: number;
}

/** What a node knows of the feed: each producer's freshness and who leads, as of its last read. */
export interface FeedFreshnessReport {
  leader: string | null;
  /** When the table was last read (epoch ms), null before the first read. */
  readAt: number | null;
  producers: (ProducerFreshness & {
    kind: "live" | "prematch";
    silenceMs: number | null;
    thresholdMs: number;
    stale: boolean;
  })[];
}

/**
 * Runs on every node, whoever runs the feed: reads the producers' freshness every `refreshMs`
 * (one small query), answers placement from memory, and takes a producer silent past its threshold
 * down — suspending its markets and telling players — from whichever node notices first (a
 * conditional update only one node wins). The leader's ingest learns of it and recovers the producer.
 */
export function createFreshnessMonitor(options: FreshnessMonitorOptions) {
  const { database, log, thresholds } = options;
  const db = database.db;
  const now = options.now ?? Date.now;
  let rows: ProducerFreshness[] = [];
  let leader: string | null = null;
  let readAt: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const takenDown = options.metrics
    ? new Counter({
        name: "sportsbook_feed_producers_taken_down_total",
        help: "Producers this node took down for their silence, by provider and producer",
        labelNames: ["provider", "producer"],
        registers: [options.metrics],
      })
    : undefined;
  const readFailures = options.metrics
    ? new Counter({
        name: "sportsbook_feed_freshness_read_failures_total",
        help: "Reads of the producers' freshness that failed on this node",
        registers: [options.metrics],
      })
    : undefined;
  if (options.metrics) {
    const registers = [options.metrics];
    new Gauge({
      name: "sportsbook_feed_producer_silence_seconds",
      help: "Seconds since each producer's last applied message or alive, as this node reads it",
      labelNames: ["provider", "producer"],
      registers,
      collect() {
        this.reset();
        for (const p of rows) {
          const s = silenceMs(p, now());
          if (Number.isFinite(s)) this.set({ provider: p.provider, producer: String(p.producer) }, s / 1000);
        }
      },
    });
    new Gauge({
      name: "sportsbook_feed_producer_fresh",
      help: "1 while a producer is up and heard from within its threshold, else 0",
      labelNames: ["provider", "producer"],
      registers,
      collect() {
        this.reset();
        for (const p of rows)
          this.set(
            { provider: p.provider, producer: String(p.producer) },
            isStale(p, now(), thresholds) ? 0 : 1,
          );
      },
    });
    new Gauge({
      name: "sportsbook_feed_leader",
      help: "1 on the node holding the feed's lead, 0 on the others",
      registers,
      collect() {
        this.set(leader === options.node ? 1 : 0);
      },
    });
    new Gauge({
      name: "sportsbook_feed_leader_present",
      help: "1 while some node holds the feed's lead, as this node last read it",
      registers,
      collect() {
        this.set(leader === null ? 0 : 1);
      },
    });
  }

  function publishFailed({ channel, event, error }: PublishFailure): void {
    log.warn({ channel, event, err: error }, "realtime publication failed");
  }

  /** Takes a silent producer down unless another node did first; true when this node did. */
  async function takeDown(p: ProducerFreshness, at: number): Promise<boolean> {
    const cutoff = new Date(at - thresholdOf(thresholds, p.provider, p.producer));
    const out: Publication[] = [];
    const won = await db.transaction(async (tx) => {
      const changed = await tx
        .update(feedProducers)
        .set({ status: "down", updatedAt: new Date(at) })
        .where(
          and(
            eq(feedProducers.provider, p.provider),
            eq(feedProducers.producerId, p.producer),
            eq(feedProducers.status, "up"),
            sql`coalesce(greatest(${feedProducers.lastMessageAt}, ${feedProducers.lastAliveAt}), '-infinity') < ${cutoff.toISOString()}::timestamptz`,
          ),
        )
        .returning({ provider: feedProducers.provider });
      if (changed.length === 0) return false;
      for (const m of await suspendProducerMarkets(tx, p.provider, p.producer)) {
        const changes = await changesOf(tx, m.rows);
        out.push(...marketsEvent(m.matchId, p.provider, changes.markets));
      }
      return true;
    });
    if (!won) return false;
    takenDown?.inc({ provider: p.provider, producer: String(p.producer) });
    log.warn(
      { provider: p.provider, producer: p.producer, silenceMs: silenceMs(p, at), matches: out.length },
      "producer silent past its threshold: taken down, its markets suspended",
    );
    const data = providerStatusChangedSchema.parse({
      type: "provider_status_changed",
      provider: p.provider,
      status: "down",
    });
    for (const l of options.locales) out.push({ channel: publicChannel(l), data });
    for (const pub of out) await publishAfterCommit(options.publisher, pub.channel, pub.data, publishFailed);
    return true;
  }

  async function refreshOnce(): Promise<void> {
    const read = await db
      .select({
        provider: feedProducers.provider,
        producer: feedProducers.producerId,
        status: feedProducers.status,
        lastMessageAt: feedProducers.lastMessageAt,
        lastAliveAt: feedProducers.lastAliveAt,
      })
      .from(feedProducers);
    leader = await database.lockHolder(FEED_LEADER_LOCK);
    readAt = now();
    rows = read
      .filter((r): r is typeof r & { provider: Provider } =>
        (PROVIDERS as readonly string[]).includes(r.provider),
      )
      .map((r) => ({
        provider: r.provider,
        producer: r.producer,
        status: r.status === "up" ? "up" : "down",
        lastMessageAt: r.lastMessageAt?.getTime() ?? null,
        lastAliveAt: r.lastAliveAt?.getTime() ?? null,
      }));
    const at = now();
    for (const p of rows) {
      if (p.status !== "up" || !isStale(p, at, thresholds)) continue;
      if (await takeDown(p, at)) p.status = "down";
    }
  }

  function refresh(): Promise<void> {
    // one pass at a time: a slow database makes passes rarer, never piles them up
    running ??= refreshOnce()
      .catch((err: unknown) => {
        readFailures?.inc();
        log.warn({ err }, "reading the feed's freshness failed");
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    async start(): Promise<void> {
      await refresh();
      timer = setInterval(() => void refresh(), options.refreshMs ?? FRESHNESS_READ_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    /** One read now (tests; the timer does the same). */
    refresh,
    /**
     * Whether the prices of a provider's selections are stale on this node now: its live producer's
     * for a match in play, its prematch producer's otherwise. A producer never recorded is not judged.
     */
    isStale(provider: string, live: boolean): boolean {
      if (!(PROVIDERS as readonly string[]).includes(provider)) return false;
      const producer = producerOf(provider as Provider, live);
      const p = rows.find((r) => r.provider === provider && r.producer === producer);
      return p !== undefined && isStale(p, now(), thresholds);
    },
    report(): FeedFreshnessReport {
      const at = now();
      return {
        leader,
        readAt,
        producers: rows.map((p) => {
          const s = silenceMs(p, at);
          return {
            ...p,
            kind: producerKind(p.provider, p.producer),
            silenceMs: Number.isFinite(s) ? s : null,
            thresholdMs: thresholdOf(thresholds, p.provider, p.producer),
            stale: isStale(p, at, thresholds),
          };
        }),
      };
    },
  };
}

export type FreshnessMonitor = ReturnType<typeof createFreshnessMonitor>;
