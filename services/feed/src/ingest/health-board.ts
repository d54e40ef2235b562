import { Gauge, type Registry } from "prom-client";
import type { FeedHealth } from "./health.js";

/** The window messages per minute are counted over, in one-second slots. */
const WINDOW_SECONDS = 60;

/** What this node's feed did lately with one producer's messages. */
export interface ProducerActivity {
  provider: string;
  producer: number;
  /** Messages applied within the last minute. */
  messagesPerMinute: number;
  /** From the last applied message's provider timestamp to its commit, in ms; null before any timed message. */
  lastLagMs: number | null;
  /** Whether a recovery was asked and its snapshot has not ended yet. */
  recovering: boolean;
}

/** The last message of a provider this node's feed refused, with the refusal's code. */
export interface ProviderRefusal {
  provider: string;
  code: string;
  at: number;
  /** Refusals since this node started. */
  total: number;
}

export interface FeedActivity {
  producers: ProducerActivity[];
  refusals: ProviderRefusal[];
}

export interface FeedHealthBoard extends FeedHealth {
  /** What the feed did lately, as of now. */
  activity(): FeedActivity;
}

interface ProducerTally {
  provider: string;
  producer: number;
  /** Messages per second over the window, indexed by the epoch second modulo the window. */
  slots: number[];
  /** The epoch second each slot counts. */
  slotSeconds: number[];
  lastLagMs: number | null;
  recovering: boolean;
}

/**
 * Keeps the figures the back office's feed health page shows beside the counters `inner` feeds:
 * each producer's messages of the last minute, its last lag and whether it is recovering, and each
 * provider's last refusal. The same figures are gauges on `registry`.
 */
export function createFeedHealthBoard(options: {
  inner: FeedHealth;
  registry?: Registry;
  now?: () => number;
}): FeedHealthBoard {
  const { inner } = options;
  const now = options.now ?? Date.now;
  const tallies = new Map<string, ProducerTally>();
  const refusals = new Map<string, ProviderRefusal>();

  function tally(provider: string, producer: number): ProducerTally {
    const key = `${provider}/${producer}`;
    let t = tallies.get(key);
    if (!t) {
      t = {
        provider,
        producer,
        slots: new Array<number>(WINDOW_SECONDS).fill(0),
        slotSeconds: new Array<number>(WINDOW_SECONDS).fill(-1),
        lastLagMs: null,
        recovering: false,
      };
      tallies.set(key, t);
    }
    return t;
  }

  function perMinute(t: ProducerTally, at: number): number {
    const second = Math.floor(at / 1000);
    let sum = 0;
    for (let i = 0; i < WINDOW_SECONDS; i++) {
      const s = t.slotSeconds[i] ?? -1;
      if (s > second - WINDOW_SECONDS && s <= second) sum += t.slots[i] ?? 0;
    }
    return sum;
  }

  function activity(): FeedActivity {
    const at = now();
    return {
      producers: [...tallies.values()].map((t) => ({
        provider: t.provider,
        producer: t.producer,
        messagesPerMinute: perMinute(t, at),
        lastLagMs: t.lastLagMs,
        recovering: t.recovering,
      })),
      refusals: [...refusals.values()].map((r) => ({ ...r })),
    };
  }

  if (options.registry) {
    const registers = [options.registry];
    new Gauge({
      name: "sportsbook_feed_messages_per_minute",
      help: "Feed messages applied within the last minute, by provider and producer",
      labelNames: ["provider", "producer"],
      registers,
      collect() {
        this.reset();
        for (const p of activity().producers)
          this.set({ provider: p.provider, producer: String(p.producer) }, p.messagesPerMinute);
      },
    });
    new Gauge({
      name: "sportsbook_feed_last_lag_seconds",
      help: "From the last applied message's provider timestamp to its commit, by provider and producer",
      labelNames: ["provider", "producer"],
      registers,
      collect() {
        this.reset();
        for (const p of activity().producers)
          if (p.lastLagMs !== null)
            this.set({ provider: p.provider, producer: String(p.producer) }, p.lastLagMs / 1000);
      },
    });
    new Gauge({
      name: "sportsbook_feed_recovering",
      help: "1 while a producer's recovery was asked and its snapshot has not ended, else 0",
      labelNames: ["provider", "producer"],
      registers,
      collect() {
        this.reset();
        for (const p of activity().producers)
          this.set({ provider: p.provider, producer: String(p.producer) }, p.recovering ? 1 : 0);
      },
    });
    new Gauge({
      name: "sportsbook_feed_last_refusal_timestamp_seconds",
      help: "When the feed last refused a provider's message, by provider and the refusal's code",
      labelNames: ["provider", "code"],
      registers,
      collect() {
        this.reset();
        for (const r of refusals.values()) this.set({ provider: r.provider, code: r.code }, r.at / 1000);
      },
    });
  }

  return {
    activity,
    message(provider, producer, timestamp, at) {
      inner.message(provider, producer, timestamp, at);
      const t = tally(provider, producer);
      const second = Math.floor(at / 1000);
      const i = second % WINDOW_SECONDS;
      if (t.slotSeconds[i] !== second) {
        t.slotSeconds[i] = second;
        t.slots[i] = 0;
      }
      t.slots[i] = (t.slots[i] ?? 0) + 1;
      // a timestamp ahead of the clock (a skewed provider) is no lag
      if (timestamp !== undefined) t.lastLagMs = Math.max(0, at - timestamp);
    },
    rejected(provider, code) {
      inner.rejected(provider, code);
      const total = (refusals.get(provider)?.total ?? 0) + 1;
      refusals.set(provider, { provider, code, at: now(), total });
    },
    warning: (provider) => inner.warning(provider),
    publishFailed: (event) => inner.publishFailed(event),
    linkFailed: (link, kind) => inner.linkFailed(link, kind),
    linkState: (link, up) => inner.linkState(link, up),
    apiFailed: (provider, kind) => inner.apiFailed?.(provider, kind),
    recovery(provider, step, producer) {
      inner.recovery?.(provider, step, producer);
      if (producer === undefined) return;
      const t = tally(provider, producer);
      if (step === "completed") t.recovering = false;
      else if (step === "requested" || step === "request_failed" || step === "timed_out") t.recovering = true;
    },
  };
}
