import type { Provider } from "../model.js";
import { PRODUCERS } from "../sim/producers.js";

/** Whether a producer carries the prices of matches in play or of matches to come. */
export type ProducerKind = "live" | "prematch";

export function producerKind(provider: Provider, producer: number): ProducerKind {
  return PRODUCERS[provider].live === producer ? "live" : "prematch";
}

/** The producer whose prices a selection stands on: the live one once its match is in play. */
export function producerOf(provider: Provider, live: boolean): number {
  return live ? PRODUCERS[provider].live : PRODUCERS[provider].pre;
}

/** How long a producer may stay silent, ms, before its prices are taken as stale. */
export interface StaleThresholds {
  live: number;
  prematch: number;
  /** Per producer, `provider/producer` → ms, over its kind's. */
  producers?: Readonly<Record<string, number>>;
}

export const DEFAULT_STALE_THRESHOLDS: StaleThresholds = { live: 5_000, prematch: 30_000 };

export function thresholdOf(t: StaleThresholds, provider: Provider, producer: number): number {
  return t.producers?.[`${provider}/${producer}`] ?? t[producerKind(provider, producer)];
}

/** What every node knows of a producer: its status and when a message and an alive were last applied. */
export interface ProducerFreshness {
  provider: Provider;
  producer: number;
  status: "up" | "down";
  lastMessageAt: number | null;
  lastAliveAt: number | null;
}

/** When the producer was last heard from (any message or alive applied), or null if never. */
export function lastHeard(p: Pick<ProducerFreshness, "lastMessageAt" | "lastAliveAt">): number | null {
  if (p.lastMessageAt === null) return p.lastAliveAt;
  if (p.lastAliveAt === null) return p.lastMessageAt;
  return Math.max(p.lastMessageAt, p.lastAliveAt);
}

/** Ms since the producer was last heard from at `now`; never heard from is infinitely silent. */
export function silenceMs(p: ProducerFreshness, now: number): number {
  const heard = lastHeard(p);
  return heard === null ? Number.POSITIVE_INFINITY : Math.max(0, now - heard);
}

/**
 * The freshness rule: a producer's prices can be bet on while it is up and has been heard from
 * within its threshold. A clock behind the last message (another node's skew) counts as no silence.
 */
export function isStale(p: ProducerFreshness, now: number, thresholds: StaleThresholds): boolean {
  return p.status === "down" || silenceMs(p, now) > thresholdOf(thresholds, p.provider, p.producer);
}
