import type { StaffRole } from "@sportsbook/contracts";
import {
  accounts,
  balanceAdjustments,
  ledgerEntries,
  outbox,
  players,
  sessions,
  staffAudit,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { desc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorJson, type Harness, json, player, startHarness } from "./support/harness.js";
import { type StaffDesk, staffDesk } from "./support/staff.js";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`back-office player desk (${target.kind})`, () => {
    let h: Harness;
    let desk: StaffDesk;
    const as = (role: StaffRole) => desk.as(role);
    const call: StaffDesk["call"] = (...args) => desk.call(...args);
    const auditCount = () => desk.auditCount();
    const balanceOf = async (playerId: number) =>
      (await h.handle.db.select().from(accounts).where(eq(accounts.playerId, playerId)))[0]?.balance;
    const ledgerSumOf = async (playerId: number) =>
      Number(
        (
          await h.handle.db
            .select({ n: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
            .from(ledgerEntries)
            .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
            .where(eq(accounts.playerId, playerId))
        )[0]?.n,
      );
    const bet = (headers: Record<string, string>) =>
      h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers,
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

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_players");
      desk = await staffDesk(h, ["admin", "support", "finance", "trader"]);
    }, 180_000);
    afterAll(async () => h?.close());

    it("finds a player by e-mail, name, phone or id", async () => {
      const p = await player(h, { email: "Findme.Player@example.com" });
      await h.handle.db
        .update(players)
        .set({ firstName: "Ada", lastName: "Lovelace", phone: "+447700900123" })
        .where(eq(players.id, p.playerId));
      for (const q of ["findme.player", "Lovelace", "900123", String(p.playerId)]) {
        const res = await call("GET", `/players?q=${encodeURIComponent(q)}`, as("support"));
        if (res.statusCode !== 200) throw new Error(res.body);
        expect(
          json<{ data: { id: number }[] }>(res).data.map((x) => x.id),
          q,
        ).toContain(p.playerId);
      }
      const short = await call("GET", "/players?q=a", as("support"));
      expect([short.statusCode, json<ErrorJson>(short).code]).toEqual([400, 1000]);
      const page = await call("GET", `/players/${p.playerId}`, as("support"));
      expect(page.statusCode).toBe(200);
      const detail = json<{ data: { player: { name: string }; balances: { balance: number }[] } }>(page).data;
      expect(detail.player.name).toBe("Ada Lovelace");
      expect(detail.balances[0]?.balance).toBe(100_00);
      expect((await call("GET", "/players/999999999", as("support"))).statusCode).toBe(404);
    });

    it("blocks a player: sessions end and the next bet is refused; unblocked, they may sign in again", async () => {
      const p = await player(h, { email: "block@example.com" });
      expect((await bet(p.headers)).statusCode).toBe(200);
      const before = await auditCount();
      const res = await call("POST", `/players/${p.playerId}/status`, as("support"), {
        status: "blocked",
        reason: "chargeback dispute",
      });
      expect(res.statusCode, res.body).toBe(200);
      const refused = await bet(p.headers);
      expect(refused.statusCode).toBe(401);
      const open = await h.handle.db
        .select()
        .from(sessions)
        .where(sql`${sessions.playerId} = ${p.playerId} and ${sessions.revokedAt} is null`);
      expect(open).toHaveLength(0);
      const [entry] = await h.handle.db.select().from(staffAudit).orderBy(desc(staffAudit.id)).limit(1);
      expect(entry).toMatchObject({
        action: "player.blocked",
        targetType: "player",
        targetId: String(p.playerId),
      });
      expect(entry?.after).toMatchObject({
        status: "blocked",
        reason: "chargeback dispute",
        sessions_ended: 1,
      });
      expect(await auditCount()).toBe(before + 1);

      // A session the player somehow still holds is refused as blocked.
      await h.handle.db.update(sessions).set({ revokedAt: null }).where(eq(sessions.playerId, p.playerId));
      const blocked = await bet(p.headers);
      expect([blocked.statusCode, json<ErrorJson>(blocked).code]).toEqual([403, 1007]);

      const unblocked = await call("POST", `/players/${p.playerId}/status`, as("support"), {
        status: "active",
        reason: "dispute resolved",
      });
      expect(unblocked.statusCode).toBe(200);
      expect((await bet(p.headers)).statusCode).toBe(200);
    });

    it("closes an account for good", async () => {
      const p = await player(h, { email: "close@example.com" });
      const closed = await call("POST", `/players/${p.playerId}/status`, as("admin"), {
        status: "closed",
        reason: "asked to close",
      });
      expect(closed.statusCode).toBe(200);
      const reopen = await call("POST", `/players/${p.playerId}/status`, as("admin"), {
        status: "active",
        reason: "changed their mind",
      });
      expect([reopen.statusCode, json<ErrorJson>(reopen).code]).toEqual([400, 1250]);
      await h.handle.db.update(sessions).set({ revokedAt: null }).where(eq(sessions.playerId, p.playerId));
      expect(json<ErrorJson>(await bet(p.headers)).code).toBe(1007);
    });

    it("forces a password reset: the password stops working, sessions end, a link is mailed", async () => {
      const p = await player(h, { email: "reset@example.com" });
      const res = await call("POST", `/players/${p.playerId}/password-reset`, as("support"), {
        reason: "account takeover suspected",
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await h.handle.db.select().from(players).where(eq(players.id, p.playerId));
      expect(row?.passwordHash).toBeNull();
      const [mail] = await h.handle.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, "reset@example.com"))
        .orderBy(desc(outbox.id));
      expect(mail?.body).toContain("reset_password_token=");
      expect((await bet(p.headers)).statusCode).toBe(401);
    });

    it("sets a stricter limit for the player and refuses a looser one", async () => {
      const p = await player(h, { email: "limit@example.com" });
      const set = await call("POST", `/players/${p.playerId}/limits`, as("support"), {
        type: "bet",
        value: 20_00,
        reason: "affordability check",
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(json<{ data: { status: string } }>(set).data.status).toBe("active");
      const before = await auditCount();
      const looser = await call("POST", `/players/${p.playerId}/limits`, as("support"), {
        type: "bet",
        value: 50_00,
        reason: "asked by phone",
      });
      expect([looser.statusCode, json<ErrorJson>(looser).code]).toEqual([400, 1253]);
      expect(await auditCount()).toBe(before);
    });

    it("adjusts a balance at once up to the threshold; above it a second member approves", async () => {
      const p = await player(h, { email: "adjust@example.com" });
      const small = await call("POST", `/players/${p.playerId}/adjustments`, as("support"), {
        amount: 25_00,
        reason: "goodwill for a late payout",
      });
      expect(json<{ data: { status: string } }>(small).data.status).toBe("applied");
      expect(await balanceOf(p.playerId)).toBe(125_00);

      const big = await call("POST", `/players/${p.playerId}/adjustments`, as("finance"), {
        amount: -120_00,
        reason: "bonus abuse recovered",
      });
      const id = json<{ data: { id: number; status: string } }>(big).data.id;
      expect(json<{ data: { status: string } }>(big).data.status).toBe("pending");
      expect(await balanceOf(p.playerId)).toBe(125_00);
      const queue = await call("GET", "/adjustments", as("admin"));
      expect(json<{ data: { id: number }[] }>(queue).data.map((a) => a.id)).toContain(id);

      const self = await call("POST", `/adjustments/${id}/decision`, as("finance"), { approve: true });
      expect([self.statusCode, json<ErrorJson>(self).code]).toEqual([403, 1251]);
      const approved = await call("POST", `/adjustments/${id}/decision`, as("admin"), { approve: true });
      expect(json<{ data: { status: string; decided_by: string } }>(approved).data).toMatchObject({
        status: "applied",
        decided_by: "admin@sportsbook.local",
      });
      expect(await balanceOf(p.playerId)).toBe(5_00);
      expect(await ledgerSumOf(p.playerId)).toBe(5_00);
      const again = await call("POST", `/adjustments/${id}/decision`, as("admin"), { approve: false });
      expect(json<ErrorJson>(again).code).toBe(1252);

      const tooMuch = await call("POST", `/players/${p.playerId}/adjustments`, as("support"), {
        amount: -6_00,
        reason: "correction",
      });
      expect([tooMuch.statusCode, json<ErrorJson>(tooMuch).code]).toEqual([400, 1254]);
      expect(await balanceOf(p.playerId)).toBe(5_00);
      const rows = await h.handle.db
        .select()
        .from(balanceAdjustments)
        .where(eq(balanceAdjustments.playerId, p.playerId));
      expect(rows.map((r) => r.status).sort()).toEqual(["applied", "applied"]);
    });

    it("refuses bad input with the field at fault and writes nothing", async () => {
      const p = await player(h, { email: "bad@example.com" });
      const before = await auditCount();
      const cases: [string, unknown][] = [
        [`/players/${p.playerId}/status`, { status: "banned", reason: "nope" }],
        [`/players/${p.playerId}/status`, { status: "blocked", reason: "" }],
        [`/players/${p.playerId}/adjustments`, { amount: 0, reason: "zero" }],
        [`/players/${p.playerId}/adjustments`, { amount: 1.5, reason: "fraction" }],
        [`/players/${p.playerId}/adjustments`, { amount: 100, reason: "" }],
        [`/players/${p.playerId}/limits`, { type: "bet", reason: "no value" }],
        [`/players/${p.playerId}/notes`, { body: "   " }],
      ];
      for (const [url, payload] of cases) {
        const res = await call("POST", url, as("admin"), payload);
        expect([res.statusCode, json<ErrorJson>(res).code], `${url} ${JSON.stringify(payload)}`).toEqual([
          400, 1000,
        ]);
        expect(json<ErrorJson>(res).data.details?.length, url).toBeGreaterThan(0);
      }
      expect(await auditCount()).toBe(before);
      const [row] = await h.handle.db.select().from(players).where(eq(players.id, p.playerId));
      expect(row?.status).toBe("active");
      expect(
        await h.handle.db
          .select()
          .from(balanceAdjustments)
          .where(eq(balanceAdjustments.playerId, p.playerId)),
      ).toHaveLength(0);
    });

    it("keeps the wrong roles out of player actions", async () => {
      const p = await player(h, { email: "roles@example.com" });
      const tries: [StaffRole, string, unknown][] = [
        ["trader", `/players/${p.playerId}/status`, { status: "blocked", reason: "not mine" }],
        ["finance", `/players/${p.playerId}/status`, { status: "blocked", reason: "not mine" }],
        ["trader", `/players/${p.playerId}/adjustments`, { amount: 1_00, reason: "not mine" }],
        ["support", `/adjustments/1/decision`, { approve: true }],
      ];
      for (const [role, url, payload] of tries) {
        const res = await call("POST", url, as(role), payload);
        expect([res.statusCode, json<ErrorJson>(res).code], `${role} ${url}`).toEqual([403, 1004]);
      }
      const open = await h.handle.db
        .select()
        .from(sessions)
        .where(sql`${sessions.playerId} = ${p.playerId} and ${isNull(sessions.revokedAt)}`);
      expect(open).toHaveLength(1);
    });
  });
}
