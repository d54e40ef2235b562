import { DEFAULT_RETRY, type LinkStatus, type RetryPolicy, retryDelay } from "@sportsbook/contracts";
import type { FeedLogger } from "../ingest/ingest.js";
import type { RetryTimer } from "../transport/amqp.js";
import type { ProducerDescription } from "./documents.js";
import type { UofProvider } from "./environments.js";
import type { UofRestClient } from "./rest.js";

/** What a recovery went through, counted on `sportsbook_feed_recoveries_total{provider,step}`. */
export type RecoveryStep = "requested" | "request_failed" | "completed" | "timed_out" | "event_requested";

interface ProducerRecovery {
  producer: ProducerDescription;
  state: "up" | "requesting" | "waiting" | "retrying";
  requestId?: number;
  requestedAt?: number;
  /** The `after` the request under way asked for (undefined: a full recovery). */
  after?: number;
  /** Failed requests since the last one accepted. */
  failures: number;
  cause?: string;
  since: number;
  retry?: unknown;
}

export interface RecoveryOptions {
  provider: UofProvider;
  rest: Pick<UofRestClient, "initiateRecovery" | "eventRecovery">;
  producers: ProducerDescription[];
  nodeId?: number;
  /** Takes a producer down (markets suspended, bets refused) before its recovery is asked. */
  producerDown(producer: number, at: number): Promise<void>;
  /** The provider timestamp of the producer's last alive processed while it was up (kept across restarts). */
  loadAfter(producer: number): Promise<number | undefined>;
  saveAfter(producer: number, timestamp: number): void;
  /** A recovery whose `snapshot_complete` has not come within this is asked again (default 10 min). */
  maxRecoveryMs?: number;
  /** The first request id; ids only grow, so answers to an earlier run's requests are told apart. */
  firstRequestId?: number;
  policy?: RetryPolicy;
  now: () => number;
  random?: () => number;
  timer: RetryTimer;
  log: FeedLogger;
  /**
   * A step of a recovery, for the metrics and the back office's feed health; the producer is named
   * for a producer's own recovery, not for one event's odds asked again.
   */
  counted?: (step: RecoveryStep, producer?: number) => void;
}

/**
 * UOF recovery, per producer, as the protocol asks: the producer is down (its markets suspended)
 * from the moment its messages cannot be trusted (start, a lost connection, no alive within the
 * interval, `alive subscribed=0`) until the `snapshot_complete` answering this node's own request.
 * The request asks for what came `after` the last alive processed while the producer was up, when
 * that lies within the producer's recovery window, and for a full recovery otherwise. A request the
 * API refuses or does not answer is retried with backoff and jitter; one whose snapshot never ends
 * is asked again after `maxRecoveryMs`.
 */
export function createRecovery(options: RecoveryOptions) {
  const policy = options.policy ?? DEFAULT_RETRY;
  const random = options.random ?? Math.random;
  const maxRecoveryMs = options.maxRecoveryMs ?? 600_000;
  const { log, provider } = options;
  let nextRequestId = options.firstRequestId ?? 1;
  let stopped = false;
  const after = new Map<number, number>();
  const states = new Map<number, ProducerRecovery>();
  for (const p of options.producers)
    if (p.active) states.set(p.id, { producer: p, state: "up", failures: 0, since: options.now() });

  async function request(r: ProducerRecovery): Promise<void> {
    if (stopped) return;
    const id = r.producer.id;
    const last = after.get(id) ?? (await options.loadAfter(id));
    const now = options.now();
    // older than the provider keeps: only a full recovery can answer
    const within = last !== undefined && now - last < r.producer.recoveryWindowMs ? last : undefined;
    const requestId = nextRequestId++;
    Object.assign(r, { state: "requesting", requestId, requestedAt: now, after: within });
    log.info(
      { provider, producer: id, requestId, after: within ?? null, nodeId: options.nodeId ?? null },
      within !== undefined
        ? `asking producer ${id} to recover what came after ${new Date(within).toISOString()}`
        : `asking producer ${id} for a full recovery`,
    );
    try {
      await options.rest.initiateRecovery(r.producer.apiUrl, {
        ...(within !== undefined ? { after: within } : {}),
        requestId,
        ...(options.nodeId !== undefined ? { nodeId: options.nodeId } : {}),
      });
      if (r.requestId !== requestId || stopped) return;
      options.counted?.("requested", id);
      r.state = "waiting";
      r.failures = 0;
      delete r.cause;
    } catch (err) {
      if (r.requestId !== requestId || stopped) return;
      options.counted?.("request_failed", id);
      r.failures++;
      r.state = "retrying";
      r.cause = `the recovery request ${requestId} failed: ${err instanceof Error ? err.message : String(err)}`;
      const waitMs = retryDelay(
        policy,
        r.failures,
        random(),
        (err as { refused?: boolean }).refused === true,
      );
      log.warn(
        { provider, producer: id, requestId, failures: r.failures, retryInMs: waitMs },
        `${r.cause}; retrying`,
      );
      r.retry = options.timer.set(() => {
        r.retry = undefined;
        void request(r);
      }, waitMs);
    }
  }

  async function recover(producer: number, reason: string): Promise<void> {
    const r = states.get(producer);
    if (!r || stopped) return;
    if (r.retry !== undefined) options.timer.clear(r.retry);
    r.retry = undefined;
    r.since = options.now();
    r.failures = 0;
    // Down from now, before the producer is marked down: an alive applied meanwhile does not mark
    // how far this node has processed (its request would skip what came before it), and a snapshot
    // end of the request before answers nothing.
    r.state = "requesting";
    delete r.requestId;
    log.warn(
      { provider, producer, reason },
      `producer ${producer} is down (${reason}): its markets are suspended until it recovers`,
    );
    await options.producerDown(producer, options.now());
    await request(r);
  }

  return {
    /** Every active producer is down until its first recovery ends. */
    async start(): Promise<void> {
      for (const id of states.keys()) await recover(id, "the feed connects");
    },
    recover,
    /** Whether a `snapshot_complete` answers the request under way (an older or another node's is not). */
    snapshotEnds(producer: number, requestId: number): boolean {
      const r = states.get(producer);
      return r !== undefined && r.state !== "up" && r.requestId === requestId;
    },
    /** Alive and snapshot ends, once the ingest applied them. */
    onSystem(
      e:
        | { kind: "alive"; producer: number; timestamp: number; subscribed: boolean }
        | { kind: "snapshot_complete"; producer: number; requestId: number },
    ): void {
      const r = states.get(e.producer);
      if (!r) return;
      if (e.kind === "snapshot_complete") {
        options.counted?.("completed", e.producer);
        log.info(
          {
            provider,
            producer: e.producer,
            requestId: e.requestId,
            tookMs: options.now() - (r.requestedAt ?? r.since),
          },
          `producer ${e.producer} recovered (snapshot_complete ${e.requestId}): its markets are open again`,
        );
        Object.assign(r, { state: "up", failures: 0, since: options.now() });
        delete r.cause;
        return;
      }
      if (!e.subscribed) {
        void recover(e.producer, "the provider says it is not subscribed");
        return;
      }
      // only an alive heard while up marks how far this node has processed the producer
      if (r.state !== "up") return;
      after.set(e.producer, e.timestamp);
      options.saveAfter(e.producer, e.timestamp);
    },
    /** Asks again a recovery whose snapshot has not ended in time. */
    watchdog(): void {
      const now = options.now();
      for (const r of states.values()) {
        if (r.state === "waiting" && r.requestedAt !== undefined && now - r.requestedAt > maxRecoveryMs) {
          options.counted?.("timed_out", r.producer.id);
          log.warn(
            { provider, producer: r.producer.id, requestId: r.requestId },
            "the recovery did not end in time; asking again",
          );
          void request(r);
        }
      }
    },
    /** Asks the event's producer for its current odds again: its messages failed to apply. */
    async recoverEvent(producer: number, urn: string): Promise<void> {
      const r = states.get(producer);
      if (!r || stopped) return;
      const requestId = nextRequestId++;
      try {
        await options.rest.eventRecovery(r.producer.apiUrl, urn, {
          requestId,
          ...(options.nodeId !== undefined ? { nodeId: options.nodeId } : {}),
        });
        options.counted?.("event_requested");
        log.info(
          { provider, producer, urn, requestId },
          `asked producer ${producer} for the odds of ${urn} again`,
        );
      } catch (err) {
        options.counted?.("request_failed");
        log.warn({ provider, producer, urn, err }, "the single-event recovery request failed");
      }
    },
    /** Each producer's recovery as readiness shows it: down with its cause while it recovers. */
    links(): Record<string, LinkStatus> {
      const out: Record<string, LinkStatus> = {};
      for (const [id, r] of states) {
        const cause =
          r.state === "up"
            ? undefined
            : (r.cause ??
              `recovering: waiting for snapshot_complete of request ${r.requestId}${r.after !== undefined ? ` (after ${new Date(r.after).toISOString()})` : " (full)"}`);
        out[`${provider}.producer.${id}`] = {
          state: r.state === "up" ? "up" : "down",
          ...(cause ? { cause } : {}),
          since: r.since,
          failures: r.failures,
        };
      }
      return out;
    },
    stop(): void {
      stopped = true;
      for (const r of states.values()) if (r.retry !== undefined) options.timer.clear(r.retry);
    },
  };
}

export type Recovery = ReturnType<typeof createRecovery>;
