import { createLink, type LinkStatus, type RetryPolicy } from "@sportsbook/contracts";
import amqp from "amqplib";
import type { FeedHealth } from "../ingest/health.js";
import type { FeedLogger } from "../ingest/ingest.js";
import type { Provider } from "../model.js";
import { UOF_BINDINGS } from "../uof/routing.js";
import { describeAmqpFailure } from "./amqp-failure.js";
import type { Delivery, FeedTransport } from "./transport.js";

/** Topic exchanges per provider: UOF's `unifiedfeed`, Oddin's `oddinfeed`, and one for Swarm frames. */
export const EXCHANGES: Record<Provider, string> = {
  betradar: "unifiedfeed",
  oddin: "oddinfeed",
  betconstruct: "swarmfeed",
};

/** Timers of the reconnection, injectable so tests decide when a retry runs. */
export interface RetryTimer {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const systemTimer: RetryTimer = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface AmqpTransportOptions {
  url: string;
  /** Durable queue of this consumer; messages wait there while the ingest is down. */
  queue?: string;
  /** Prefix for exchange names, so test suites do not see each other. */
  prefix?: string;
  /** Unacknowledged messages in flight (the ingest's lanes); 1 keeps strict order. */
  prefetch?: number;
  /** The setting an operator fixes when the broker refuses (named in the log). */
  setting?: string;
  log?: FeedLogger;
  /** Where lost connections and the link's state are counted. */
  health?: Pick<FeedHealth, "linkFailed" | "linkState">;
  policy?: RetryPolicy;
  now?: () => number;
  random?: () => number;
  timer?: RetryTimer;
}

interface Session {
  conn: amqp.ChannelModel;
  pub: amqp.ConfirmChannel;
}

/** Publishing while the broker is out of reach: the caller holds its frames back. */
class TransportDownError extends Error {
  constructor(cause: string | undefined) {
    super(`the feed's broker connection is down${cause ? `: ${cause}` : ""}`);
    this.name = "TransportDownError";
  }
}

const providers = Object.keys(EXCHANGES) as Provider[];

/**
 * AMQP (RabbitMQ) transport with UOF routing keys. The consumer binds the UOF keys (`*.*.*.#` and
 * `-.-.-.#` for system messages) plus `swarm.#`, acknowledges only after the ingest has applied a
 * frame, and by default handles one frame at a time so order is kept (more with ingest lanes, which keep
 * the order per event).
 *
 * A broker refuses, drops and restarts connections as a matter of course, so nothing here throws
 * at its owner: every error of the connection or of a channel ends the session, is told once
 * (`onStatus`, the log, the health figures) and is retried with backoff; a refusal retrying cannot
 * fix (credentials, permissions) is retried at the slow pace. The first attempt is awaited, so a
 * reachable broker is up when this resolves.
 */
export async function createAmqpTransport(options: AmqpTransportOptions): Promise<FeedTransport> {
  const prefix = options.prefix ?? "";
  const setting = options.setting ?? "AMQP_URL";
  const log = options.log;
  const timer = options.timer ?? systemTimer;
  const exchange = (p: Provider) => `${prefix}${EXCHANGES[p]}`;
  const queue = `${prefix}${options.queue ?? "sportsbook.feed"}`;
  const listeners: ((s: LinkStatus) => void)[] = [];
  const tell = (s: LinkStatus) => {
    for (const l of listeners) l(s);
  };
  const link = createLink({
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    ...(options.policy ? { policy: options.policy } : {}),
    onState: (state) => options.health?.linkState("amqp", state === "up"),
    onDown(s) {
      if (s.refused)
        log?.error({ cause: s.cause, setting }, `the feed's broker refused the connection: ${s.cause}`);
      else log?.warn({ cause: s.cause }, `the feed's broker connection is down, retrying: ${s.cause}`);
      tell(s);
    },
    onUp(s, downMs) {
      log?.info({ failures: s.failures, downMs }, "the feed's broker connection is up again");
      tell(link.status());
    },
  });
  let handler: ((d: Delivery) => Promise<void>) | undefined;
  let session: Session | undefined;
  // the connection of the attempt under way, released if it fails half-way
  let opening: amqp.ChannelModel | undefined;
  let generation = 0;
  let retry: unknown;
  let closed = false;

  /** Ends the session of `gen` once, whatever reported it first (connection, channel or a call). */
  function lost(gen: number, err: unknown): void {
    if (gen !== generation || closed) return;
    generation++;
    const conn = session?.conn ?? opening;
    session = undefined;
    opening = undefined;
    // the session is over either way: a connection already closed has nothing left to release
    conn?.close().catch(() => {});
    const failure = describeAmqpFailure(err, setting);
    options.health?.linkFailed("amqp", failure.kind);
    const wait = link.failed(failure.cause, failure.refused);
    retry = timer.set(() => {
      retry = undefined;
      void attempt();
    }, wait);
  }

  function watch(gen: number, emitter: amqp.ChannelModel | amqp.Channel, what: string): void {
    emitter.on("error", (err: unknown) => lost(gen, err));
    emitter.on("close", (err: unknown) => lost(gen, err ?? new Error(`${what} closed`)));
  }

  /** Declares an exchange, or finds it declared when the user may not declare (a provider's broker). */
  async function ensureExchange(conn: amqp.ChannelModel, name: string): Promise<void> {
    // A refused declaration closes its channel: the refusal arrives as the call's rejection, so the
    // channel's own error event has nothing more to say.
    const declare = await conn.createChannel();
    declare.on("error", () => {});
    try {
      await declare.assertExchange(name, "topic", { durable: true });
      await declare.close();
      return;
    } catch (refused) {
      const check = await conn.createChannel();
      // a missing exchange closes this channel too; what the operator must hear is the refusal
      check.on("error", () => {});
      // the exchange exists: declaring was all that was refused
      await check.checkExchange(name).catch(() => {
        throw refused;
      });
      await check.close();
    }
  }

  async function consume(conn: amqp.ChannelModel, gen: number): Promise<void> {
    const ch = await conn.createChannel();
    watch(gen, ch, "consumer channel");
    await ch.prefetch(options.prefetch ?? 1);
    await ch.assertQueue(queue, { durable: true });
    for (const p of providers) {
      const keys = p === "betconstruct" ? ["swarm.#"] : [...UOF_BINDINGS];
      for (const key of keys) await ch.bindQueue(queue, exchange(p), key);
    }
    await ch.consume(queue, (msg) => {
      // the broker cancelled the consumer (its queue was deleted): a new session declares it again
      if (!msg) return lost(gen, new Error(`the broker cancelled the consumer of queue ${queue}`));
      // read from a session already over: it cannot be acknowledged, and the broker sends it again
      if (gen !== generation) return;
      const provider = msg.properties.headers?.["x-provider"] as Provider | undefined;
      const positionRaw = msg.properties.headers?.["x-position"];
      const fromExchange = providers.find((p) => exchange(p) === msg.fields.exchange);
      const delivery: Delivery = {
        frame: {
          provider: provider ?? fromExchange ?? "betradar",
          routingKey: msg.fields.routingKey,
          body: msg.content.toString("utf8"),
        },
        ...(typeof positionRaw === "number" ? { position: positionRaw } : {}),
      };
      const settle = (ok: boolean) => {
        // a channel closed meanwhile takes no acknowledgement; the broker redelivers the message
        if (gen !== generation) return;
        if (ok) ch.ack(msg);
        // the ingest failed (not a bad message, those are rejected and acknowledged): try again later
        else ch.nack(msg, false, true);
      };
      handler?.(delivery).then(
        () => settle(true),
        () => settle(false),
      );
    });
  }

  async function attempt(): Promise<void> {
    if (closed) return;
    const gen = ++generation;
    try {
      const conn = await amqp.connect(options.url);
      if (gen !== generation) {
        // closed meanwhile: this connection was never handed out
        await conn.close().catch(() => {});
        return;
      }
      opening = conn;
      watch(gen, conn, "connection");
      for (const p of providers) await ensureExchange(conn, exchange(p));
      const pub = await conn.createConfirmChannel();
      watch(gen, pub, "publishing channel");
      if (handler) await consume(conn, gen);
      if (gen !== generation) return;
      opening = undefined;
      session = { conn, pub };
      link.up();
    } catch (err) {
      lost(gen, err);
    }
  }

  await attempt();

  return {
    status: () => link.status(),
    onStatus(listener) {
      listeners.push(listener);
    },
    async publish(d) {
      const s = session;
      if (!s) throw new TransportDownError(link.status().cause);
      const headers: Record<string, unknown> = { "x-provider": d.frame.provider };
      if (d.position !== undefined) headers["x-position"] = d.position;
      await new Promise<void>((resolve, reject) => {
        s.pub.publish(
          exchange(d.frame.provider),
          d.frame.routingKey,
          Buffer.from(d.frame.body),
          { persistent: true, headers },
          (err) => (err ? reject(err) : resolve()),
        );
      });
    },
    async subscribe(h) {
      handler = h;
      const s = session;
      if (!s) return; // the next session consumes
      const gen = generation;
      try {
        await consume(s.conn, gen);
      } catch (err) {
        lost(gen, err);
      }
    },
    async close() {
      closed = true;
      generation++;
      if (retry !== undefined) timer.clear(retry);
      const conn = session?.conn ?? opening;
      session = undefined;
      // closing: a connection already gone has nothing left to release
      await conn?.close().catch(() => {});
    },
  };
}
