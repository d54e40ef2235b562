import type { DatabaseHandle } from "@sportsbook/db";
import { feedCheckpoints, markets, outcomes } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFrame } from "../src/adapters.js";
import { loadMatchRef, type MatchRef } from "../src/ingest/catalogue.js";
import { createIngest } from "../src/ingest/ingest.js";
import { prepareOddsChange } from "../src/ingest/odds-change.js";
import { writeOddsChanges } from "../src/ingest/odds-write.js";
import type { FeedEvent, MarketOdds, Provider } from "../src/model.js";
import { recordingPublisher, simulatedFrames, T0 } from "./helpers.js";

type OddsChange = Extract<FeedEvent, { kind: "odds_change" }>;

function oddsChange(ref: MatchRef, timestamp: number, list: MarketOdds[]): OddsChange {
  return {
    kind: "odds_change",
    provider: ref.provider,
    producer: 1,
    eventUrn: ref.urn,
    timestamp,
    markets: list,
  };
}

const winner = (o1: number | null, o2: number | null, o3: number | null, third = true): MarketOdds => ({
  id: 1,
  specifiers: "",
  status: 1,
  outcomes: [
    { id: "1", odds: o1, active: true },
    { id: "2", odds: o2, active: true },
    { id: "3", odds: o3, active: third },
  ],
});

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`odds changes written together on ${target.kind}`, { timeout: 60_000 }, () => {
    let handle: DatabaseHandle;
    let a: MatchRef;
    let b: MatchRef;
    beforeAll(async () => {
      handle = await target.open("feed_odds_write");
      const ingest = createIngest({ db: handle.db, publisher: recordingPublisher().publisher });
      const refs: { provider: Provider; urn: string }[] = [];
      for (const f of simulatedFrames({ seed: 3, matches: 4, minutes: 1 })) {
        const d = decodeFrame(f);
        const e = d.ok ? d.events[0] : undefined;
        if (e?.kind !== "fixture" || e.fixture.type !== "match") continue;
        await ingest.handle(f);
        refs.push({ provider: e.provider, urn: e.eventUrn });
      }
      const [ra, rb] = await Promise.all(
        refs.slice(0, 2).map((r) => loadMatchRef(handle.db, r.provider, r.urn)),
      );
      if (!ra || !rb) throw new Error("the session has no two matches");
      [a, b] = [ra, rb];
    });
    afterAll(async () => {
      await handle?.close();
    });

    const stored = async (ref: MatchRef) =>
      handle.db
        .select({
          id: outcomes.outcomeId,
          odds: outcomes.odds,
          active: outcomes.active,
          at: outcomes.updatedAt,
        })
        .from(outcomes)
        .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
        .where(eq(markets.matchId, ref.id))
        .orderBy(asc(outcomes.outcomeId));

    it("writes two matches in one statement, each answered with its own markets, the newest checkpoint kept", async () => {
      const [ra, rb] = await writeOddsChanges(handle.db, [
        prepareOddsChange(a, oddsChange(a, T0 + 60_000, [winner(2000, 3000, 4000)]), {
          source: "s",
          position: 7,
          at: new Date(T0),
        }),
        prepareOddsChange(b, oddsChange(b, T0 + 60_000, [winner(1500, 4000, 6000)]), {
          source: "s",
          position: 5,
          at: new Date(T0),
        }),
      ]);
      expect(ra?.markets[0]?.outcomes.map((o) => o.odds)).toEqual([2000, 3000, 4000]);
      expect(rb?.markets[0]?.outcomes.map((o) => o.odds)).toEqual([1500, 4000, 6000]);
      expect((await stored(b)).map((o) => o.odds)).toEqual([1500, 4000, 6000]);
      const [cp] = await handle.db.select().from(feedCheckpoints).where(eq(feedCheckpoints.source, "s"));
      expect(cp?.position).toBe(7);
    });

    it("sends a name's translations only when some language words it differently, and stores every row's", async () => {
      const open = (id: number, specifiers: string, prices: Record<string, number>): MarketOdds => ({
        id,
        specifiers,
        status: 1,
        outcomes: Object.entries(prices).map(([o, odds]) => ({ id: o, odds, active: true })),
      });
      const drawNoBet = open(11, "", { "4": 1800, "5": 2000 });
      const total = open(18, "total=2.5", { "12": 1900, "13": 1900 });
      const p = prepareOddsChange(b, oddsChange(b, T0 + 90_000, [drawNoBet, total]));
      // the competitors' names are the same in every language: no translations travel with them
      expect(p.outcomes.filter((o) => o.k === 11).map((o) => o.t)).toEqual([undefined, undefined]);
      expect(p.outcomes.find((o) => o.k === 18 && o.o === "12")?.t).toMatchObject({ de: "Über 2.5" });
      await writeOddsChanges(handle.db, [p]);
      const rows = await handle.db
        .select({
          market: markets.marketId,
          id: outcomes.outcomeId,
          tr: outcomes.translations,
          marketTr: markets.translations,
        })
        .from(outcomes)
        .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
        .where(and(eq(markets.matchId, b.id), inArray(markets.marketId, [11, 18])))
        .orderBy(asc(outcomes.outcomeId));
      expect(rows.map((r) => [r.market, r.id, r.tr])).toEqual([
        [18, "12", expect.objectContaining({ de: "Über 2.5", es: "Más de 2.5" })],
        [18, "13", expect.objectContaining({ de: "Unter 2.5" })],
        [11, "4", {}],
        [11, "5", {}],
      ]);
      expect(rows.find((r) => r.market === 11)?.marketTr).toMatchObject({ de: "Unentschieden keine Wette" });
    });

    it("rewrites only the outcomes that moved, publishes the market whole, and keeps the price of one sent without", async () => {
      const before = await stored(a);
      const [r] = await writeOddsChanges(handle.db, [
        prepareOddsChange(a, oddsChange(a, T0 + 120_000, [winner(2100, 3000, null, false)])),
      ]);
      expect(r?.markets).toEqual([
        {
          id: 1,
          specifier: "",
          status: "active",
          outcomes: [
            { id: "1", odds: 2100, active: true },
            { id: "2", odds: 3000, active: true },
            { id: "3", odds: 4000, active: false },
          ],
        },
      ]);
      const after = await stored(a);
      expect(after.map((o) => [o.id, o.odds, o.active])).toEqual([
        ["1", 2100, true],
        ["2", 3000, true],
        ["3", 4000, false],
      ]);
      // the unchanged outcome kept its row as it was; the others were rewritten
      expect(after[1]?.at).toEqual(before[1]?.at);
      expect(after[0]?.at.getTime()).toBe(T0 + 120_000);
      expect(after[2]?.at.getTime()).toBe(T0 + 120_000);
    });

    it("changes and publishes nothing for a message older than the market", async () => {
      const before = await stored(a);
      a.written.clear();
      const [r] = await writeOddsChanges(handle.db, [
        prepareOddsChange(a, oddsChange(a, T0 + 90_000, [winner(9000, 9000, 9000)])),
      ]);
      expect(r?.markets).toEqual([]);
      expect(await stored(a)).toEqual(before);
    });

    it("answers only the markets it wrote when a message's other markets are newer in the store", async () => {
      const total = (over: number, under: number): MarketOdds => ({
        id: 18,
        specifiers: "total=2.5",
        status: 1,
        outcomes: [
          { id: "12", odds: over, active: true },
          { id: "13", odds: under, active: true },
        ],
      });
      await writeOddsChanges(handle.db, [
        prepareOddsChange(b, oddsChange(b, T0 + 300_000, [winner(2100, 3100, 4100)])),
      ]);
      const winnerBefore = await stored(b);
      b.written.clear();
      const [r] = await writeOddsChanges(handle.db, [
        prepareOddsChange(b, oddsChange(b, T0 + 250_000, [winner(5000, 5000, 5000), total(1900, 1950)])),
      ]);
      expect(r?.markets.map((m) => [m.id, m.specifier, m.outcomes.map((o) => o.odds)])).toEqual([
        [18, "total=2.5", [1900, 1950]],
      ]);
      // the winner stays as the newer message left it, and only the written market is remembered
      const after = await stored(b);
      for (const id of ["1", "2", "3"])
        expect(after.find((o) => o.id === id)).toEqual(winnerBefore.find((o) => o.id === id));
      expect([...b.written.keys()]).toEqual(["18/total=2.5"]);
    });
  });
}
