import { describe, expect, it } from "vitest";
import { EVENT_STATUS, type MarketOdds } from "../model.js";
import { REAL_PULSE_MS } from "./matches.js";
import { PULSE_MS } from "./run-of-play.js";
import { createSimulator } from "./simulator.js";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

function fingerprint(m: MarketOdds): string {
  return `${m.status}|${m.outcomes.map((o) => `${o.id}:${o.odds}:${o.active}`).join(",")}`;
}

interface Watch {
  /** when a price or market status last changed */
  at: number;
  /** the match clock was stopped (half-time, a break): no match time passes */
  paused: boolean;
  /** some market is open for bets; a match whose every market is decided has no price left to move */
  open: boolean;
  sent: Map<string, string>;
  /** the last odds change that was not the reopening after a bet stop */
  pulseAt?: number;
  /** a bet stop came since the last odds change: the next one reopens the book */
  stopped: boolean;
}

interface Cadence {
  /** longest match time without a price change, per live match with an open market */
  longest: Map<string, number>;
  /** shortest match time between two odds changes of a live match, bet stop reopenings aside */
  closest: number;
  changes: number;
}

/**
 * Plays three hours of 40 matches at `speed`, advanced `slice` ms of match time at a time (the
 * simulated clock is the only clock: no real time passes, and how time is sliced changes no
 * message), and measures how often each live match's prices move.
 */
function cadence(speed: number, slice: number): Cadence {
  const sim = createSimulator({ seed: 11, matches: 40, startTime: T0, outages: false, speed });
  const watched = new Map<string, Watch>();
  const over = new Set<string>();
  const longest = new Map<string, number>();
  let closest = Number.POSITIVE_INFINITY;
  let changes = 0;
  for (let t = T0; t <= T0 + 3 * 60 * 60_000; t += slice) {
    for (const { event: e, live } of sim.advanceTo(t)) {
      if (!live || (e.kind !== "odds_change" && e.kind !== "bet_stop") || over.has(e.eventUrn)) continue;
      const w: Watch = watched.get(e.eventUrn) ?? {
        at: e.timestamp,
        paused: false,
        open: true,
        sent: new Map(),
        stopped: false,
      };
      watched.set(e.eventUrn, w);
      let changed = false;
      if (e.kind === "bet_stop") {
        // every market is suspended: what reopens them is a change again
        w.sent.clear();
        w.stopped = true;
        changed = true;
      } else {
        for (const m of e.markets) {
          const key = `${m.id}/${m.specifiers}`;
          const f = fingerprint(m);
          if (w.sent.get(key) !== f) changed = true;
          w.sent.set(key, f);
        }
        if (!w.stopped) {
          if (w.pulseAt !== undefined) closest = Math.min(closest, e.timestamp - w.pulseAt);
          w.pulseAt = e.timestamp;
        }
        w.stopped = false;
      }
      if (changed) {
        const gap = e.timestamp - w.at;
        if (!w.paused && w.open) longest.set(e.eventUrn, Math.max(longest.get(e.eventUrn) ?? 0, gap));
        w.at = e.timestamp;
        changes++;
      }
      w.open = e.kind === "bet_stop" || [...w.sent.values()].some((f) => f.startsWith("1|"));
      if (e.kind === "odds_change" && e.status) {
        w.paused = e.status.clock?.stopped === true;
        if (e.status.status !== EVENT_STATUS.live) {
          watched.delete(e.eventUrn);
          over.add(e.eventUrn);
        }
      }
    }
    // a live match that has gone quiet for longer than a pulse fails here, not only when it speaks again
    const pulse = Math.max(PULSE_MS, REAL_PULSE_MS * speed);
    for (const [urn, w] of watched)
      if (!w.paused && w.open)
        expect(t - w.at, `${urn} silent at ${new Date(t).toISOString()}`).toBeLessThanOrEqual(pulse + slice);
  }
  return { longest, closest, changes };
}

describe("live cadence", () => {
  it("every live match with an open market publishes a price change within 10 s of match time", () => {
    const { longest, changes } = cadence(1, 7_000);
    expect(longest.size).toBeGreaterThan(40);
    for (const [urn, gap] of longest) expect(gap, urn).toBeLessThanOrEqual(PULSE_MS);
    expect(changes).toBeGreaterThan(10_000);
  });

  it("played 60 times faster, a live match sends one price change per pulse of real time", () => {
    const speed = 60;
    // advanced a real second at a time, as the feed does
    const { longest, closest, changes } = cadence(speed, 1_000 * speed);
    expect(longest.size).toBeGreaterThan(40);
    // every pulse moves a price; a pulse covers the twelve 10 s steps of match time of two real seconds
    for (const [urn, gap] of longest) expect(gap, urn).toBeLessThanOrEqual(REAL_PULSE_MS * speed);
    // and never comes sooner than two real seconds after the last one (reopenings after a bet stop aside)
    expect(closest).toBe(REAL_PULSE_MS * speed);
    expect(changes).toBeGreaterThan(1_500);
  });
});
