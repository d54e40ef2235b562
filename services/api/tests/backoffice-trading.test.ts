import { markets, staff } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAdmin, totpCode } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const PASSWORD = "admin password 1";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`trading holds through the back office (${target.kind})`, () => {
    let h: Harness;
    let headers: Record<string, string>;
    let p: Player;
    const bo = (method: "GET" | "POST", url: string, payload?: unknown) =>
      h.api.app.inject({ method, url: `/api/backoffice${url}`, headers, ...(payload ? { payload } : {}) });
    const place = async () => {
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: p.headers,
        payload: {
          meta: { device_id: "d1" },
          bets: [
            {
              type: "single",
              stake: { value: 1_00, currency: "EUR" },
              selections: [
                {
                  match_id: h.fixture.matches.prematch.id,
                  market_id: 1,
                  specifier: "",
                  outcome_id: "1",
                  odds: 2100,
                },
              ],
            },
          ],
        },
      });
      return res.statusCode === 200
        ? 0
        : (json<ErrorJson>(res).data.errors_by_bet?.["0"]?.code ?? json<ErrorJson>(res).code);
    };
    const marketRow = async () => {
      const [m] = await h.handle.db
        .select()
        .from(markets)
        .where(and(eq(markets.matchId, h.fixture.matches.prematch.id), eq(markets.marketId, 1)));
      if (!m) throw new Error("no 1x2 market");
      return m;
    };

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_trading");
      const admin = await ensureDemoAdmin(h.api.ctx, { password: PASSWORD });
      const [row] = await h.handle.db.select().from(staff).where(eq(staff.email, admin.email));
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/backoffice/session",
        payload: {
          email: admin.email,
          password: PASSWORD,
          code: totpCode(admin.email, row?.totpSecret ?? "", h.clock.now),
        },
      });
      const cookie = res.cookies.find((c) => c.name === "sb_staff")?.value;
      headers = {
        cookie: `sb_staff=${cookie}`,
        "x-csrf-token": json<{ data: { csrf_token: string } }>(res).data.csrf_token,
      };
      p = await player(h);
    });
    afterAll(async () => h?.close());

    it("refuses bets on a market suspended by hand with the existing code, tells players at once, and takes them again once lifted", async () => {
      const m = await marketRow();
      expect(await place()).toBe(0);
      const held = await bo("POST", "/trading/suspensions", {
        scope: "market",
        match_id: m.matchId,
        market_row_id: m.id,
        reason: "sharp action",
      });
      expect(held.statusCode, held.body).toBe(200);
      expect(h.events.at(-1)).toMatchObject({
        channel: `match:${m.matchId}`,
        data: { type: "markets_changed", markets: [{ id: 1, status: "suspended" }] },
      });
      expect(await place()).toBe(104);
      const twice = await bo("POST", "/trading/suspensions", {
        scope: "market",
        match_id: m.matchId,
        market_row_id: m.id,
        reason: "again",
      });
      expect(json<ErrorJson>(twice).code).toBe(1203);
      const detail = json<{
        data: { markets: { id: number; status: number; feed_status: number }[]; suspensions: unknown[] };
      }>(await bo("GET", `/trading/matches/${m.matchId}`)).data;
      expect(detail.markets.find((x) => x.id === m.id)).toMatchObject({ status: -1, feed_status: 1 });
      expect(detail.suspensions).toHaveLength(1);

      const lifted = await bo(
        "POST",
        `/trading/suspensions/${json<{ data: { id: number } }>(held).data.id}/lift`,
      );
      expect(lifted.statusCode).toBe(200);
      expect(h.events.at(-1)).toMatchObject({
        data: { type: "markets_changed", markets: [{ id: 1, status: "active" }] },
      });
      expect(await place()).toBe(0);
      const again = await bo(
        "POST",
        `/trading/suspensions/${json<{ data: { id: number } }>(held).data.id}/lift`,
      );
      expect(json<ErrorJson>(again).code).toBe(1005);
    });

    it("refuses a bet on one outcome held inactive, and a whole match's markets while the match is held", async () => {
      const m = await marketRow();
      const outcome = await bo("POST", "/trading/suspensions", {
        scope: "outcome",
        match_id: m.matchId,
        market_row_id: m.id,
        outcome_id: "1",
        reason: "team news",
      });
      expect(await place()).not.toBe(0);
      await bo("POST", `/trading/suspensions/${json<{ data: { id: number } }>(outcome).data.id}/lift`);
      expect(await place()).toBe(0);
      const match = await bo("POST", "/trading/suspensions", {
        scope: "match",
        match_id: m.matchId,
        reason: "match review",
      });
      expect(await place()).toBe(104);
      const listed = json<{ data: { id: number; held: boolean }[] }>(
        await bo("GET", "/trading/matches?q=Arsenal"),
      ).data;
      expect(listed.find((x) => x.id === m.matchId)?.held).toBe(true);
      await bo("POST", `/trading/suspensions/${json<{ data: { id: number } }>(match).data.id}/lift`);
      expect(await place()).toBe(0);
    });
  });
}
