import { playerRiskProfiles, staff, staffAudit } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAdmin, totpCode } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const PASSWORD = "admin password 1";
const DEFAULTS: {
  stake_factor: number;
  max_stake: number | null;
  betting_blocked: boolean;
  live_betting_blocked: boolean;
  cashout_blocked: boolean;
  reason: string;
} = {
  stake_factor: 1000,
  max_stake: null,
  betting_blocked: false,
  live_betting_blocked: false,
  cashout_blocked: false,
  reason: "defaults",
};

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`players' risk profiles through the back office (${target.kind})`, () => {
    let h: Harness;
    let headers: Record<string, string>;
    const bo = (method: "GET" | "PUT", url: string, payload?: unknown) =>
      h.api.app.inject({ method, url: `/api/backoffice${url}`, headers, ...(payload ? { payload } : {}) });
    const profile = async (p: Player, body: Partial<typeof DEFAULTS>) => {
      const res = await bo("PUT", `/risk/players/${p.playerId}`, { ...DEFAULTS, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ data: { profile: Record<string, unknown> } }>(res).data;
    };
    const prematch = () => ({
      match_id: h.fixture.matches.prematch.id,
      market_id: 1,
      specifier: "",
      outcome_id: "1",
      odds: 2100,
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
    /** Places a single: 0 when placed, else the bet's refusal code and reason. */
    const place = async (p: Player, stake: number, selection = prematch()) => {
      const res = await post(p, "/api/bets", {
        meta: { device_id: "d1" },
        bets: [{ type: "single", stake: { value: stake, currency: "EUR" }, selections: [selection] }],
      });
      if (res.statusCode === 200) return 0;
      const refusal = json<ErrorJson>(res).data.errors_by_bet?.["0"] as
        | { code: number; reason?: string }
        | undefined;
      return refusal ? `${refusal.code} ${refusal.reason ?? ""}`.trim() : json<ErrorJson>(res).code;
    };
    const maxStake = async (p: Player, selection = prematch()) =>
      json<{ data: { max_stake: { value: number } }[] }>(
        await post(p, "/api/bets/max-stake", {
          bets: [{ type: "single", currency: "EUR", selections: [selection] }],
        }),
      ).data[0]?.max_stake.value;

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_risk");
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

    it("scales the largest stake by the stake factor, in placement and max-stake alike", async () => {
      const p = await player(h, { balance: 1_000_00 });
      expect(await maxStake(p)).toBe(1_000_00);
      // 0.01 of the 100 000 EUR payout cap: 1 000 EUR, so 476.19 at 2.10
      await profile(p, { stake_factor: 10, reason: "sharp" });
      expect(await maxStake(p)).toBe(476_19);
      expect(await place(p, 476_20)).toBe("107 max_payout");
      expect(await place(p, 476_19)).toBe(0);
    });

    it("holds a maximum stake, and blocks live betting, betting and cash-out", async () => {
      const p = await player(h, { balance: 100_00 });
      await profile(p, { max_stake: 2_00, reason: "limit" });
      expect(await maxStake(p)).toBe(2_00);
      expect(await place(p, 3_00)).toBe("106 above_maximum");
      expect(await place(p, 2_00)).toBe(0);

      await profile(p, { live_betting_blocked: true, reason: "no live" });
      expect(await maxStake(p, live())).toBe(0);
      expect(await place(p, 1_00, live())).toBe("106 live_betting_blocked");
      expect(await place(p, 1_00)).toBe(0);

      await profile(p, { cashout_blocked: true, reason: "no cash-out" });
      const bets = json<{ data: { id: number }[] }>(
        await h.api.app.inject({ method: "GET", url: "/api/bets", headers: p.headers }),
      ).data;
      const cashout = await post(p, "/api/bets/cashout", { bet_id: bets[0]?.id });
      expect(json<ErrorJson>(cashout).code).toBe(130);

      await profile(p, { betting_blocked: true, reason: "closed" });
      expect(await maxStake(p)).toBe(0);
      expect(await place(p, 1_00)).toBe("106 betting_blocked");
    });

    it("refuses a bet decided on what the session's last placement read once a profile blocks the player", async () => {
      const p = await player(h, { balance: 100_00 });
      expect(await place(p, 1_00)).toBe(0);
      await profile(p, { betting_blocked: true, reason: "closed after one bet" });
      expect(await place(p, 1_00)).toBe("106 betting_blocked");
    });

    it("finds players, audits each change before → after, and refuses bad input writing nothing", async () => {
      const p = await player(h, { balance: 10_00 });
      await profile(p, { stake_factor: 2500, reason: "vip" });
      await profile(p, { stake_factor: 500, reason: "cooled" });
      const listed = json<{
        data: { player_id: number; profile: { stake_factor: number; updated_by: string } }[];
      }>(await bo("GET", `/risk/players?q=${p.playerId}`)).data;
      expect(listed.find((x) => x.player_id === p.playerId)?.profile).toMatchObject({ stake_factor: 500 });
      const [last] = await h.handle.db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.targetId, String(p.playerId)))
        .orderBy(staffAudit.id)
        .then((rows) => rows.slice(-1));
      expect(last).toMatchObject({
        action: "risk.profile_set",
        targetType: "player",
        before: expect.objectContaining({ stake_factor: 2500 }),
        after: expect.objectContaining({ stake_factor: 500, reason: "cooled" }),
      });

      const count = async () => ({
        profiles: (await h.handle.db.select().from(playerRiskProfiles)).length,
        audit: (await h.handle.db.select().from(staffAudit)).length,
      });
      const before = await count();
      for (const bad of [
        { stake_factor: 5 },
        { stake_factor: 10_001 },
        { stake_factor: 1.5 },
        { max_stake: -1 },
        { max_stake: 2.5 },
        { betting_blocked: "yes" },
        { reason: "" },
      ]) {
        const res = await bo("PUT", `/risk/players/${p.playerId}`, { ...DEFAULTS, ...bad });
        expect([res.statusCode, json<ErrorJson>(res).code], JSON.stringify(bad)).toEqual([400, 1000]);
      }
      const missing = await bo("PUT", "/risk/players/999999", DEFAULTS);
      expect(json<ErrorJson>(missing).code).toBe(1005);
      expect(await count()).toEqual(before);
    });
  });
}
