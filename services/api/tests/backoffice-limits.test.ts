import {
  liveBetDelays,
  marketKindLimits,
  markets,
  matches,
  outcomes,
  staff,
  staffAudit,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAdmin, totpCode } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const PASSWORD = "admin password 1";
const DEFAULT_DELAY_MS = 1500;

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`trading limits through the back office (${target.kind})`, () => {
    let h: Harness;
    let headers: Record<string, string>;
    const bo = (method: "GET" | "PUT", url: string, payload?: unknown) =>
      h.api.app.inject({ method, url: `/api/backoffice${url}`, headers, ...(payload ? { payload } : {}) });
    const kindLimit = async (
      marketId: number,
      body: { max_stake_major: number | null; max_payout_major: number | null },
    ) => {
      const res = await bo("PUT", `/limits/markets/${marketId}`, { ...body, reason: "trader's call" });
      expect(res.statusCode, res.body).toBe(200);
    };
    const delay = async (body: {
      sport_id: number | null;
      tournament_id: number | null;
      delay_ms: number | null;
    }) => {
      const res = await bo("PUT", "/limits/live-delays", { ...body, reason: "trader's call" });
      expect(res.statusCode, res.body).toBe(200);
    };
    const prematch = () => ({
      match_id: h.fixture.matches.prematch.id,
      market_id: 1,
      specifier: "",
      outcome_id: "1",
      odds: 2100,
    });
    const tennis = () => ({
      match_id: h.fixture.matches.tennisMatch.id,
      market_id: 186,
      specifier: "",
      outcome_id: "4",
      odds: 1700,
    });
    const live = () => ({
      match_id: h.fixture.matches.live.id,
      market_id: 1,
      specifier: "",
      outcome_id: "1",
      odds: 1500,
    });
    const post = (p: Player, url: string, payload: Record<string, unknown>) =>
      h.api.app.inject({ method: "POST", url, headers: p.headers, payload });
    const bet = (stake: number, selections: Record<string, unknown>[]) => ({
      type: selections.length > 1 ? "combo" : "single",
      stake: { value: stake, currency: "EUR" },
      selections,
    });
    /** Places one bet: 0 when placed, else its refusal code and reason. */
    const place = async (p: Player, stake: number, selections = [prematch()]) => {
      const res = await post(p, "/api/bets", { meta: { device_id: "d1" }, bets: [bet(stake, selections)] });
      if (res.statusCode === 200) return 0;
      const refusal = json<ErrorJson>(res).data.errors_by_bet?.["0"] as
        | { code: number; reason?: string }
        | undefined;
      return refusal ? `${refusal.code} ${refusal.reason ?? ""}`.trim() : json<ErrorJson>(res).code;
    };
    const maxStake = async (p: Player, selections = [prematch()]) =>
      json<{ data: { max_stake: { value: number } }[] }>(
        await post(p, "/api/bets/max-stake", {
          bets: [{ type: selections.length > 1 ? "combo" : "single", currency: "EUR", selections }],
        }),
      ).data[0]?.max_stake.value;

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_limits", { liveBetDelayMs: DEFAULT_DELAY_MS });
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
    });
    afterAll(async () => h?.close());

    it("holds a market kind's maximum stake in placement and max-stake, a combo by its strictest leg", async () => {
      const p = await player(h, { balance: 1_000_00 });
      expect(await maxStake(p)).toBe(1_000_00);
      await kindLimit(1, { max_stake_major: 50, max_payout_major: null });
      expect(await maxStake(p)).toBe(50_00);
      expect(await place(p, 50_01)).toBe("106 above_maximum");
      expect(await place(p, 50_00)).toBe(0);
      // another kind is not bound by it
      expect(await maxStake(p, [tennis()])).toBe(950_00);
      await kindLimit(186, { max_stake_major: 20, max_payout_major: null });
      expect(await maxStake(p, [prematch(), tennis()])).toBe(20_00);
      expect(await place(p, 20_01, [prematch(), tennis()])).toBe("106 above_maximum");
      expect(await place(p, 20_00, [prematch(), tennis()])).toBe(0);
      await kindLimit(1, { max_stake_major: null, max_payout_major: null });
      await kindLimit(186, { max_stake_major: null, max_payout_major: null });
      expect(await maxStake(p)).toBe(930_00);
    });

    it("holds a market kind's maximum payout in placement and max-stake", async () => {
      const p = await player(h, { balance: 1_000_00 });
      // 100 EUR payout at 2.10: 47.62 (returns are rounded down to the cent)
      await kindLimit(1, { max_payout_major: 100, max_stake_major: null });
      expect(await maxStake(p)).toBe(47_62);
      expect(await place(p, 47_63)).toBe("107 max_payout");
      expect(await place(p, 47_62)).toBe(0);
      // the combo at 2.10 × 1.70 = 3.57 is bound by the kind's payout too
      expect(await maxStake(p, [prematch(), tennis()])).toBe(28_01);
      await kindLimit(1, { max_stake_major: null, max_payout_major: null });
    });

    it("makes a live bet wait its tournament's delay, else its sport's, else the book's", async () => {
      const p = await player(h, { balance: 100_00 });
      const [match] = await h.handle.db
        .select()
        .from(matches)
        .where(eq(matches.id, h.fixture.matches.live.id));
      const waited: number[] = [];
      h.onSleep.fn = async (ms) => {
        waited.push(ms);
      };
      try {
        expect(await place(p, 1_00, [live()])).toBe(0);
        await delay({ sport_id: match?.sportId ?? 0, tournament_id: null, delay_ms: 5000 });
        expect(await place(p, 1_00, [live()])).toBe(0);
        await delay({ sport_id: null, tournament_id: match?.tournamentId ?? 0, delay_ms: 8000 });
        expect(await place(p, 1_00, [live()])).toBe(0);
        // prematch bets do not wait
        expect(await place(p, 1_00)).toBe(0);
        await delay({ sport_id: null, tournament_id: match?.tournamentId ?? 0, delay_ms: null });
        expect(await place(p, 1_00, [live()])).toBe(0);
        expect(waited).toEqual([DEFAULT_DELAY_MS, 5000, 8000, 5000]);
        const listed = json<{ data: { live_delays: { sport_id: number | null; delay_ms: number }[] } }>(
          await bo("GET", "/limits"),
        ).data.live_delays;
        expect(listed).toEqual([expect.objectContaining({ sport_id: match?.sportId, delay_ms: 5000 })]);
      } finally {
        h.onSleep.fn = async () => {};
        await delay({ sport_id: match?.sportId ?? 0, tournament_id: null, delay_ms: null });
      }
    });

    it("checks a live bet again against fresh prices at the end of its sport's delay", async () => {
      const p = await player(h, { balance: 100_00 });
      const [match] = await h.handle.db
        .select()
        .from(matches)
        .where(eq(matches.id, h.fixture.matches.live.id));
      await delay({ sport_id: match?.sportId ?? 0, tournament_id: null, delay_ms: 3000 });
      const waited: number[] = [];
      h.onSleep.fn = async (ms) => {
        waited.push(ms);
        const [market] = await h.handle.db.select().from(markets).where(eq(markets.matchId, live().match_id));
        await h.handle.db
          .update(outcomes)
          .set({ odds: 1450 })
          .where(and(eq(outcomes.marketRowId, market?.id ?? 0), eq(outcomes.outcomeId, "1")));
      };
      try {
        expect(String(await place(p, 1_00, [live()]))).toMatch(/^101\b/);
        expect(waited).toEqual([3000]);
      } finally {
        h.onSleep.fn = async () => {};
        const [market] = await h.handle.db.select().from(markets).where(eq(markets.matchId, live().match_id));
        await h.handle.db
          .update(outcomes)
          .set({ odds: 1500 })
          .where(and(eq(outcomes.marketRowId, market?.id ?? 0), eq(outcomes.outcomeId, "1")));
        await delay({ sport_id: match?.sportId ?? 0, tournament_id: null, delay_ms: null });
      }
    });

    it("audits each change before → after, and refuses bad input writing nothing", async () => {
      await kindLimit(18, { max_stake_major: 10, max_payout_major: 500 });
      await kindLimit(18, { max_stake_major: 5, max_payout_major: 500 });
      const [last] = await h.handle.db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.action, "limits.market_kind_set"))
        .orderBy(staffAudit.id)
        .then((rows) => rows.slice(-1));
      expect(last).toMatchObject({
        targetType: "market_kind",
        targetId: "18",
        before: expect.objectContaining({ max_stake_major: 10 }),
        after: expect.objectContaining({ max_stake_major: 5 }),
      });
      const listed = json<{ data: { markets: { market_id: number; max_stake_major: number | null }[] } }>(
        await bo("GET", "/limits"),
      ).data.markets;
      expect(listed.find((m) => m.market_id === 18)).toMatchObject({
        max_stake_major: 5,
        max_payout_major: 500,
      });

      const count = async () => ({
        limits: (await h.handle.db.select().from(marketKindLimits)).length,
        delays: (await h.handle.db.select().from(liveBetDelays)).length,
        audit: (await h.handle.db.select().from(staffAudit)).length,
      });
      const before = await count();
      const good = { max_stake_major: 1, max_payout_major: 1, reason: "fine" };
      for (const bad of [
        { max_stake_major: -1 },
        { max_payout_major: 2.5 },
        { max_stake_major: "10" },
        { reason: "" },
      ]) {
        const res = await bo("PUT", "/limits/markets/1", { ...good, ...bad });
        expect([res.statusCode, json<ErrorJson>(res).code], JSON.stringify(bad)).toEqual([400, 1000]);
      }
      const badKind = await bo("PUT", "/limits/markets/0", good);
      expect(json<ErrorJson>(badKind).code).toBe(1000);
      const sportId = h.fixture.matches.live.sportId;
      const delayOk = { sport_id: sportId, tournament_id: null, delay_ms: 1000, reason: "fine" };
      for (const bad of [
        { delay_ms: -1 },
        { delay_ms: 60_001 },
        { delay_ms: 1.5 },
        { tournament_id: 1 },
        { sport_id: null },
        { reason: "x" },
      ]) {
        const res = await bo("PUT", "/limits/live-delays", { ...delayOk, ...bad });
        expect([res.statusCode, json<ErrorJson>(res).code], JSON.stringify(bad)).toEqual([400, 1000]);
      }
      const missing = await bo("PUT", "/limits/live-delays", { ...delayOk, sport_id: 999_999 });
      expect(json<ErrorJson>(missing).code).toBe(1005);
      expect(await count()).toEqual(before);
    });
  });
}
