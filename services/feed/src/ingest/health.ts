import { Counter, Gauge, Histogram, type Registry } from "prom-client";

/**
 * Feed health on /api/metrics: messages per provider and producer (their rate is messages per
 * second), how old a message is when it has been applied, rejections by reason and what a decoder
 * passed over. A producer's lag is the first sign of a slow ingest or a feed that fell behind.
 */
export interface FeedHealth {
  message(provider: string, producer: number, timestamp: number | undefined, now: number): void;
  rejected(provider: string, code: string): void;
  warning(provider: string): void;
  /** A realtime publication failed after its change committed. */
  publishFailed(event: string): void;
  /** A connection to the provider's side failed: refused, unreachable or lost. */
  linkFailed(link: string, kind: string): void;
  /** Whether the connection to the provider's side is up (its producers are down while it is not). */
  linkState(link: string, up: boolean): void;
  /** A call to a provider's REST API failed (timeout, unreachable, refused, server, client, invalid). */
  apiFailed?(provider: string, kind: string): void;
  /** A step of a producer's recovery (requested, request_failed, completed, timed_out, event_requested). */
  recovery?(provider: string, step: string, producer?: number): void;
}

export const noFeedHealth: FeedHealth = {
  message() {},
  rejected() {},
  warning() {},
  publishFailed() {},
  linkFailed() {},
  linkState() {},
};

export function createFeedHealth(registry: Registry): FeedHealth {
  const messages = new Counter({
    name: "sportsbook_feed_messages_total",
    help: "Feed messages applied, by provider and producer",
    labelNames: ["provider", "producer"],
    registers: [registry],
  });
  const lag = new Histogram({
    name: "sportsbook_feed_lag_seconds",
    help: "Time from a message's provider timestamp to its application, by provider and producer",
    labelNames: ["provider", "producer"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const rejected = new Counter({
    name: "sportsbook_feed_messages_rejected_total",
    help: "Feed messages refused, by provider and reason code",
    labelNames: ["provider", "code"],
    registers: [registry],
  });
  const warnings = new Counter({
    name: "sportsbook_feed_decode_warnings_total",
    help: "Parts of feed messages passed over (unknown markets and the like), by provider",
    labelNames: ["provider"],
    registers: [registry],
  });
  const publishFailures = new Counter({
    name: "sportsbook_feed_publish_failures_total",
    help: "Realtime publications of committed feed changes that failed, by event",
    labelNames: ["event"],
    registers: [registry],
  });
  const linkFailures = new Counter({
    name: "sportsbook_feed_link_failures_total",
    help: "Failed or lost connections of the feed to its broker, by link and kind (refused, unreachable, lost)",
    labelNames: ["link", "kind"],
    registers: [registry],
  });
  const linkUp = new Gauge({
    name: "sportsbook_feed_link_up",
    help: "1 while the feed's connection to its broker is up, 0 while it is down",
    labelNames: ["link"],
    registers: [registry],
  });
  const apiFailures = new Counter({
    name: "sportsbook_feed_api_failures_total",
    help: "Failed calls to a provider's REST API, by provider and kind (timeout, unreachable, refused, server, client, invalid)",
    labelNames: ["provider", "kind"],
    registers: [registry],
  });
  const recoveries = new Counter({
    name: "sportsbook_feed_recoveries_total",
    help: "Steps of the producers' recoveries, by provider and step (requested, request_failed, completed, timed_out, event_requested)",
    labelNames: ["provider", "step"],
    registers: [registry],
  });
  return {
    apiFailed: (provider, kind) => apiFailures.inc({ provider, kind }),
    recovery: (provider, step) => recoveries.inc({ provider, step }),
    message(provider, producer, timestamp, now) {
      const labels = { provider, producer: String(producer) };
      messages.inc(labels);
      // A timestamp ahead of the clock (a skewed provider) is no lag.
      if (timestamp !== undefined) lag.observe(labels, Math.max(0, now - timestamp) / 1000);
    },
    rejected: (provider, code) => rejected.inc({ provider, code }),
    warning: (provider) => warnings.inc({ provider }),
    publishFailed: (event) => publishFailures.inc({ event }),
    linkFailed: (link, kind) => linkFailures.inc({ link, kind }),
    linkState: (link, up) => linkUp.set({ link }, up ? 1 : 0),
  };
}
