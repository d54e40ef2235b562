import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database, DatabaseHandle, Executor } from "@sportsbook/db";
import {
  competitors,
  feedCheckpoints,
  markets,
  matches,
  matchMedia,
  outcomes,
  rowsOf,
  sports,
  tournaments,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, arrayContains, asc, eq, sql } from "drizzle-orm";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFrame } from "../src/adapters.js";
import { loadMatchRef, upsertFixture } from "../src/ingest/catalogue.js";
import { createFeedHealth } from "../src/ingest/health.js";
import { APPLY_FAILED, createIngest } from "../src/ingest/ingest.js";
import { applyBetStop } from "../src/ingest/odds.js";
import { recordingPublisher, simulatedSession, T0 } from "./helpers.js";

async function snapshot(db: Database) {
  const m = await db
    .select({
      urn: matches.urnId,
      status: matches.status,
      code: matches.matchStatusCode,
      stats: matches.statistics,
      producer: matches.producer,
    })
    .from(matches)
    .orderBy(asc(matches.urnId));
  const o = await db
    .select({
      match: matches.urnId,
      market: markets.marketId,
      spec: markets.specifier,
      status: markets.status,
      balanced: markets.mostBalanced,
      outcome: outcomes.outcomeId,
      odds: outcomes.odds,
      active: outcomes.active,
    })
    .from(outcomes)
    .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
    .innerJoin(matches, eq(matches.id, markets.matchId))
    .orderBy(asc(matches.urnId), asc(markets.marketId), asc(markets.specifier), asc(outcomes.outcomeId));
  return JSON.stringify({ m, o });
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`feed ingest on ${target.kind}`, { timeout: 120_000 }, () => {
    const { frames, descriptions } = simulatedSession({ seed: 21, matches: 8, minutes: 40 });
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await target.open("feed_ingest");
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("writes matches, statuses, statistics, markets and odds from a simulated session and publishes SPEC §7 events", async () => {
      const { events, publisher } = recordingPublisher();
      const ingest = createIngest({ db: handle.db, publisher, descriptions });
      let position = 0;
      for (const f of frames) {
        const r = await ingest.handle(f, { source: "test", position: ++position });
        expect(r.rejected).toBeUndefined();
      }
      const [count] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(matches);
      expect(count?.n).toBeGreaterThanOrEqual(8);
      const live = await handle.db.select().from(matches).where(eq(matches.status, 1));
      expect(live.length).toBeGreaterThan(0);
      const stats = live[0]?.statistics as { total_score?: { home: number } };
      expect(stats.total_score).toBeDefined();
      const types = new Set(events.map((e) => e.data.type));
      for (const t of ["markets_changed", "match_changed", "match_status_changed"])
        expect(types).toContain(t);
      expect(events.every((e) => e.channel.startsWith("match:") || e.channel.startsWith("public:"))).toBe(
        true,
      );
      const [cp] = await handle.db.select().from(feedCheckpoints).where(eq(feedCheckpoints.source, "test"));
      expect(cp?.position).toBeGreaterThan(frames.length / 2);
    });

    it("writes competitors without a logo: fixtures carry none, and the pages draw a badge instead", async () => {
      const rows = await handle.db.select({ logo: competitors.logo }).from(competitors);
      expect(rows.length).toBeGreaterThan(8);
      expect(rows.filter((r) => r.logo !== null)).toEqual([]);
    });

    it("stores a market's outcomes in the order the provider sent them, the order they are listed in", async () => {
      const rows = await handle.db
        .select({ market: outcomes.marketRowId, outcome: outcomes.outcomeId })
        .from(outcomes)
        .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
        .where(eq(markets.marketId, 1))
        .orderBy(asc(outcomes.id));
      const byMarket = new Map<number, string[]>();
      for (const r of rows) byMarket.set(r.market, [...(byMarket.get(r.market) ?? []), r.outcome]);
      expect(byMarket.size).toBeGreaterThan(3);
      for (const ids of byMarket.values()) expect(ids).toEqual(["1", "2", "3"]);
    });

    it("stores the provider's names in every described language beside the English one", async () => {
      const [soccer] = await handle.db.select().from(sports).where(eq(sports.name, "Soccer")).limit(1);
      expect(soccer?.translations).toMatchObject({ de: "Fußball", ar: "كرة القدم", "pt-BR": "Futebol" });
      const leagues = await handle.db.select().from(tournaments);
      expect(leagues.find((t) => t.name === "Premier Division")?.translations).toMatchObject({
        de: "Erste Division",
      });
      const [outright] = await handle.db.select().from(matches).where(eq(matches.type, "outright")).limit(1);
      expect(outright?.name).toMatch(/ - Winner$/);
      expect(outright?.translations.de).toMatch(/ - Sieger$/);
      // a market named from a template with a specifier and the competitors' names
      const rows = await handle.db
        .select({
          market: markets.name,
          marketTr: markets.translations,
          outcome: outcomes.name,
          outcomeTr: outcomes.translations,
          outcomeId: outcomes.outcomeId,
          home: matches.homeCompetitorId,
        })
        .from(outcomes)
        .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
        .innerJoin(matches, eq(matches.id, markets.matchId))
        .where(and(eq(markets.marketId, 18), eq(outcomes.outcomeId, "12")));
      const over = rows[0];
      if (!over) throw new Error("no total market was written");
      expect(over.market).toBe("Total");
      expect(over.marketTr).toMatchObject({ de: "Gesamt", es: "Total de goles", tr: "Toplam gol" });
      const line = over.outcome.replace("Over ", "");
      expect(over.outcomeTr).toMatchObject({ de: `Über ${line}`, ar: `أكثر من ${line}`, tr: `${line} üst` });
      const [draw] = await handle.db
        .select({ tr: outcomes.translations })
        .from(outcomes)
        .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
        .where(and(eq(markets.marketId, 10), eq(outcomes.outcomeId, "9")))
        .limit(1);
      // "{$competitor1} or Draw": the competitor's own name inside the worded template
      expect(draw?.tr.de).toMatch(/^.+ oder Unentschieden$/);
    });

    it("changes nothing when the whole session is replayed or messages repeat", async () => {
      const before = await snapshot(handle.db);
      const ingest = createIngest({ db: handle.db, publisher: recordingPublisher().publisher });
      for (const f of frames) await ingest.handle(f);
      for (const f of frames.slice(-200)) await ingest.handle(f);
      expect((await snapshot(handle.db)) === before).toBe(true);
    });

    it("drops a late odds change for a match that already moved on", async () => {
      const ingest = createIngest({ db: handle.db, publisher: recordingPublisher().publisher });
      const odds = frames.filter(
        (f) =>
          f.body.startsWith("<odds_change") && f.body.includes('status="1"') && f.provider === "betradar",
      );
      const early = odds[0];
      if (!early) throw new Error("no live odds change in the session");
      const before = await snapshot(handle.db);
      const r = await ingest.handle(early);
      expect(r.dropped.join()).toMatch(/older than/);
      expect((await snapshot(handle.db)) === before).toBe(true);
    });

    it("applies matches in parallel lanes, their odds changes written together, to the same state as one at a time", async () => {
      const other = await target.open("feed_ingest_lanes");
      try {
        const { events, publisher } = recordingPublisher();
        const ingest = createIngest({ db: other.db, publisher, descriptions, lanes: 8, maxGroup: 3 });
        let position = 0;
        const runs = frames.map((f) => ingest.handle(f, { source: "lanes", position: ++position }));
        await Promise.all(runs);
        await ingest.idle();
        expect((await snapshot(other.db)) === (await snapshot(handle.db))).toBe(true);
        const [cp] = await other.db.select().from(feedCheckpoints).where(eq(feedCheckpoints.source, "lanes"));
        expect(cp?.position).toBeLessThanOrEqual(frames.length);
        expect(events.some((e) => e.data.type === "markets_changed")).toBe(true);
        expect(ingest.stats().groupFailures).toBe(0);
      } finally {
        await other.close();
      }
    });

    it("suspends only the named market groups on a bet stop, and every open market for the group all", async () => {
      const ingest = createIngest({ db: handle.db, publisher: recordingPublisher().publisher });
      // A soccer match: it has markets in the goals group and in others.
      const [match] = await handle.db
        .select({ id: matches.id, urn: matches.urnId })
        .from(matches)
        .innerJoin(markets, eq(markets.matchId, matches.id))
        .where(and(eq(matches.provider, "betradar"), arrayContains(markets.groupKeys, ["goals"])))
        .orderBy(asc(matches.id))
        .limit(1);
      if (!match) throw new Error("no betradar soccer match in the session");
      // Open every market of the match so the stop has something to act on in each group.
      await handle.db.update(markets).set({ status: 1 }).where(eq(markets.matchId, match.id));
      const statusByGroup = async () => {
        const rows = await handle.db
          .select({ groups: markets.groupKeys, status: markets.status })
          .from(markets)
          .where(eq(markets.matchId, match.id));
        return {
          goals: new Set(rows.filter((r) => r.groups.includes("goals")).map((r) => r.status)),
          others: new Set(rows.filter((r) => !r.groups.includes("goals")).map((r) => r.status)),
        };
      };
      const stop = (groups: string, ts: number) =>
        ingest.handle({
          provider: "betradar",
          routingKey: "hi.-.live.bet_stop.1.sr:match.1.-",
          body: `<bet_stop product="1" event_id="${match.urn}" timestamp="${ts}" groups="${groups}" market_status="-1"/>`,
        });
      const far = T0 + 24 * 3_600_000;
      expect((await stop("goals", far)).rejected).toBeUndefined();
      expect(await statusByGroup()).toEqual({ goals: new Set([-1]), others: new Set([1]) });
      expect((await stop("all", far + 1)).rejected).toBeUndefined();
      expect(await statusByGroup()).toEqual({ goals: new Set([-1]), others: new Set([-1]) });
    });

    it("after a bet stop rewrites only the markets it stopped, not the whole match", async () => {
      const { events, publisher } = recordingPublisher();
      // a new ingest knows nothing it wrote: its first odds change of the match writes every market
      const ingest = createIngest({ db: handle.db, publisher });
      // the live producer's fullest book: a soccer match, with markets in the goals group and others
      const marketCount = (f: { body: string }) => f.body.split("<market ").length;
      const book = frames
        .filter((f) => f.provider === "betradar" && /^<odds_change[^>]* product="1"/.test(f.body))
        .reduce<(typeof frames)[number] | undefined>(
          (best, f) => (best && marketCount(best) >= marketCount(f) ? best : f),
          undefined,
        );
      if (!book) throw new Error("no betradar odds change in the session");
      const urn = /event_id="([^"]+)"/.exec(book.body)?.[1] ?? "";
      const at = (ts: number) => ({
        ...book,
        body: book.body.replace(/timestamp="\d+"/, `timestamp="${ts}"`),
      });
      const published = () => {
        const list = events.filter((e) => e.data.type === "markets_changed");
        events.length = 0;
        const markets = list.flatMap((e) => e.data.markets as { id: number; specifier: string }[]);
        return markets.map((m) => `${m.id}/${m.specifier}`).sort();
      };
      const far = T0 + 48 * 3_600_000;
      expect(await ingest.handle(at(far))).toMatchObject({ applied: 1, dropped: [] });
      const all = published();
      const stopped = await ingest.handle({
        provider: "betradar",
        routingKey: "hi.-.live.bet_stop.1.sr:match.1.-",
        body: `<bet_stop product="1" event_id="${urn}" timestamp="${far + 1}" groups="goals" market_status="-1"/>`,
      });
      expect(stopped.applied).toBe(1);
      // (the stop also reaches open markets this message does not carry, such as an earlier goal's)
      const suspended = published().filter((m) => all.includes(m));
      expect(suspended.length).toBeGreaterThan(0);
      expect(suspended.length).toBeLessThan(all.length);
      // the same prices again: the stopped markets reopen, the rest are known to hold them already
      expect((await ingest.handle(at(far + 2))).applied).toBe(1);
      expect(published()).toEqual(suspended);
    });

    it("keeps a fixture's streamed channels as the match's stream links, replaced by the next fixture", async () => {
      const ingest = createIngest({ db: handle.db, publisher: recordingPublisher().publisher });
      const xml = readFileSync(join(import.meta.dirname, "../fixtures/fixture.xml"), "utf8");
      const frame = (body: string) => ({
        provider: "betradar" as const,
        routingKey: "hi.pre.live.fixture.1.sr:match.9536715.-",
        body,
      });
      const links = async () =>
        handle.db
          .select({
            kind: matchMedia.kind,
            provider: matchMedia.provider,
            link: matchMedia.link,
            lang: matchMedia.languageCode,
          })
          .from(matchMedia)
          .innerJoin(matches, eq(matches.id, matchMedia.matchId))
          .where(eq(matches.urnId, "sr:match:9536715"));
      expect((await ingest.handle(frame(xml))).rejected).toBeUndefined();
      const first = [
        { kind: "stream", provider: "Northbridge TV", link: "https://stream.example/nbu-emc", lang: "en" },
      ];
      expect(await links()).toEqual(first);
      // Read twice, still one link; a fixture that says nothing of channels leaves them.
      await ingest.handle(frame(xml));
      await ingest.handle(frame(xml.replace(/<tv_channels>[\s\S]*<\/tv_channels>/, "")));
      expect(await links()).toEqual(first);
      await ingest.handle(
        frame(xml.replace("https://stream.example/nbu-emc", "https://stream.example/moved")),
      );
      expect((await links()).map((l) => l.link)).toEqual(["https://stream.example/moved"]);
      await ingest.handle(frame(xml.replace(/<tv_channels>[\s\S]*<\/tv_channels>/, "<tv_channels/>")));
      expect(await links()).toEqual([]);
    });

    it("rejects a malformed message with a reason and applies nothing of it", async () => {
      const before = await snapshot(handle.db);
      const ingest = createIngest({ db: handle.db, publisher: recordingPublisher().publisher });
      const urn = (await handle.db.select().from(matches).limit(1))[0]?.urnId ?? "sr:match:1";
      const r = await ingest.handle({
        provider: "betradar",
        routingKey: "hi.-.live.odds_change.1.sr:match.1.-",
        body: `<odds_change product="1" event_id="${urn}" timestamp="9999999999999"><odds><market id="1" status="1"><outcome id="1" odds="-3" active="1"/></market></odds></odds_change>`,
      });
      expect(r.rejected).toMatch(/feed.invalid/);
      expect((await snapshot(handle.db)) === before).toBe(true);
    });

    it("names a market it cannot map once in the log, and counts messages, lag, rejections and warnings", async () => {
      const warned: string[] = [];
      const log = { info() {}, error() {}, warn: (_: object, msg?: string) => void warned.push(msg ?? "") };
      const registry = new Registry();
      const ingest = createIngest({
        db: handle.db,
        publisher: recordingPublisher().publisher,
        log,
        health: createFeedHealth(registry),
        // The recorded message is 2.5 s old when applied.
        now: () => 1_604_492_490_739,
      });
      const body = readFileSync(
        join(import.meta.dirname, "../fixtures/providers/od_phoenix_odds_change_18036_live.xml"),
        "utf8",
      );
      for (let i = 0; i < 2; i++) await ingest.handle({ provider: "oddin", routingKey: "-", body });
      expect(warned.filter((w) => w.startsWith("unknown market")).sort()).toEqual([
        "unknown market 37 (reported once)",
        "unknown market 6 variant way:three (reported once)",
        "unknown market 7 (reported once)",
      ]);
      expect(ingest.stats().warnings).toBe(10);
      await ingest.handle({ provider: "oddin", routingKey: "-", body: "<odds_change" });
      const metrics = await registry.metrics();
      expect(metrics).toContain('sportsbook_feed_messages_total{provider="oddin",producer="2"} 2');
      expect(metrics).toContain(
        'sportsbook_feed_lag_seconds_bucket{le="2.5",provider="oddin",producer="2"} 2',
      );
      expect(metrics).toContain('sportsbook_feed_lag_seconds_bucket{le="1",provider="oddin",producer="2"} 0');
      expect(metrics).toContain(
        'sportsbook_feed_messages_rejected_total{provider="oddin",code="feed.malformed"} 1',
      );
      expect(metrics).toContain('sportsbook_feed_decode_warnings_total{provider="oddin"} 10');
    });

    const synchronousCommit = async (ex: Executor) =>
      rowsOf<{ s: string }>(await ex.execute(sql`select current_setting('synchronous_commit') as s`))[0]?.s;

    it("writes fixtures without waiting for the WAL flush, in their own transaction only", async () => {
      const fixture = frames.map((f) => decodeFrame(f)).find((d) => d.ok && d.events[0]?.kind === "fixture");
      const event = fixture?.ok ? fixture.events[0] : undefined;
      if (event?.kind !== "fixture") throw new Error("the session has no fixture");
      const inside = await handle.db.transaction(async (tx) => {
        await upsertFixture(tx, event, descriptions);
        return synchronousCommit(tx);
      });
      expect(inside).toBe("off");
      expect(await synchronousCommit(handle.db)).toBe("on");
    });

    it("writes a bet stop without waiting for the WAL flush, in its own transaction only", async () => {
      const fixture = frames.map((f) => decodeFrame(f)).find((d) => d.ok && d.events[0]?.kind === "fixture");
      const event = fixture?.ok ? fixture.events[0] : undefined;
      if (event?.kind !== "fixture") throw new Error("the session has no fixture");
      await upsertFixture(handle.db, event, descriptions);
      const ref = await loadMatchRef(handle.db, event.provider, event.eventUrn);
      if (!ref) throw new Error("the fixture wrote no match");
      const inside = await handle.db.transaction(async (tx) => {
        await applyBetStop(tx, ref, {
          kind: "bet_stop",
          provider: ref.provider,
          producer: 1,
          eventUrn: ref.urn,
          timestamp: T0 + 72 * 3_600_000,
          groups: ["all"],
          marketStatus: -1,
        });
        return synchronousCommit(tx);
      });
      expect(inside).toBe("off");
      expect(await synchronousCommit(handle.db)).toBe("on");
    });

    it("counts and logs a message it decoded but could not apply", async () => {
      const lost = await target.open("feed_ingest_lost");
      await lost.close();
      const errors: object[] = [];
      const registry = new Registry();
      const ingest = createIngest({
        db: lost.db,
        publisher: recordingPublisher().publisher,
        log: { info() {}, warn() {}, error: (o: object) => void errors.push(o) },
        health: createFeedHealth(registry),
      });
      const body = readFileSync(
        join(import.meta.dirname, "../fixtures/providers/od_phoenix_odds_change_18036_live.xml"),
        "utf8",
      );
      await expect(ingest.handle({ provider: "oddin", routingKey: "od.lost", body })).rejects.toThrow();
      expect(ingest.stats().failed).toBe(1);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ routingKey: "od.lost" });
      expect((errors[0] as { err?: unknown }).err).toBeInstanceOf(Error);
      expect(await registry.metrics()).toContain(
        `sportsbook_feed_messages_rejected_total{provider="oddin",code="${APPLY_FAILED}"} 1`,
      );
    });
  });
}
