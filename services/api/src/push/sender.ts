import { type Database, pushSubscriptions } from "@sportsbook/db";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { Counter, type Registry } from "prom-client";
import webpush from "web-push";
import { type EndpointRule, endpointProblem } from "./endpoint-rule.js";
import { httpTransport, type PushTransport } from "./transport.js";

/** The server's VAPID identity (RFC 8292): the key pair, base64url, and a contact URL. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may reach the operator at. */
  subject: string;
}

export interface PushSettings {
  vapid: VapidKeys;
  /** Accept plain http endpoints on this machine (a push service stand-in in tests only). */
  loopbackHttp?: boolean;
}

/** What the service worker shows: the notification's words, and where a click takes the player. */
export interface PushMessage {
  type: string;
  title: string;
  body: string;
  /** Replaces an earlier push about the same thing on the device instead of stacking. */
  tag: string;
  /** Path of this site to open on a click. */
  url: string;
}

export interface PushSender {
  readonly publicKey: string;
  readonly rule: EndpointRule;
  /** Sends in the background; failures are logged and counted, never thrown to the cause. */
  notify(playerId: number, message: PushMessage): void;
  /** Sends to each of the player's subscriptions and resolves when every one has answered. */
  send(playerId: number, message: PushMessage): Promise<void>;
  /** Resolves once every background send started so far has finished. */
  idle(): Promise<void>;
}

/** A day: a push about a settled bet or a bonus still matters when the device comes back online. */
const TTL_SECONDS = 24 * 3600;

/**
 * Background sends at once: a match's end settles many bets in one go, and each send reads the
 * database, so the burst is worked through a few at a time instead of taking the whole pool.
 */
const CONCURRENT_SENDS = 4;
/** Sends waiting beyond this are dropped (and counted failed): a push is worth less than the node. */
const MAX_WAITING = 10_000;

type Outcome = "delivered" | "expired" | "refused" | "failed";

function outcomeCounter(registry: Registry): Counter<"outcome"> {
  const name = "sportsbook_push_sends_total";
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<"outcome">;
  return new Counter({
    name,
    help: "Web Push sends by outcome: delivered, expired (404/410, subscription deleted), refused (other answers or endpoint rule), failed (not sent)",
    labelNames: ["outcome"],
    registers: [registry],
  });
}

/** Web Push to the browsers players subscribed, after the cause of each message committed. */
export function createPushSender(deps: {
  db: Database;
  settings: PushSettings;
  registry: Registry;
  log: FastifyBaseLogger;
  transport?: PushTransport;
}): PushSender {
  const { db, settings, log } = deps;
  const rule: EndpointRule = { loopbackHttp: settings.loopbackHttp ?? false };
  const transport = deps.transport ?? httpTransport(rule);
  const sends = outcomeCounter(deps.registry);
  const waiting: (() => Promise<void>)[] = [];
  let running = 0;
  let idleWaiters: (() => void)[] = [];

  const count = (outcome: Outcome) => sends.inc({ outcome });

  async function sendOne(row: typeof pushSubscriptions.$inferSelect, payload: string): Promise<void> {
    // the origin only: the endpoint's path is the subscription's capability
    const origin = URL.canParse(row.endpoint) ? new URL(row.endpoint).origin : "?";
    const problem = endpointProblem(row.endpoint, rule);
    if (problem) {
      count("refused");
      log.warn({ origin, problem }, "push endpoint refused by the endpoint rule");
      return;
    }
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        payload,
        { vapidDetails: settings.vapid, TTL: TTL_SECONDS, contentEncoding: "aes128gcm" },
      );
      const status = await transport({
        endpoint: details.endpoint,
        headers: details.headers as Record<string, string | number>,
        body: details.body,
      });
      if (status >= 200 && status < 300) {
        count("delivered");
      } else if (status === 404 || status === 410) {
        // the browser dropped the subscription: the push service will never take it again
        await db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.endpoint, row.endpoint)));
        count("expired");
        log.info({ origin, status }, "push subscription expired and deleted");
      } else {
        count("refused");
        log.warn({ origin, status }, "push service refused a push");
      }
    } catch (err) {
      count("failed");
      log.warn({ err, origin }, "push could not be sent");
    }
  }

  async function send(playerId: number, message: PushMessage): Promise<void> {
    let rows: (typeof pushSubscriptions.$inferSelect)[];
    try {
      rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId));
    } catch (err) {
      count("failed");
      log.error({ err, playerId }, "push subscriptions could not be read");
      return;
    }
    const payload = JSON.stringify(message);
    await Promise.all(rows.map((row) => sendOne(row, payload)));
  }

  function pump(): void {
    while (running < CONCURRENT_SENDS) {
      const job = waiting.shift();
      if (!job) break;
      running += 1;
      // `send` handles its own failures; `finally` keeps the count right whatever happens
      void job().finally(() => {
        running -= 1;
        pump();
      });
    }
    if (running === 0 && waiting.length === 0) {
      const done = idleWaiters;
      idleWaiters = [];
      for (const resolve of done) resolve();
    }
  }

  return {
    publicKey: settings.vapid.publicKey,
    rule,
    send,
    notify(playerId, message) {
      if (waiting.length >= MAX_WAITING) {
        count("failed");
        log.warn({ playerId, type: message.type }, "push dropped: too many sends waiting");
        return;
      }
      waiting.push(() => send(playerId, message));
      pump();
    },
    idle() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
