import { createLink, type LinkStatus, type RetryPolicy } from "@sportsbook/contracts";
import amqp from "amqplib";
import type { FeedHealth } from "../ingest/health.js";
import type { FeedLogger } from "../ingest/ingest.js";
import type { RetryTimer } from "../transport/amqp.js";
import { describeAmqpFailure } from "../transport/amqp-failure.js";
import type { Delivery, FeedTransport } from "../transport/transport.js";
import type { UofProvider } from "./environments.js";

export interface UofTransportOptions {
  provider: UofProvider;
  /** The broker's address (`amqps://host:5671`); user info in it replaces the token's sign-in. */
  amqpUrl: string;
  token: string;
  /** The bookmaker's virtual host, as `whoami` tells it. */
  virtualHost: string;
  /** The provider's topic exchange (it exists; it is never declared). */
  exchange: string;
  /** This node's id: recovery answers to it travel with it as the routing key's last part. */
  nodeId?: number;
  /** Unacknowledged messages in flight (the ingest's lanes). */
  prefetch?: number;
  /** The setting an operator fixes when the broker refuses (named in the log). */
  setting?: string;
  log?: FeedLogger;
  health?: Pick<FeedHealth, "linkFailed" | "linkState">;
  policy?: RetryPolicy;
  now?: () => number;
  random?: () => number;
  timer?: RetryTimer;
}

const systemTimer: RetryTimer = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as NodeJS.Timeout),
};

/**
 * The routing keys a UOF client binds: system messages (`-.-.-.alive.-.-.-.-`), every message meant
 * for all nodes (last part `-`) and, with a node id, the recovery answers meant for this node.
 */
function uofBindings(nodeId: number | undefined): string[] {
  return ["-.-.-.#", "*.*.*.*.*.*.*.-", ...(nodeId !== undefined ? [`*.*.*.*.*.*.*.${nodeId}`] : [])];
}

/** Signs in as the provider's SDKs do: the access token is the user name, with no password. */
export function signedInUrl(amqpUrl: string, token: string, virtualHost: string): string {
  const u = new URL(amqpUrl);
  if (!u.username) {
    u.username = encodeURIComponent(token);
    u.password = "";
  }
  u.pathname = `/${encodeURIComponent(virtualHost)}`;
  return u.toString();
}

/**
 * Reads a UOF provider's broker the way a bookmaker may: in the bookmaker's virtual host, a
 * server-named exclusive queue (`amq.gen-…`, gone with the connection) bound to the provider's
 * exchange, which is never declared or checked (the user may only read it). Every failure ends the
 * session, is told once and retried with backoff; the messages sent while it was down are not kept
 * for it, which is what the producers' recovery is for. Read only: `publish` refuses.
 */
export async function createUofTransport(options: UofTransportOptions): Promise<FeedTransport> {
  const setting = options.setting ?? "FEED_PROVIDER_TOKEN";
  const log = options.log;
  const timer = options.timer ?? systemTimer;
  const url = signedInUrl(options.amqpUrl, options.token, options.virtualHost);
  const listeners: ((s: LinkStatus) => void)[] = [];
  const tell = (s: LinkStatus) => {
    for (const l of listeners) l(s);
  };
  const link = createLink({
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    ...(options.policy ? { policy: options.policy } : {}),
    onState: (state) => options.health?.linkState(options.provider, state === "up"),
    onDown(s) {
      if (s.refused)
        log?.error({ cause: s.cause, setting }, `the provider's broker refused the connection: ${s.cause}`);
      else log?.warn({ cause: s.cause }, `the provider's broker connection is down, retrying: ${s.cause}`);
      tell(s);
    },
    onUp(s, downMs) {
      log?.info({ failures: s.failures, downMs }, "the provider's broker connection is up again");
      tell(link.status());
    },
  });
  let handler: ((d: Delivery) => Promise<void>) | undefined;
  let conn: amqp.ChannelModel | undefined;
  let generation = 0;
  let retry: unknown;
  let closed = false;

  function lost(gen: number, err: unknown): void {
    if (gen !== generation || closed) return;
    generation++;
    const old = conn;
    conn = undefined;
    // the session is over either way: a connection already closed has nothing left to release
    old?.close().catch(() => {});
    const failure = describeAmqpFailure(err, setting);
    options.health?.linkFailed(options.provider, failure.kind);
    const waitMs = link.failed(failure.cause, failure.refused);
    retry = timer.set(() => {
      retry = undefined;
      void attempt();
    }, waitMs);
  }

  function watch(gen: number, emitter: amqp.ChannelModel | amqp.Channel, what: string): void {
    emitter.on("error", (err: unknown) => lost(gen, err));
    emitter.on("close", (err: unknown) => lost(gen, err ?? new Error(`${what} closed`)));
  }

  async function attempt(): Promise<void> {
    if (closed) return;
    const gen = ++generation;
    try {
      const c = await amqp.connect(url, { servername: new URL(options.amqpUrl).hostname });
      if (gen !== generation) {
        // closed meanwhile: this connection was never handed out
        await c.close().catch(() => {});
        return;
      }
      conn = c;
      watch(gen, c, "connection");
      const ch = await c.createChannel();
      watch(gen, ch, "consumer channel");
      await ch.prefetch(options.prefetch ?? 1);
      const { queue } = await ch.assertQueue("", { exclusive: true, autoDelete: true, durable: false });
      for (const key of uofBindings(options.nodeId)) await ch.bindQueue(queue, options.exchange, key);
      await ch.consume(queue, (msg) => {
        if (!msg) return lost(gen, new Error(`the broker cancelled the consumer of queue ${queue}`));
        if (gen !== generation) return;
        const delivery: Delivery = {
          frame: {
            provider: options.provider,
            routingKey: msg.fields.routingKey,
            body: msg.content.toString("utf8"),
          },
        };
        const settle = () => {
          // a channel closed meanwhile takes no acknowledgement (the queue went with it)
          if (gen === generation) ch.ack(msg);
        };
        // a failed message is the ingest's to count and recover (single-event recovery); the queue
        // does not take it back, as a provider's feed does not resend it
        (handler ? handler(delivery) : Promise.resolve()).then(settle, settle);
      });
      if (gen !== generation) return;
      log?.info(
        { queue, virtualHost: options.virtualHost, exchange: options.exchange },
        "bound to the provider's feed",
      );
      link.up();
    } catch (err) {
      lost(gen, err);
    }
  }

  return {
    status: () => link.status(),
    onStatus(listener) {
      listeners.push(listener);
    },
    async publish() {
      throw new Error("a provider's feed is read only");
    },
    async subscribe(h) {
      handler = h;
      if (link.status().state === "connecting" && generation === 0) await attempt();
    },
    async close() {
      closed = true;
      generation++;
      if (retry !== undefined) timer.clear(retry);
      const c = conn;
      conn = undefined;
      // closing: a connection already gone has nothing left to release
      await c?.close().catch(() => {});
    },
  };
}
