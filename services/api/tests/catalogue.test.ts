import { databaseTargets } from "@sportsbook/db/testing";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxBroadcastPages } from "../src/catalogue/sandbox-broadcast.js";
import { type ErrorJson, type Harness, json, startHarness } from "./support/harness.js";

type MatchJson = {
  id: number;
  name: string;
  status: number;
  bettable: boolean;
  available_markets: number;
  main_market: { id: number; outcomes: { id: string; odds: number }[] } | null;
  secondary_market: { id: number; specifier: string } | null;
  sport: { key: string; name: string };
  tournament: { slug: string };
  statistics: Record<string, unknown>;
};
type List<T> = { data: T[]; pagination: { total: number; page: number; limit: number; last_page: number } };

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`catalogue API on ${target.kind}`, () => {
    let h: Harness;
    const get = (url: string, headers: Record<string, string> = {}) =>
      h.api.app.inject({ method: "GET", url, headers });
    beforeAll(async () => {
      h = await startHarness(target, "api_catalogue");
    });
    afterAll(async () => h?.close());

    it("lists sports by priority and localises names from the language header", async () => {
      const res = await get("/api/sports", { "accept-language": "de-DE,de;q=0.9" });
      expect(res.statusCode).toBe(200);
      const body = json<{ data: { key: string; name: string; urn_id: string; type: string }[] }>(res);
      expect(body.data.map((s) => s.key)).toEqual(["soccer", "tennis", "cs2"]);
      expect(body.data[0]).toMatchObject({ name: "Fußball", urn_id: "sr:sport:1", type: "regular" });
    });

    it("lists categories of a sport and finds one by id", async () => {
      const res = await get(`/api/categories?sport_key=soccer`);
      const body = json<{ data: { slug: string; sport: { key: string } }[] }>(res);
      expect(body.data.map((c) => c.slug)).toEqual(["england", "spain"]);
      const one = await get(`/api/categories/${h.fixture.categories.spain.id}`, { "accept-language": "de" });
      expect(json<{ data: { name: string; country_code: string } }>(one).data).toMatchObject({
        name: "Spanien",
        country_code: "ES",
      });
    });

    it("lists tournaments with the sport's card markets, paginated", async () => {
      const res = await get(`/api/tournaments?sport_id=${h.fixture.sports.soccer.id}&limit=1`);
      const body = json<List<{ slug: string; sport: { main_market_id: number } }>>(res);
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ slug: "premier-league", sport: { main_market_id: 1 } });
      expect(body.pagination).toEqual({ total: 2, page: 1, limit: 1, last_page: 2 });
    });

    it("answers 404 with the field for an unknown id and 400 for a malformed one", async () => {
      const missing = await get("/api/tournaments/999999");
      expect(missing.statusCode).toBe(404);
      expect(json<ErrorJson>(missing)).toMatchObject({
        code: 1005,
        data: { details: [{ field: "params.id" }] },
      });
      const bad = await get("/api/matches/abc");
      expect(bad.statusCode).toBe(400);
      expect(json<ErrorJson>(bad).data.details?.[0]?.field).toBe("params.id");
      const huge = await get("/api/matches/99999999999999999999");
      expect(huge.statusCode).toBe(400);
    });

    it("lists matches with cards: main market, balanced secondary line, counts and bettability", async () => {
      const res = await get("/api/matches?match_status=0,1&sport_key=soccer");
      expect(res.statusCode).toBe(200);
      const body = json<List<MatchJson>>(res);
      expect(body.data.map((m) => m.name)).toEqual([
        "Liverpool vs Everton",
        "Arsenal vs Chelsea",
        "Barcelona vs Real Madrid",
      ]);
      const arsenal = body.data[1];
      expect(arsenal?.main_market?.outcomes.map((o) => o.odds)).toEqual([2100, 3400, 3500]);
      expect(arsenal?.secondary_market).toMatchObject({ id: 18, specifier: "total=2.5" });
      // Five markets exist; the status-0 one is not counted.
      expect(arsenal?.available_markets).toBe(4);
      expect(arsenal?.bettable).toBe(true);
    });

    it("filters matches by status, tournament, ids, dates, bettability, video, bet builder and sport type", async () => {
      const ids = (url: string) => get(url).then((r) => json<List<MatchJson>>(r).data.map((m) => m.id));
      const { prematch, live, finished, esport, tennisMatch, laligaNext } = h.fixture.matches;
      expect(await ids("/api/matches?match_status=1")).toEqual([live.id]);
      expect(await ids(`/api/matches?tournament_id=${h.fixture.tournaments.laliga.id}`)).toEqual([
        finished.id,
        laligaNext.id,
      ]);
      expect(await ids(`/api/matches?id=${esport.id},${prematch.id}`)).toEqual([prematch.id, esport.id]);
      expect(await ids("/api/matches?bettable=false")).toEqual([finished.id]);
      expect(await ids("/api/matches?has_video=true")).toEqual([live.id]);
      // Only the prematch match has open markets the bet builder can combine.
      expect(await ids("/api/matches?custom_bet=true")).toEqual([prematch.id]);
      expect(await ids("/api/matches?sport_type=cyber")).toEqual([esport.id]);
      expect(await ids("/api/matches?start_from=2026-06-02T00:00:00Z&start_to=2026-06-03T23:00:00Z")).toEqual(
        [prematch.id, tennisMatch.id],
      );
      expect(await ids("/api/matches?match_status=0&max_per_sport=1")).toEqual([
        prematch.id,
        tennisMatch.id,
        esport.id,
      ]);
    });

    it("paginates matches with last_page", async () => {
      const body = json<List<MatchJson>>(await get("/api/matches?limit=2&page=3"));
      expect(body.pagination).toEqual({ total: 6, page: 3, limit: 2, last_page: 3 });
      expect(body.data).toHaveLength(2);
    });

    it("refuses bad match filters with the field named", async () => {
      for (const [url, field] of [
        ["/api/matches?limit=501", "querystring.limit"],
        ["/api/matches?match_status=9", "querystring.match_status.0"],
        ["/api/matches?start_from=yesterday", "querystring.start_from"],
        ["/api/matches?bettable=maybe", "querystring.bettable"],
        ["/api/matches?custom_bet=1x", "querystring.custom_bet"],
        ["/api/matches?sort_by=odds", "querystring.sort_by"],
        ["/api/matches?page=0", "querystring.page"],
      ] as const) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(
          json<ErrorJson>(res).data.details?.map((d) => d.field),
          url,
        ).toContain(field);
      }
    });

    it("asks for a session for favourite matches", async () => {
      const res = await get("/api/matches?favourite=true");
      expect(res.statusCode).toBe(401);
      expect(json<ErrorJson>(res).code).toBe(1001);
    });

    it("returns one match with its statistics", async () => {
      const res = await get(`/api/matches/${h.fixture.matches.live.id}`);
      const match = json<{ data: MatchJson }>(res).data;
      expect(match.status).toBe(1);
      expect(match.statistics).toMatchObject({ total_score: { home: 1, away: 0 } });
      const stats = await get(`/api/matches/${h.fixture.matches.live.id}/period_score`);
      expect(json<{ data: unknown[] }>(stats).data).toHaveLength(1);
      expect((await get(`/api/matches/${h.fixture.matches.live.id}/lineups`)).statusCode).toBe(404);
    });

    it("lists markets of a match without status-0 ones, by group, with group counts", async () => {
      const id = h.fixture.matches.prematch.id;
      const res = await get(`/api/matches/${id}/markets`);
      const body = json<
        List<{ id: number; specifier: string; status: number }> & {
          groups: { group_key: string; count: number }[];
        }
      >(res);
      expect(body.data.map((m) => `${m.id}/${m.specifier}`)).toEqual([
        "1/",
        "18/total=2.5",
        "18/total=3.5",
        "29/",
      ]);
      expect(body.data.find((m) => m.id === 29)?.status).toBe(-1);
      expect(body.groups).toEqual([
        { group_key: "main", count: 3 },
        { group_key: "popular", count: 1 },
        { group_key: "totals", count: 2 },
      ]);
      const totals = json<List<{ id: number }>>(await get(`/api/matches/${id}/markets?group_key=totals`));
      expect(totals.data.map((m) => m.id)).toEqual([18, 18]);
      const byId = json<List<{ id: number }>>(await get(`/api/matches/${id}/markets?market_id=29,1`));
      expect(byId.data.map((m) => m.id)).toEqual([1, 29]);
      expect((await get("/api/matches/424242/markets")).statusCode).toBe(404);
    });

    it("counts matches per sport, category and tournament", async () => {
      const res = await h.api.app.inject({ method: "POST", url: "/api/counters", payload: {} });
      expect(res.statusCode).toBe(200);
      const body = json<{
        live: number;
        total: number;
        sports: Record<string, number>;
        tournaments: Record<string, number>;
      }>(res);
      expect(body.live).toBe(1);
      expect(body.total).toBe(5);
      expect(body.sports[h.fixture.sports.soccer.id]).toBe(3);
      expect(body.tournaments[h.fixture.tournaments.premier.id]).toBe(2);
      const bad = await h.api.app.inject({
        method: "POST",
        url: "/api/counters",
        payload: { match_status: ["live"] },
      });
      expect(bad.statusCode).toBe(400);
    });

    it("searches matches and tournaments by name, 3 to 50 characters", async () => {
      const res = await get("/api/search?q=liga");
      const body = json<{ data: { matches: MatchJson[]; tournaments: { slug: string }[] } }>(res);
      expect(body.data.tournaments.map((t) => t.slug)).toEqual(["laliga"]);
      expect(body.data.matches.map((m) => m.name)).toEqual(["Barcelona vs Real Madrid"]);
      const byTeam = json<{ data: { matches: MatchJson[] } }>(
        await get("/api/search?q=chel&only_events_name=true"),
      );
      expect(byTeam.data.matches.map((m) => m.name)).toEqual(["Arsenal vs Chelsea"]);
      for (const q of ["ab", "x".repeat(51)]) {
        const r = await get(`/api/search?q=${q}`);
        expect(r.statusCode).toBe(400);
        expect(json<ErrorJson>(r).data.details?.[0]?.field).toBe("querystring.q");
      }
      expect((await get("/api/search?q=%25%25%25")).statusCode).toBe(200);
    });

    it("searches names in the player's language too, and only in it", async () => {
      const search = async (lang: string) =>
        json<{ data: { matches: MatchJson[]; tournaments: { slug: string; name: string }[] } }>(
          await get("/api/search?q=erstliga", { "accept-language": lang }),
        );
      const de = await search("de");
      expect(de.data.tournaments.map((t) => [t.slug, t.name])).toEqual([
        ["premier-league", "Englische Erstliga"],
      ]);
      expect(de.data.matches.length).toBeGreaterThan(0);
      expect(de.data.matches.every((m) => m.tournament.slug === "premier-league")).toBe(true);
      const en = await search("en");
      expect(en.data.tournaments).toEqual([]);
      expect(en.data.matches).toEqual([]);
    });

    it("gives stream links to anyone and the video link to signed-in players", async () => {
      const id = h.fixture.matches.live.id;
      const streams = json<{ data: { link: string }[] }>(await get(`/api/matches/${id}/streams`));
      expect(streams.data[0]?.link).toContain("1002");
      expect((await get(`/api/matches/${id}/video`)).statusCode).toBe(401);
    });

    it("the sandbox broadcast shows a match by its URN, framed only by this site", async () => {
      const tv = Fastify();
      await tv.register(sandboxBroadcastPages(h.api.ctx, "Sandbox TV"), { prefix: "/tv" });
      const on = await tv.inject({ method: "GET", url: `/tv/${encodeURIComponent("sr:match:1002")}` });
      expect(on.statusCode).toBe(200);
      expect(on.headers["content-type"]).toMatch(/^text\/html/);
      expect(on.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
      expect(on.body).toContain("Sandbox TV");
      expect(on.body).toMatch(/data-teams>[^<]+ – [^<]+</);
      expect(on.body).toContain("1 : 0");
      expect(on.body).toContain("Live · 34:12");
      expect(on.body).toContain('http-equiv="refresh"');
      // Finished: no refresh; unknown or malformed: off air.
      expect((await tv.inject({ method: "GET", url: "/tv/sr:match:1003" })).body).not.toContain("refresh");
      for (const url of ["/tv/sr:match:999999", "/tv/%3Cscript%3E"]) {
        const off = await tv.inject({ method: "GET", url });
        expect(off.statusCode, url).toBe(404);
        expect(off.body).toContain("not on air");
      }
      await tv.close();
    });
  });
}
