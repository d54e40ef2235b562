import {
  BACKOFFICE_OPERATIONS,
  type BackofficeOperation,
  STAFF_ROLES,
  type StaffRole,
} from "@sportsbook/contracts";
import { markets, outbox, settlementConflicts, staff, staffAudit } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { desc, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAdmin, totpCode } from "../src/index.js";
import { type ErrorJson, type Harness, json, player, startHarness } from "./support/harness.js";

const ADMIN_PASSWORD = "admin password 1";
const STAFF_PASSWORD = "staff password 2";

interface StaffSession {
  id: number;
  email: string;
  headers: Record<string, string>;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`back-office staff, roles and audit (${target.kind})`, () => {
    let h: Harness;
    let admin: StaffSession;
    const sessions = new Map<StaffRole, StaffSession>();

    /** Moves the clock one TOTP step on, so each code is fresh (a code is accepted once). */
    const nextCode = (email: string, secret: string) => {
      h.clock.now = new Date(h.clock.now.getTime() + 30_000);
      return totpCode(email, secret, h.clock.now);
    };
    const secretOf = async (email: string) => {
      const [row] = await h.handle.db.select().from(staff).where(eq(staff.email, email));
      if (!row) throw new Error(`no staff ${email}`);
      return row.totpSecret;
    };
    const call = (
      method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
      url: string,
      headers = {},
      payload?: unknown,
    ) => h.api.app.inject({ method, url: `/api/backoffice${url}`, headers, ...(payload ? { payload } : {}) });
    const sessionOf = (res: LightMyRequestResponse): StaffSession => {
      const cookie = res.cookies.find((c) => c.name === "sb_staff");
      if (!cookie) throw new Error(`no staff cookie: ${res.statusCode} ${res.body}`);
      const data = json<{ data: { staff: { id: number; email: string }; csrf_token: string } }>(res).data;
      return {
        id: data.staff.id,
        email: data.staff.email,
        headers: { cookie: `sb_staff=${cookie.value}`, "x-csrf-token": data.csrf_token },
      };
    };
    const signIn = async (email: string, password: string) =>
      call("POST", "/session", {}, { email, password, code: nextCode(email, await secretOf(email)) });
    const invitationToken = async (email: string) => {
      const [mail] = await h.handle.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, email))
        .orderBy(desc(outbox.id))
        .limit(1);
      const link = mail?.body.match(/https?:\/\/\S+/)?.[0];
      const token = link ? new URL(link).searchParams.get("token") : null;
      if (!token) throw new Error(`no invitation for ${email}`);
      return { token, link };
    };
    /** Invites a member through the API, accepts through the API, and answers their session. */
    const enrol = async (email: string, role: StaffRole): Promise<StaffSession> => {
      const invited = await call("POST", "/staff", admin.headers, { email, role });
      expect(invited.statusCode, invited.body).toBe(200);
      const { token } = await invitationToken(email);
      const view = await call("GET", `/invitations/${token}`);
      const uri = json<{ data: { otpauth_uri: string } }>(view).data.otpauth_uri;
      const secret = new URL(uri).searchParams.get("secret") ?? "";
      const accepted = await call(
        "POST",
        "/invitations/accept",
        {},
        {
          token,
          password: STAFF_PASSWORD,
          code: nextCode(email, secret),
        },
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      return sessionOf(accepted);
    };
    /** Signs every role's member in again (after their sessions ended). */
    const signInAgain = async () => {
      for (const role of STAFF_ROLES) {
        const member = sessions.get(role);
        const password = role === "admin" ? ADMIN_PASSWORD : STAFF_PASSWORD;
        if (member) sessions.set(role, sessionOf(await signIn(member.email, password)));
      }
      admin = sessions.get("admin") as StaffSession;
    };
    const auditCount = async () =>
      Number((await h.handle.db.select({ n: sql<number>`count(*)` }).from(staffAudit))[0]?.n);

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_staff");
      await ensureDemoAdmin(h.api.ctx, { password: ADMIN_PASSWORD });
      admin = sessionOf(await signIn("admin@sportsbook.local", ADMIN_PASSWORD));
      sessions.set("admin", admin);
      for (const role of STAFF_ROLES.filter((r) => r !== "admin"))
        sessions.set(role, await enrol(`${role}@staff.example`, role));
      // Five members' passwords are hashed with the memory-hard KDF: slow on a busy machine.
    }, 180_000);
    afterAll(async () => h?.close());

    it("signs in with e-mail, password and a TOTP code; a cookie of its own, HttpOnly and SameSite=Strict", async () => {
      const res = await signIn("trader@staff.example", STAFF_PASSWORD);
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === "sb_staff");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/backoffice" });
      expect(res.cookies.find((c) => c.name === "sb_session")).toBeUndefined();
      expect(json<{ data: { operations: string[] } }>(res).data.operations).toContain("suspend");
    });

    it("refuses a wrong code, a replayed code and a wrong password with one answer", async () => {
      const email = "finance@staff.example";
      const secret = await secretOf(email);
      const wrong = await call("POST", "/session", {}, { email, password: STAFF_PASSWORD, code: "000000" });
      expect([wrong.statusCode, json<ErrorJson>(wrong).code]).toEqual([400, 1200]);
      const code = nextCode(email, secret);
      expect((await call("POST", "/session", {}, { email, password: STAFF_PASSWORD, code })).statusCode).toBe(
        200,
      );
      const replay = await call("POST", "/session", {}, { email, password: STAFF_PASSWORD, code });
      expect(json<ErrorJson>(replay).code).toBe(1200);
      const badPassword = await call(
        "POST",
        "/session",
        {},
        {
          email,
          password: "not the password 9",
          code: nextCode(email, secret),
        },
      );
      expect(json<ErrorJson>(badPassword).code).toBe(1200);
      const unknown = await call(
        "POST",
        "/session",
        {},
        { email: "nobody@x.example", password: "x", code: "123456" },
      );
      expect(json<ErrorJson>(unknown).code).toBe(1200);
    });

    it("locks a member after repeated failures until an admin enables them again, ending their sessions", async () => {
      const email = "locked@staff.example";
      const member = await enrol(email, "support");
      for (let i = 0; i < 5; i++)
        await call("POST", "/session", {}, { email, password: "wrong password 0", code: "000000" });
      expect((await call("GET", "/me", member.headers)).statusCode).toBe(401);
      const right = await signIn(email, STAFF_PASSWORD);
      expect(json<ErrorJson>(right).code).toBe(1200);
      const [entry] = await h.handle.db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.action, "staff.locked"))
        .orderBy(desc(staffAudit.id));
      expect(entry?.targetId).toBe(String(member.id));
      const unlock = await call("PATCH", `/staff/${member.id}`, admin.headers, { status: "active" });
      expect(json<{ data: { locked: boolean } }>(unlock).data.locked).toBe(false);
      expect((await signIn(email, STAFF_PASSWORD)).statusCode).toBe(200);
    });

    it("ends a session on sign-out and when its member is disabled; a session expires", async () => {
      const email = "short@staff.example";
      const first = await enrol(email, "support");
      expect((await call("DELETE", "/session", first.headers)).statusCode).toBe(200);
      expect(json<ErrorJson>(await call("GET", "/me", first.headers)).code).toBe(1002);
      const second = sessionOf(await signIn(email, STAFF_PASSWORD));
      await call("PATCH", `/staff/${second.id}`, admin.headers, { status: "disabled" });
      expect((await call("GET", "/me", second.headers)).statusCode).toBe(401);
      expect(json<ErrorJson>(await signIn(email, STAFF_PASSWORD)).code).toBe(1200);
      await call("PATCH", `/staff/${second.id}`, admin.headers, { status: "active" });
      const third = sessionOf(await signIn(email, STAFF_PASSWORD));
      h.clock.now = new Date(h.clock.now.getTime() + 8 * 3600 * 1000);
      expect(json<ErrorJson>(await call("GET", "/me", third.headers)).code).toBe(1002);
      await signInAgain();
    });

    it("never takes a player's cookie on a back-office call, nor a staff cookie on a player's call", async () => {
      const p = await player(h);
      const res = await call("GET", "/me", p.headers);
      expect([res.statusCode, json<ErrorJson>(res).code]).toEqual([401, 1001]);
      const profile = await h.api.app.inject({
        method: "GET",
        url: "/api/player/accounts",
        headers: admin.headers,
      });
      expect(profile.statusCode).toBe(401);
      const selection = {
        match_id: h.fixture.matches.prematch.id,
        market_id: 1,
        specifier: "",
        outcome_id: "1",
        odds: 2100,
      };
      const bet = await h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: admin.headers,
        payload: {
          meta: { device_id: "d1" },
          bets: [{ type: "single", stake: { value: 10_00, currency: "EUR" }, selections: [selection] }],
        },
      });
      expect([bet.statusCode, json<ErrorJson>(bet).code]).toEqual([401, 1001]);
    });

    it("keeps the last active admin an admin", async () => {
      const res = await call("PATCH", `/staff/${admin.id}`, admin.headers, { role: "trader" });
      expect(json<ErrorJson>(res).code).toBe(1202);
      const disable = await call("PATCH", `/staff/${admin.id}`, admin.headers, { status: "disabled" });
      expect(json<ErrorJson>(disable).code).toBe(1202);
    });

    it("walks every operation with every role: allowed, 403 for a wrong role, 401 without a session or with a player's", async () => {
      const prematch = h.fixture.matches.prematch.id;
      const finished = h.fixture.matches.finished.id;
      const [market] = await h.handle.db.select().from(markets).where(eq(markets.matchId, finished)).limit(1);
      const finishedMarket = market?.id ?? 0;
      let n = 0;
      const target = await enrol("target@staff.example", "support");
      const walker = await player(h);
      const playerHeaders = walker.headers;
      const playerId = walker.playerId;
      const walkedPlayer = await player(h);
      const walked = walkedPlayer.playerId;
      // a bonus the sportsbook hands out itself, so no player of the walk is issued it
      const walkBonus = {
        kind: "freebet",
        name: { en: "Walk" },
        issued_by: "manual",
        terms: { amounts: { EUR: 100 } },
      };
      // A fresh draft for each publication (a published one cannot be published again).
      const walkDraft = async () => {
        const made = await call("POST", "/content/versions", admin.headers, { document: {} });
        return json<{ data: { id: number } }>(made).data.id;
      };
      const requests: Record<BackofficeOperation, () => Promise<[string, string, unknown?]>> = {
        me: async () => ["GET", "/me"],
        listStaff: async () => ["GET", "/staff"],
        inviteStaff: async () => ["POST", "/staff", { email: `walk${++n}@staff.example`, role: "support" }],
        updateStaff: async () => ["PATCH", `/staff/${target.id}`, { role: "support" }],
        listAudit: async () => ["GET", "/audit"],
        exportAudit: async () => ["GET", "/audit.csv"],
        listTradingMatches: async () => ["GET", "/trading/matches"],
        tradingMatch: async () => ["GET", `/trading/matches/${prematch}`],
        suspend: async () => [
          "POST",
          "/trading/suspensions",
          { scope: "match", match_id: prematch, reason: "walk" },
        ],
        lift: async () => {
          const made = await call("POST", "/trading/suspensions", admin.headers, {
            scope: "match",
            match_id: h.fixture.matches.laligaNext.id,
            reason: "walk",
          });
          return ["POST", `/trading/suspensions/${json<{ data: { id: number } }>(made).data.id}/lift`];
        },
        listSettlementMatches: async () => ["GET", "/settlement/matches"],
        settlementMatch: async () => ["GET", `/settlement/matches/${finished}`],
        settleMarket: async () => [
          "POST",
          `/settlement/markets/${finishedMarket}`,
          { action: "void", reason: "walk" },
        ],
        listSettlementConflicts: async () => ["GET", "/settlement/conflicts"],
        decideSettlementConflict: async () => {
          const [c] = await h.handle.db
            .insert(settlementConflicts)
            .values({
              matchId: finished,
              marketRowId: finishedMarket,
              kind: "bet_cancel",
              feed: {},
              receivedAt: h.clock.now,
            })
            .returning();
          return ["POST", `/settlement/conflicts/${c?.id}`, { decision: "reject" }];
        },
        listRiskProfiles: async () => ["GET", "/risk/players?q=example"],
        setRiskProfile: async () => [
          "PUT",
          `/risk/players/${playerId}`,
          {
            stake_factor: 1000,
            max_stake: null,
            betting_blocked: false,
            live_betting_blocked: false,
            cashout_blocked: false,
            reason: "walk",
          },
        ],
        searchPlayers: async () => ["GET", "/players?q=example"],
        viewPlayer: async () => ["GET", `/players/${walked}`],
        setPlayerStatus: async () => [
          "POST",
          `/players/${walked}/status`,
          { status: "active", reason: "walk" },
        ],
        forcePasswordReset: async () => ["POST", `/players/${walked}/password-reset`, { reason: "walk" }],
        setPlayerLimit: async () => [
          "POST",
          `/players/${walked}/limits`,
          { type: "bet", value: 50_00 - ++n, reason: "walk" },
        ],
        addPlayerNote: async () => ["POST", `/players/${walked}/notes`, { body: "walk" }],
        requestAdjustment: async () => [
          "POST",
          `/players/${walked}/adjustments`,
          { amount: 1, reason: "walk" },
        ],
        listAdjustments: async () => ["GET", "/adjustments"],
        decideAdjustment: async () => {
          // Asked for by another member: the one who asks never decides.
          const made = await call("POST", `/players/${walked}/adjustments`, target.headers, {
            amount: 500_00,
            reason: "walk",
          });
          return [
            "POST",
            `/adjustments/${json<{ data: { id: number } }>(made).data.id}/decision`,
            { approve: false },
          ];
        },
        listWithdrawals: async () => ["GET", "/withdrawals"],
        reviewWithdrawal: async () => {
          const made = await h.api.app.inject({
            method: "POST",
            url: "/api/player/withdrawals",
            headers: walkedPlayer.headers,
            payload: { amount: 1_00, currency: "EUR" },
          });
          return [
            "POST",
            `/withdrawals/${json<{ data: { id: number } }>(made).data.id}/review`,
            { action: "reject", reason: "walk" },
          ];
        },
        lookupPayments: async () => ["GET", `/payments?q=${walked}`],
        listLiabilities: async () => ["GET", "/liabilities"],
        matchLiabilities: async () => ["GET", `/liabilities/matches/${prematch}`],
        feedHealth: async () => ["GET", "/feed"],
        listTradingLimits: async () => ["GET", "/limits"],
        setMarketKindLimit: async () => [
          "PUT",
          "/limits/markets/29",
          { max_stake_major: null, max_payout_major: null, reason: "walk" },
        ],
        setLiveBetDelay: async () => [
          "PUT",
          "/limits/live-delays",
          {
            sport_id: h.fixture.matches.prematch.sportId,
            tournament_id: null,
            delay_ms: null,
            reason: "walk",
          },
        ],
        bettingReport: async () => ["GET", "/reports/betting?currency=EUR&from=2026-01-01&to=2026-01-31"],
        exportBettingReport: async () => [
          "GET",
          "/reports/betting.csv?currency=EUR&from=2026-01-01&to=2026-01-31",
        ],
        moneyReport: async () => ["GET", "/reports/money?currency=EUR&from=2026-01-01&to=2026-01-31"],
        exportMoneyReport: async () => [
          "GET",
          "/reports/money.csv?currency=EUR&from=2026-01-01&to=2026-01-31",
        ],
        betTicker: async () => ["POST", "/ticker/token"],
        listPromotions: async () => ["GET", "/promotions"],
        savePromotion: async () => [
          "POST",
          "/promotions/bonuses",
          { key: `walk-${++n}`, definition: walkBonus },
        ],
        endPromotion: async () => {
          const key = `walk-end-${++n}`;
          await call("POST", "/promotions/bonuses", admin.headers, { key, definition: walkBonus });
          return ["POST", `/promotions/bonuses/${key}/end`];
        },
        listContent: async () => ["GET", "/content/versions"],
        saveContentDraft: async () => ["POST", "/content/versions", { document: { siteName: "Walk" } }],
        previewContent: async () => ["POST", `/content/versions/${await walkDraft()}/preview`],
        publishContent: async () => ["POST", `/content/versions/${await walkDraft()}/publish`, {}],
        signOut: async () => ["DELETE", "/session"],
      };
      // Signing out last, so each role's session serves the whole walk.
      const order = (Object.keys(BACKOFFICE_OPERATIONS) as BackofficeOperation[]).sort(
        (a, b) => Number(a === "signOut") - Number(b === "signOut"),
      );
      for (const operation of order) {
        for (const role of STAFF_ROLES) {
          const [method, url, payload] = await requests[operation]();
          const member = sessions.get(role) as StaffSession;
          const res = await call(method as "GET", url, member.headers, payload);
          const allowed = (BACKOFFICE_OPERATIONS[operation] as readonly StaffRole[]).includes(role);
          const label = `${operation} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`;
          if (allowed) expect([200, 400], label).toContain(res.statusCode);
          else expect([res.statusCode, json<ErrorJson>(res).code], label).toEqual([403, 1004]);
          if (allowed && operation === "suspend" && res.statusCode === 200) {
            const id = json<{ data: { id: number } }>(res).data.id;
            await call("POST", `/trading/suspensions/${id}/lift`, admin.headers);
          }
          const asPlayer = await call(method as "GET", url, playerHeaders, payload);
          expect(
            [asPlayer.statusCode, json<ErrorJson>(asPlayer).code],
            `${operation} with a player's cookie`,
          ).toEqual([401, 1001]);
          const none = await call(method as "GET", url, {}, payload);
          expect([none.statusCode, json<ErrorJson>(none).code], `${operation} without a session`).toEqual([
            401, 1001,
          ]);
        }
      }
      await signInAgain();
      // Six roles times every operation, each also tried with a player's cookie and with none.
    }, 120_000);

    it("refuses a change without the session's CSRF token", async () => {
      const res = await call(
        "POST",
        "/staff",
        { cookie: admin.headers.cookie ?? "" },
        { email: "c@x.example", role: "trader" },
      );
      expect([res.statusCode, json<ErrorJson>(res).code]).toEqual([403, 1003]);
    });

    it("answers bad input with the field at fault and writes nothing", async () => {
      const [before, staffBefore] = [await auditCount(), (await h.handle.db.select().from(staff)).length];
      const cases: [string, string, unknown][] = [
        ["POST", "/staff", { email: "not an address", role: "trader" }],
        ["POST", "/staff", { email: "ok@staff.example", role: "owner" }],
        ["PATCH", `/staff/${admin.id}`, {}],
        ["PATCH", "/staff/0", { role: "trader" }],
        ["POST", "/trading/suspensions", { scope: "market", match_id: 1, reason: "no market given" }],
        ["POST", "/trading/suspensions", { scope: "match", match_id: 1, reason: "" }],
        ["GET", "/audit?limit=100000", undefined],
        ["GET", "/audit?from=yesterday", undefined],
      ];
      for (const [method, url, payload] of cases) {
        const res = await call(method as "GET", url, admin.headers, payload);
        expect([res.statusCode, json<ErrorJson>(res).code], `${method} ${url}`).toEqual([400, 1000]);
        expect(json<ErrorJson>(res).data.details?.length, url).toBeGreaterThan(0);
      }
      const exists = await call("POST", "/staff", admin.headers, {
        email: "trader@staff.example",
        role: "trader",
      });
      expect(json<ErrorJson>(exists).code).toBe(1201);
      const missing = await call("POST", "/trading/suspensions", admin.headers, {
        scope: "match",
        match_id: 999_999,
        reason: "no such match",
      });
      expect(json<ErrorJson>(missing).code).toBe(1005);
      expect(await auditCount()).toBe(before);
      expect((await h.handle.db.select().from(staff)).length).toBe(staffBefore);
    });

    it("spends an invitation once", async () => {
      await call("POST", "/staff", admin.headers, { email: "once@staff.example", role: "auditor" });
      const { token } = await invitationToken("once@staff.example");
      const secret = await secretOf("once@staff.example");
      const accept = () =>
        call(
          "POST",
          "/invitations/accept",
          {},
          {
            token,
            password: STAFF_PASSWORD,
            code: nextCode("once@staff.example", secret),
          },
        );
      expect((await accept()).statusCode).toBe(200);
      expect(json<ErrorJson>(await accept()).code).toBe(1105);
      expect(json<ErrorJson>(await call("GET", `/invitations/${token}`)).code).toBe(1105);
    });

    it("records who, when, from where, what and before → after; append-only; searchable; CSV", async () => {
      const member = await enrol("audited@staff.example", "support");
      await call("PATCH", `/staff/${member.id}`, admin.headers, { role: "finance" });
      const auditor = sessions.get("auditor") as StaffSession;
      const found = await call("GET", `/audit?action=staff.updated&target_id=${member.id}`, auditor.headers);
      const entries = json<{
        data: { staff_email: string; ip: string; before: unknown; after: unknown; at: string }[];
      }>(found).data;
      expect(entries[0]).toMatchObject({
        staff_email: "admin@sportsbook.local",
        ip: "127.0.0.1",
        before: { role: "support", status: "active" },
        after: { role: "finance", status: "active" },
      });
      const csv = await call("GET", "/audit.csv?action=staff.updated", auditor.headers);
      expect(csv.headers["content-type"]).toContain("text/csv");
      const lines = csv.body.trim().split("\r\n");
      expect(lines[0]).toBe("id,at,staff_email,ip,action,target_type,target_id,before,after");
      expect(lines.some((l) => l.includes(`staff.updated,staff,${member.id},`))).toBe(true);
      await expect(h.handle.db.execute(sql`update staff_audit set action = 'x'`)).rejects.toThrow();
      await expect(h.handle.db.execute(sql`delete from staff_audit`)).rejects.toThrow();
    });
  });
}
