import type { RealtimePublisher } from "@sportsbook/contracts";
import { defaultNamespaces, type NamespaceOptions } from "./config.js";
import { createRedisBroker } from "./redis-broker.js";
import { resolveChannel } from "./session.js";

export interface RedisPublisherOptions {
  url: string;
  /** The gateway nodes' `redisPrefix`. */
  prefix: string;
  /** The gateway nodes' namespaces, for each channel's history policy. */
  namespaces?: Record<string, NamespaceOptions>;
}

/** Publishes straight into the Redis broker, for a process that runs no gateway node itself. */
export function createRedisPublisher(
  options: RedisPublisherOptions,
): RealtimePublisher & { close(): Promise<void> } {
  const broker = createRedisBroker({ url: options.url, prefix: options.prefix });
  const namespaces = { ...defaultNamespaces, ...options.namespaces };
  return {
    async publish(channel, data) {
      const resolved = resolveChannel(namespaces, channel);
      if (!resolved) throw new RangeError(`unknown realtime channel: ${channel}`);
      await broker.publish(channel, { data }, resolved.ns.history);
    },
    close: () => broker.close(),
  };
}

export interface HttpPublisherOptions {
  /** Base URL of a gateway run as its own service, e.g. `http://gateway:8000`. */
  url: string;
  apiKey: string;
  fetch?: typeof fetch;
}

/** Publishes through a separate gateway's `POST /api/publish`. */
export function createHttpPublisher(options: HttpPublisherOptions): RealtimePublisher {
  const doFetch = options.fetch ?? fetch;
  const endpoint = new URL("/api/publish", options.url).toString();
  return {
    async publish(channel, data) {
      const res = await doFetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `apikey ${options.apiKey}` },
        body: JSON.stringify({ channel, data }),
      });
      if (!res.ok) throw new Error(`realtime publish failed: HTTP ${res.status} ${await res.text()}`);
    },
  };
}
