import { MARKET_STATUS } from "@sportsbook/domain";
import { describe, expect, it } from "vitest";
import { EVENT_STATUS, type FeedEvent } from "../model.js";
import { createSimulator } from "./simulator.js";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const SAMPLE_MS = 30_000;

/**
 * The share of a seeded run's live time in which each sport's live matches have their main market
 * (the first one of their book) open, as a player's match card shows it: a bet stop suspends the
 * match's markets until its next odds change says otherwise.
 */
function openShareBySport(seed: number, minutes: number): Map<string, { open: number; samples: number }> {
  const sim = createSimulator({ seed, matches: 40, startTime: T0 });
  const sportOf = new Map<string, string>();
  const mainOf = new Map<string, number>();
  const statusOf = new Map<string, number>();
  const live = new Set<string>();
  const shares = new Map<string, { open: number; samples: number }>();
  const apply = (e: FeedEvent) => {
    if (e.kind === "fixture") sportOf.set(e.eventUrn, e.fixture.sport.name);
    if (e.kind === "odds_change") {
      if (e.status) {
        if (e.status.status === EVENT_STATUS.live) live.add(e.eventUrn);
        else live.delete(e.eventUrn);
      }
      const first = e.markets[0];
      if (first && !mainOf.has(e.eventUrn)) mainOf.set(e.eventUrn, first.id);
      for (const m of e.markets) if (m.id === mainOf.get(e.eventUrn)) statusOf.set(e.eventUrn, m.status);
    }
    if (e.kind === "bet_stop") statusOf.set(e.eventUrn, e.marketStatus);
  };
  for (let t = T0; t <= T0 + minutes * 60_000; t += SAMPLE_MS) {
    for (const m of sim.advanceTo(t)) apply(m.event);
    for (const urn of live) {
      const sport = sportOf.get(urn) ?? "?";
      const share = shares.get(sport) ?? { open: 0, samples: 0 };
      share.samples += 1;
      if (statusOf.get(urn) === MARKET_STATUS.allowed) share.open += 1;
      shares.set(sport, share);
    }
  }
  return shares;
}

describe("live markets in the simulator", () => {
  it("are open most of the live time in every sport, like a real in-play feed", () => {
    const shares = openShareBySport(3, 240);
    const report = Object.fromEntries(
      [...shares].map(([sport, s]) => [sport, Math.round((100 * s.open) / s.samples)]),
    );
    // every sport is measured: a sport missing from the run would pass unseen
    expect(Object.keys(report).sort()).toEqual(
      [
        "Basketball",
        "Counter-Strike 2",
        "Cricket",
        "Dota 2",
        "Ice Hockey",
        "League of Legends",
        "Soccer",
        "Tennis",
      ].sort(),
    );
    // most of the time everywhere; tennis, ice hockey and esports well above, as a real in-play feed
    for (const [sport, share] of Object.entries(report)) expect(share, sport).toBeGreaterThan(55);
    for (const sport of ["Tennis", "Ice Hockey", "Dota 2", "Counter-Strike 2", "League of Legends"])
      expect(report[sport], sport).toBeGreaterThanOrEqual(75);
  });
});
