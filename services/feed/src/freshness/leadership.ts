import type { DatabaseHandle, LockKey, SessionLock } from "@sportsbook/db";
import { Counter, type Registry } from "prom-client";
import type { FeedLogger } from "../ingest/ingest.js";

/** The advisory lock whose holder runs the feed ("SB", 1). */
export const FEED_LEADER_LOCK: LockKey = { classId: 0x5342, objId: 1 };

/** How often a standby tries for the lead, and the leader checks it still holds it. */
export const LEADER_POLL_MS = 1_000;

export interface FeedLeadershipOptions {
  database: DatabaseHandle;
  /** This node's name, as every node reads the leader's. */
  node: string;
  log: FeedLogger;
  metrics?: Registry;
  /** Starts leading: runs the feed. Called once per term. */
  lead(): Promise<void>;
  /** Stops leading: stops the feed. Called once the term ends, however it ends. */
  stepDown(): Promise<void>;
  pollMs?: number;
}

/**
 * One node runs the feed, the others stand by: every node configured for the feed campaigns for a
 * session lock (`FEED_LEADER_LOCK`); the holder leads until its session ends, and then another
 * takes the lead at its next attempt and resumes from the checkpoint.
 */
export function createFeedLeadership(options: FeedLeadershipOptions) {
  const { log } = options;
  const lock: SessionLock = options.database.sessionLock(FEED_LEADER_LOCK, options.node);
  let leading = false;
  let timer: NodeJS.Timeout | undefined;
  let busy: Promise<void> | undefined;
  let stopped = true;
  const terms = options.metrics
    ? new Counter({
        name: "sportsbook_feed_leader_terms_total",
        help: "Times this node took the feed's lead",
        registers: [options.metrics],
      })
    : undefined;

  async function endTerm(reason: string): Promise<void> {
    if (!leading) return;
    leading = false;
    log.warn({ node: options.node, reason }, "feed lead given up");
    try {
      await options.stepDown();
    } catch (err) {
      log.error({ err }, "stopping the feed after the lead failed");
    }
  }

  lock.onLost((err) => {
    log.error({ err, node: options.node }, "feed lead lost with its database session");
    void serial(() => endTerm("lock session lost"));
  });

  async function attempt(): Promise<void> {
    if (stopped) return;
    if (leading) {
      if (!(await lock.check())) await endTerm("lock session lost");
      return;
    }
    if (!(await lock.tryAcquire())) return;
    leading = true;
    terms?.inc();
    log.info({ node: options.node }, "took the feed's lead");
    try {
      await options.lead();
    } catch (err) {
      log.error({ err }, "starting the feed as its leader failed; letting the lead go");
      await endTerm("start failed");
      await lock.release();
    }
  }

  /** Attempts and term changes run one at a time. */
  function serial(fn: () => Promise<void>): Promise<void> {
    const next = (busy ?? Promise.resolve()).then(fn).catch((err: unknown) => {
      log.warn({ err }, "feed leadership attempt failed");
    });
    busy = next;
    return next;
  }

  return {
    /** Campaigns now and then every `pollMs`. */
    async start(): Promise<void> {
      stopped = false;
      await serial(attempt);
      timer = setInterval(() => void serial(attempt), options.pollMs ?? LEADER_POLL_MS);
      timer.unref();
    },
    /** One attempt now (what the timer does). */
    campaign: () => serial(attempt),
    /** Stops the feed if leading and lets the lead go. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await serial(async () => {
        await endTerm("stopping");
        await lock.release();
      });
    },
    isLeader: () => leading,
  };
}

export type FeedLeadership = ReturnType<typeof createFeedLeadership>;
