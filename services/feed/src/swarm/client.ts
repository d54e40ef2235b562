import { createLink, type LinkStatus, type RetryPolicy } from "@sportsbook/contracts";
import WebSocket from "ws";
import { z } from "zod";
import type { FeedHealth } from "../ingest/health.js";
import type { FeedLogger } from "../ingest/ingest.js";
import type { FeedFrame } from "../model.js";
import type { RetryTimer } from "../transport/amqp.js";
import type { Delivery, FeedTransport } from "../transport/transport.js";

/** One `get` with `subscribe`: what to read (`sport`, `game`, `market`, `event` with their fields) and where. */
export interface SwarmSubscription {
  what: Record<string, unknown>;
  where?: Record<string, unknown>;
}

export interface SwarmClientOptions {
  /** The Swarm WebSocket endpoint (`wss://…`). */
  url: string;
  /** The operator's site id, which the session request names. */
  siteId: number;
  /** Swarm's three-letter language of names (default `eng`). */
  language?: string;
  subscriptions: SwarmSubscription[];
  /** A session, subscription or ping not answered within this ends the connection (default 15 s). */
  answerTimeoutMs?: number;
  /**
   * How often the connection is pinged once subscribed (default 1 s). Swarm sends nothing while
   * nothing changes, so each pong is the producer's alive: a quiet feed stays fresh, a dead one does not.
   */
  pingMs?: number;
  /** The setting an operator fixes when the session is refused. */
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

const answerSchema = z.object({
  code: z.number().int(),
  rid: z.union([z.string(), z.number()]).transform(String),
  msg: z.string().nullish(),
  data: z.unknown(),
});

/** The routing key of every Swarm frame handed on: Swarm names no event, so the ingest orders them as system frames. */
const SWARM_KEY = "swarm.answer.-.-";

class Refused extends Error {}

/**
 * A Swarm (BetConstruct) WebSocket client: asks for a session with the site id, subscribes with one
 * `get … subscribe: true` per subscription, and hands every answer and every later delta (`rid "0"`)
 * to the ingest as it comes, whose decoder merges them per subscription. Once every subscription has
 * answered, the whole state has been read again, so the producers are alive: a heartbeat frame
 * (this project's Swarm-shaped alive) says so. A lost connection is told once and retried with
 * backoff and jitter, and the new session subscribes again; a refused session (a wrong site id) is
 * retried slowly. Read only: `publish` refuses.
 */
export function createSwarmTransport(options: SwarmClientOptions): FeedTransport {
  const log = options.log;
  const timer = options.timer ?? systemTimer;
  const now = options.now ?? Date.now;
  const setting = options.setting ?? "FEED_PROVIDER_SITE_ID";
  const answerTimeoutMs = options.answerTimeoutMs ?? 15_000;
  const listeners: ((s: LinkStatus) => void)[] = [];
  const tell = (s: LinkStatus) => {
    for (const l of listeners) l(s);
  };
  const link = createLink({
    now,
    random: options.random ?? Math.random,
    ...(options.policy ? { policy: options.policy } : {}),
    onState: (state) => options.health?.linkState("betconstruct", state === "up"),
    onDown(s) {
      if (s.refused)
        log?.error({ cause: s.cause, setting }, `the Swarm server refused the session: ${s.cause}`);
      else log?.warn({ cause: s.cause }, `the Swarm connection is down, retrying: ${s.cause}`);
      tell(s);
    },
    onUp(s, downMs) {
      log?.info({ failures: s.failures, downMs }, "the Swarm connection is up again");
      tell(link.status());
    },
  });
  let handler: ((d: Delivery) => Promise<void>) | undefined;
  let socket: WebSocket | undefined;
  let generation = 0;
  let retry: unknown;
  let deadline: unknown;
  let pinging: unknown;
  let closed = false;
  // frames are handed on one after another, in the order the server sent them
  let chain: Promise<void> = Promise.resolve();

  function hand(frame: FeedFrame): void {
    const h = handler;
    if (!h) return;
    // a frame the ingest could not apply is its own to count and log; the next ones still go
    chain = chain.then(() => h({ frame }).catch(() => {}));
  }

  const alive = (): FeedFrame => ({
    provider: "betconstruct",
    routingKey: "swarm.heartbeat.-.-",
    body: JSON.stringify({ command: "heartbeat", ts: now(), params: { alive: true } }),
  });

  function stopPinging(): void {
    if (pinging !== undefined) timer.clear(pinging);
    pinging = undefined;
  }

  function ping(gen: number, ws: WebSocket): void {
    pinging = timer.set(() => {
      if (gen !== generation) return;
      ws.ping();
      expectAnswer(gen, "ping");
      ping(gen, ws);
    }, options.pingMs ?? 1_000);
  }

  function lost(gen: number, err: unknown): void {
    if (gen !== generation || closed) return;
    generation++;
    stopPinging();
    if (deadline !== undefined) timer.clear(deadline);
    const old = socket;
    socket = undefined;
    old?.removeAllListeners();
    // the session is over: errors of a socket being torn down say nothing new
    old?.on("error", () => {});
    old?.terminate();
    const refused = err instanceof Refused;
    const cause = refused
      ? `${(err as Error).message}: check ${setting}`
      : `the Swarm connection to ${new URL(options.url).host} was lost (${err instanceof Error ? err.message : String(err)})`;
    options.health?.linkFailed("betconstruct", refused ? "refused" : "lost");
    const waitMs = link.failed(cause, refused);
    retry = timer.set(() => {
      retry = undefined;
      connect();
    }, waitMs);
  }

  function expectAnswer(gen: number, what: string): void {
    if (deadline !== undefined) timer.clear(deadline);
    deadline = timer.set(
      () => lost(gen, new Error(`no answer to the ${what} within ${answerTimeoutMs} ms`)),
      answerTimeoutMs,
    );
  }

  function connect(): void {
    if (closed) return;
    const gen = ++generation;
    const ws = new WebSocket(options.url);
    socket = ws;
    const send = (o: unknown) => ws.send(JSON.stringify(o));
    let waiting = new Set<string>();
    ws.on("open", () => {
      send({
        command: "request_session",
        params: { site_id: options.siteId, language: options.language ?? "eng" },
        rid: "session",
      });
      expectAnswer(gen, "session request");
    });
    ws.on("message", (data: WebSocket.RawData) => {
      if (gen !== generation) return;
      const text = data.toString();
      let parsed: z.infer<typeof answerSchema> | undefined;
      try {
        const r = answerSchema.safeParse(JSON.parse(text));
        parsed = r.success ? r.data : undefined;
      } catch {
        // not JSON: the ingest refuses it with its code and counts it
      }
      if (parsed?.rid === "session") {
        if (parsed.code !== 0)
          return lost(
            gen,
            new Refused(`session refused (code ${parsed.code}${parsed.msg ? `: ${parsed.msg}` : ""})`),
          );
        waiting = new Set(options.subscriptions.map((_, i) => `sub-${i}`));
        options.subscriptions.forEach((s, i) => {
          send({
            command: "get",
            params: {
              source: "betting",
              what: s.what,
              ...(s.where ? { where: s.where } : {}),
              subscribe: true,
            },
            rid: `sub-${i}`,
          });
        });
        expectAnswer(gen, "subscriptions");
        return;
      }
      hand({ provider: "betconstruct", routingKey: SWARM_KEY, body: text });
      if (parsed && waiting.delete(parsed.rid)) {
        if (parsed.code !== 0)
          return lost(gen, new Error(`subscription ${parsed.rid} refused (code ${parsed.code})`));
        if (waiting.size > 0) return;
        if (deadline !== undefined) timer.clear(deadline);
        // every subscription answered whole: what was missed while away has been read again
        hand(alive());
        log?.info({ subscriptions: options.subscriptions.length }, "subscribed to the Swarm feed");
        link.up();
        ping(gen, ws);
      }
    });
    ws.on("pong", () => {
      if (gen !== generation) return;
      if (deadline !== undefined) timer.clear(deadline);
      deadline = undefined;
      hand(alive());
    });
    ws.on("error", (err) => lost(gen, err));
    ws.on("close", (code) => lost(gen, new Error(`closed with code ${code}`)));
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
      if (generation === 0) connect();
    },
    async close() {
      closed = true;
      generation++;
      if (retry !== undefined) timer.clear(retry);
      if (deadline !== undefined) timer.clear(deadline);
      stopPinging();
      const s = socket;
      socket = undefined;
      s?.removeAllListeners();
      // closing: the socket's own errors while it goes say nothing
      s?.on("error", () => {});
      s?.close();
      await chain;
    },
  };
}
