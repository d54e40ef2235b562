import type { Translations } from "@sportsbook/db";
import type { FeedEvent } from "../model.js";
import { competitorName, type SportDef } from "./catalogue.js";
import type { Rng } from "./prng.js";
import type { ActionQueue } from "./queue.js";

/** A simulated message in the internal model, with what its routing key needs. */
export interface SimMessage {
  event: FeedEvent;
  sportId: number;
  live: boolean;
}

/**
 * What every part of the simulator shares: one random stream and one action queue (so a seed
 * replays exactly), the simulated clock, the id counter and the way out for messages.
 */
export interface SimContext {
  rng: Rng;
  queue: ActionQueue;
  /** Bookmaker margin as a fraction. */
  margin: number;
  /**
   * Simulated seconds per real second the feed is played at. What a provider paces in real time
   * (a live match's odds changes, producer outages) is spaced by it, so a fast feed is not a
   * heavier one.
   */
  speed: number;
  now(): number;
  newId(): number;
  /** Sends a message, unless its producer is down (see `producers.ts`). */
  push(msg: SimMessage): void;
  /** Registers the names the description service answers for a URN. */
  describe(urn: string, names: Translations | undefined): void;
}

export function urnPrefix(sport: SportDef): string {
  return sport.urn.slice(0, sport.urn.indexOf(":"));
}

/** `n` competitors with distinct names and fresh URNs. */
export function competitors(ctx: SimContext, sport: SportDef, n: number): { urn: string; name: string }[] {
  const names = new Set<string>();
  while (names.size < n) names.add(competitorName(ctx.rng, sport));
  return [...names].map((name) => ({ urn: `${urnPrefix(sport)}:competitor:${100_000 + ctx.newId()}`, name }));
}
