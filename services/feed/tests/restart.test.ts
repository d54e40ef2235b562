import { type DatabaseHandle, markets, matches, outcomes } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createFeed, type FeedClock } from "../src/feed.js";
import { recordingPublisher, T0 } from "./helpers.js";

function fakeClock(start: number): FeedClock & { t: number } {
  return {
    t: start,
    now() {
      return this.t;
    },
    setInterval: () => 0,
    clearInterval: () => {},
  };
}

async function snapshot(h: DatabaseHandle) {
  const m = await h.db
    .select({ urn: matches.urnId, status: matches.status, stats: matches.statistics })
    .from(matches)
    .orderBy(asc(matches.urnId));
  const o = await h.db
    .select({
      urn: matches.urnId,
      market: markets.marketId,
      spec: markets.specifier,
      status: markets.status,
      outcome: outcomes.outcomeId,
      odds: outcomes.odds,
    })
    .from(outcomes)
    .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
    .innerJoin(matches, eq(matches.id, markets.matchId))
    .orderBy(asc(matches.urnId), asc(markets.marketId), asc(markets.specifier), asc(outcomes.outcomeId));
  return JSON.stringify({ m, o });
}

const config = { seed: "restart", speed: 60, matches: 5 };

async function runUntil(h: DatabaseHandle, clock: FeedClock & { t: number }, until: number) {
  const feed = createFeed({ db: h.db, publisher: recordingPublisher().publisher, ...config, clock });
  await feed.start();
  while (clock.t < until) {
    clock.t += 5_000;
    await feed.tick();
  }
  await feed.stop();
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`feed restart on ${target.kind}`, { timeout: 240_000 }, () => {
    it("resumes its session after a restart without losing or double-applying messages", async () => {
      const a = await target.open("feed_restart_a");
      const b = await target.open("feed_restart_b");
      try {
        const end = T0 + 60_000;
        await runUntil(a, fakeClock(T0), end);
        const clock = fakeClock(T0);
        await runUntil(b, clock, T0 + 25_000);
        // down for a while; the resumed session catches up with the time it missed
        clock.t = T0 + 40_000;
        await runUntil(b, clock, end);
        const [sa, sb] = [await snapshot(a), await snapshot(b)];
        expect(JSON.parse(sa).o.length).toBeGreaterThan(50);
        expect(sa === sb).toBe(true);
      } finally {
        await a.close();
        await b.close();
      }
    });

    it("closes a session too old to resume: its unfinished matches are cancelled and a new session starts", async () => {
      const h = await target.open("feed_restart_stale");
      try {
        const clock = fakeClock(T0);
        await runUntil(h, clock, T0 + 15_000);
        const open = await h.db
          .select()
          .from(matches)
          .where(inArray(matches.status, [0, 1, 2]));
        expect(open.length).toBeGreaterThan(0);
        clock.t = T0 + 7 * 3_600_000;
        await runUntil(h, clock, clock.t + 5_000);
        const rows = await h.db.select().from(matches);
        const before = new Set(open.map((m) => m.id));
        expect(rows.filter((m) => before.has(m.id)).every((m) => m.status === 3)).toBe(true);
        expect(rows.some((m) => m.urnId.includes(":41"))).toBe(true);
        const cancelled = await h.db
          .select()
          .from(markets)
          .where(
            inArray(
              markets.matchId,
              open.map((m) => m.id),
            ),
          );
        expect(cancelled.every((m) => m.status === -4 || m.status === -3)).toBe(true);
      } finally {
        await h.close();
      }
    });
  });
}
