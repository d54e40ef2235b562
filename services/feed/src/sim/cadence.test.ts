import { describe, expect, it } from "vitest";
import { EVENT_STATUS, type MarketOdds } from "../model.js";
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
}

describe("live cadence", () => {
  it("every live match with an open market publishes a price change within 10 s of match time", () => {
    const sim = createSimulator({ seed: 11, matches: 40, startTime: T0, outages: false });
    const watched = new Map<string, Watch>();
    const over = new Set<string>();
    const longest = new Map<string, number>();
    let changes = 0;
    for (let t = T0; t <= T0 + 3 * 60 * 60_000; t += 7_000) {
      for (const { event: e, live } of sim.advanceTo(t)) {
        if (!live || (e.kind !== "odds_change" && e.kind !== "bet_stop") || over.has(e.eventUrn)) continue;
        const w = watched.get(e.eventUrn) ?? { at: e.timestamp, paused: false, open: true, sent: new Map() };
        watched.set(e.eventUrn, w);
        let changed = false;
        if (e.kind === "bet_stop") {
          // every market is suspended: what reopens them is a change again
          w.sent.clear();
          changed = true;
        } else if (e.kind === "odds_change") {
          for (const m of e.markets) {
            const key = `${m.id}/${m.specifiers}`;
            const f = fingerprint(m);
            if (w.sent.get(key) !== f) changed = true;
            w.sent.set(key, f);
          }
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
      for (const [urn, w] of watched)
        if (!w.paused && w.open)
          expect(t - w.at, `${urn} silent at ${new Date(t).toISOString()}`).toBeLessThanOrEqual(
            PULSE_MS + 7_000,
          );
    }
    expect(longest.size).toBeGreaterThan(40);
    for (const [urn, gap] of longest) expect(gap, urn).toBeLessThanOrEqual(PULSE_MS);
    expect(changes).toBeGreaterThan(10_000);
  });
});
