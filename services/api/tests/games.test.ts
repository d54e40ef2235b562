import { settings } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxGames, SANDBOX_LAUNCH_TTL_S } from "../src/index.js";
import { type ErrorJson, type Harness, json, player, startHarness } from "./support/harness.js";

const [target] = databaseTargets();

describe.skipIf(!target || target.skip)(
  "POST /{provider}/launch and the sandbox game provider (SPEC §3, §7)",
  () => {
    let h: Harness;
    let pages: FastifyInstance;
    beforeAll(async () => {
      if (!target) return;
      const clock = { now: () => h.clock.now };
      const games = createSandboxGames({ pathPrefix: "/sandbox-games", now: () => clock.now() });
      h = await startHarness(target, "api_games", { games: [games.provider] });
      pages = Fastify();
      await pages.register(games.pages, { prefix: "/sandbox-games" });
    });
    afterAll(async () => {
      await pages?.close();
      await h?.close();
    });

    const launch = (provider: string, body: unknown, headers: Record<string, string> = {}) =>
      h.api.app.inject({ method: "POST", url: `/api/${provider}/launch`, headers, payload: body as object });
    const enable = (document: object) =>
      h.handle.db
        .insert(settings)
        .values({ scope: "system", document })
        .onConflictDoUpdate({ target: settings.scope, set: { document } });

    it("refuses a product the operator has not turned on, and any other provider's", async () => {
      const off = await launch("sandbox", { app: "horse_racing" });
      expect(off.statusCode).toBe(404);
      expect(json<ErrorJson>(off).data.details).toEqual([
        { field: "body.app", message: "not offered by sandbox" },
      ]);
      await enable({ additional_providers: { horse_racing: { enabled: true, provider: "sandbox" } } });
      expect((await launch("acme", { app: "horse_racing" })).statusCode).toBe(404);
      // A product the document leaves out keeps its default: off.
      expect((await launch("sandbox", { app: "lotto" })).statusCode).toBe(404);
    });

    it("refuses an unknown product or a body with more than the product", async () => {
      expect((await launch("sandbox", { app: "poker" })).statusCode).toBe(400);
      expect((await launch("sandbox", { app: "horse_racing", stake: 5 })).statusCode).toBe(400);
      expect((await launch("Not a name", { app: "horse_racing" })).statusCode).toBe(400);
    });

    it("launches the game for a visitor and for a player, on a signed address that expires", async () => {
      await enable({ additional_providers: { horse_racing: { enabled: true, provider: "sandbox" } } });
      const visitor = json<{ data: { url: string } }>(await launch("sandbox", { app: "horse_racing" })).data
        .url;
      expect(visitor).toMatch(/^\/sandbox-games\/play\/horse_racing\?t=/);
      const page = await pages.inject({ url: visitor });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Sandbox racing");
      expect(page.body).toContain("Playing for fun");
      expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");

      const p = await player(h);
      const own = json<{ data: { url: string } }>(await launch("sandbox", { app: "horse_racing" }, p.headers))
        .data.url;
      expect((await pages.inject({ url: own })).body).toContain(`Playing as player ${p.playerId}`);

      // Another product's page, a changed signature and an old address are refused.
      expect((await pages.inject({ url: own.replace("/horse_racing?", "/lotto?") })).statusCode).toBe(403);
      expect((await pages.inject({ url: `${own.slice(0, -2)}xx` })).statusCode).toBe(403);
      h.clock.now = new Date(h.clock.now.getTime() + (SANDBOX_LAUNCH_TTL_S + 1) * 1000);
      expect((await pages.inject({ url: own })).statusCode).toBe(403);
    });
  },
);
