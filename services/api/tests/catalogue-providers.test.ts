import { categories, matches, settings, sports, tournaments } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, json, startHarness } from "./support/harness.js";

type Named = { id: number; name: string };
type SportJson = { id: number; key: string; provider: string };

async function first<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error("row was not inserted");
  return row;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`catalogue lists by sport type providers on ${target.kind}`, () => {
    let h: Harness;
    let otherSoccer: { id: number };
    let otherMatch: { id: number };
    const get = <T>(url: string) => h.api.app.inject({ method: "GET", url }).then((r) => json<T>(r));
    const counters = () =>
      h.api.app
        .inject({ method: "POST", url: "/api/counters", payload: {} })
        .then((r) => json<{ total: number; sports: Record<string, number> }>(r));
    const setProviders = (map: Record<string, string[]>) =>
      h.handle.db
        .insert(settings)
        .values({ scope: "system", document: { sport_type_providers: map } })
        .onConflictDoUpdate({ target: settings.scope, set: { document: { sport_type_providers: map } } });

    beforeAll(async () => {
      h = await startHarness(target, "api_catalogue_providers");
      // A second provider covering soccer, as betconstruct does next to betradar.
      const db = h.handle.db;
      otherSoccer = await first(
        db
          .insert(sports)
          .values({
            provider: "betconstruct",
            urnId: "bc:sport:1",
            key: "soccer",
            name: "Soccer",
            priority: 100,
          })
          .returning(),
      );
      const france = await first(
        db
          .insert(categories)
          .values({
            provider: "betconstruct",
            urnId: "bc:category:77",
            sportId: otherSoccer.id,
            slug: "france",
            name: "France",
          })
          .returning(),
      );
      const ligue = await first(
        db
          .insert(tournaments)
          .values({
            provider: "betconstruct",
            urnId: "bc:tournament:545",
            sportId: otherSoccer.id,
            categoryId: france.id,
            slug: "division-une",
            name: "Division Une",
          })
          .returning(),
      );
      otherMatch = await first(
        db
          .insert(matches)
          .values({
            provider: "betconstruct",
            urnId: "bc:match:1",
            sportId: otherSoccer.id,
            categoryId: france.id,
            tournamentId: ligue.id,
            slug: "lyon-nantes",
            name: "Lyon vs Nantes",
            status: 0,
            startTime: new Date(h.clock.now.getTime() + 3600_000),
          })
          .returning(),
      );
    });
    afterAll(async () => h?.close());

    it("shows soccer once, from the provider the default settings name for regular sports", async () => {
      const list = await get<{ data: SportJson[] }>("/api/sports");
      expect(list.data.filter((s) => s.key === "soccer").map((s) => s.provider)).toEqual(["betradar"]);
      const cats = await get<{ data: { slug: string }[] }>("/api/categories?sport_key=soccer");
      expect(cats.data.map((c) => c.slug)).toEqual(["england", "spain"]);
      const leagues = await get<{ data: { slug: string }[] }>("/api/tournaments?sport_key=soccer");
      expect(leagues.data.map((t) => t.slug)).not.toContain("division-une");
      const found = await get<{ data: Named[] }>("/api/matches?sport_key=soccer&match_status=0,1");
      expect(found.data.map((m) => m.id)).not.toContain(otherMatch.id);
      const count = await counters();
      expect(count.total).toBe(5);
      expect(count.sports[otherSoccer.id]).toBeUndefined();
      const search = await get<{ data: { matches: Named[]; tournaments: unknown[] } }>("/api/search?q=lyon");
      expect(search.data.matches).toEqual([]);
      // Asked for by id, the match is still found (a page holding it refreshes its card).
      const byId = await get<{ data: Named[] }>(`/api/matches?id=${otherMatch.id}`);
      expect(byId.data.map((m) => m.name)).toEqual(["Lyon vs Nantes"]);
    });

    it("follows the system settings: another provider for regular sports, none for cyber", async () => {
      await setProviders({ regular: ["betconstruct"], cyber: [] });
      const list = await get<{ data: SportJson[] }>("/api/sports");
      expect(list.data.map((s) => `${s.key}/${s.provider}`)).toEqual(["soccer/betconstruct"]);
      const found = await get<{ data: Named[] }>("/api/matches?match_status=0,1");
      expect(found.data.map((m) => m.name)).toEqual(["Lyon vs Nantes"]);
      const count = await counters();
      expect(count).toMatchObject({ total: 1, sports: { [otherSoccer.id]: 1 } });
      const cats = await get<{ data: { slug: string }[] }>("/api/categories?sport_key=soccer");
      expect(cats.data.map((c) => c.slug)).toEqual(["france"]);
      // A type the map does not name is served by every provider.
      await setProviders({ cyber: ["oddin"] });
      const all = await get<{ data: SportJson[] }>("/api/sports");
      expect(all.data.filter((s) => s.key === "soccer")).toHaveLength(2);
    });
  });
}
