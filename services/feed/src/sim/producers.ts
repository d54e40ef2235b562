import type { FeedEvent, Provider } from "../model.js";
import type { SimContext, SimMessage } from "./context.js";

/** Producer ids per provider: betradar 3 prematch / 1 live; oddin 1 pre / 2 live; betconstruct 3 / 1. */
export const PRODUCERS: Record<Provider, { pre: number; live: number }> = {
  betradar: { pre: 3, live: 1 },
  oddin: { pre: 1, live: 2 },
  betconstruct: { pre: 3, live: 1 },
};

const ALIVE_MS = 10_000;
/**
 * Real time between two alive messages, at most: every node takes a producer silent for a few real
 * seconds as stale (`freshness/rule.ts`), so played slower than 10× an alive comes every real second.
 */
const REAL_ALIVE_MS = 1_000;
/**
 * Real time between two outages of a producer, at least. Outages are a matter of the link, not of
 * the matches: a feed played 60 times faster does not lose its producers 60 times as often (each
 * outage suspends the producer's markets and ends in a recovery snapshot of every match it holds).
 */
const OUTAGE_REAL_GAP_MS = 5 * 60_000;

export interface ProducerLinks {
  /** Whether a message leaves now; while its producer is down it is held back or lost. */
  admit(msg: SimMessage): boolean;
  /** Sends alive messages every ten seconds while the producer is up. */
  alive(provider: Provider, producer: number): void;
  /** Takes the producer down now and then, and brings it back with a recovery. */
  outages(provider: Provider, producer: number): void;
  /** Whether the producer is in one of its own outages (its own recovery will follow). */
  isDown(provider: Provider, producer: number): boolean;
}

/**
 * The producers' links as a provider runs them: alive messages, and outages. While a producer is
 * down its prices are lost and everything else waits; on recovery the held-back messages go out,
 * then `resend` sends a snapshot of current odds, then the snapshot-complete marker.
 */
export function createProducerLinks(
  ctx: SimContext,
  send: (msg: SimMessage) => void,
  resend: (provider: Provider, producer: number, requestId: number) => void,
): ProducerLinks {
  const { rng, queue } = ctx;
  const down = new Map<string, { deferred: SimMessage[]; requestId: number }>();
  let requestIds = 1;
  const gap = (ms: number) => Math.max(ms, OUTAGE_REAL_GAP_MS * ctx.speed);
  const producerKey = (p: Provider, producer: number) => `${p}/${producer}`;
  const aliveMessage = (provider: Provider, producer: number, subscribed: boolean): SimMessage => ({
    event: { kind: "alive", provider, producer, timestamp: ctx.now(), subscribed },
    sportId: 0,
    live: false,
  });

  function alive(provider: Provider, producer: number): void {
    if (!down.has(producerKey(provider, producer))) ctx.push(aliveMessage(provider, producer, true));
    queue.push(ctx.now() + Math.min(ALIVE_MS, REAL_ALIVE_MS * ctx.speed), () => alive(provider, producer));
  }

  function outage(provider: Provider, producer: number): void {
    const key = producerKey(provider, producer);
    ctx.push(aliveMessage(provider, producer, false));
    const requestId = requestIds++;
    down.set(key, { deferred: [], requestId });
    queue.push(ctx.now() + rng.int(30, 120) * 1000, () => {
      const state = down.get(key);
      down.delete(key);
      ctx.push(aliveMessage(provider, producer, true));
      for (const msg of state?.deferred ?? [])
        send({ ...msg, event: { ...msg.event, timestamp: ctx.now() } as FeedEvent });
      const request = state?.requestId ?? requestId;
      resend(provider, producer, request);
      ctx.push({
        event: { kind: "snapshot_complete", provider, producer, timestamp: ctx.now(), requestId: request },
        sportId: 0,
        live: false,
      });
      queue.push(ctx.now() + gap(rng.int(20, 60) * 60_000), () => outage(provider, producer));
    });
  }

  return {
    admit(msg) {
      const e = msg.event;
      const outage = down.get(producerKey(e.provider, e.producer));
      if (!outage || e.kind === "alive") return true;
      // prices sent while a producer is down are lost; settlements are replayed on recovery
      if (e.kind !== "odds_change" && e.kind !== "bet_stop") outage.deferred.push(msg);
      return false;
    },
    alive,
    isDown: (provider, producer) => down.has(producerKey(provider, producer)),
    outages: (provider, producer) =>
      queue.push(ctx.now() + gap(rng.int(10, 40) * 60_000), () => outage(provider, producer)),
  };
}
