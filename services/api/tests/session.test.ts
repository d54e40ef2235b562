import { connectionTokenClaimsSchema, subscriptionTokenClaimsSchema } from "@sportsbook/contracts/realtime";
import { sessions } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../src/index.js";
import { type ErrorJson, type Harness, json, player, startHarness, TEST_SECRET } from "./support/harness.js";

const secret = new TextEncoder().encode(TEST_SECRET);

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`sessions and player API on ${target.kind}`, () => {
    let h: Harness;
    const inject = (
      method: "GET" | "POST" | "PUT",
      url: string,
      headers: Record<string, string> = {},
      payload?: unknown,
    ) =>
      h.api.app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    beforeAll(async () => {
      h = await startHarness(target, "api_session");
    });
    afterAll(async () => h?.close());

    it("answers a visitor's profile with id null", async () => {
      const res = await inject("GET", "/api/player");
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ id: null, statuses: [] });
    });

    it("answers a signed-in player's profile and accounts", async () => {
      const p = await player(h, { nickname: "ace", currency: "EUR", balance: 25_00 });
      const profile = json(await inject("GET", "/api/player", p.headers));
      expect(profile).toMatchObject({ id: p.playerId, nickname: "ace", currency: "EUR", is_blocked: false });
      const accounts = json<{ data: unknown[] }>(await inject("GET", "/api/player/accounts", p.headers));
      expect(accounts.data).toEqual([
        { currency: "EUR", subunits: 2, fiat: true, balance: 25_00, is_current: true },
      ]);
    });

    it("answers 401 unauthorized without a session and 401 session expired for a stale one", async () => {
      const none = await inject("GET", "/api/player/accounts");
      expect(none.statusCode).toBe(401);
      expect(json<ErrorJson>(none)).toMatchObject({ code: 1001, data: { key: "global-error.unauthorized" } });
      const unknown = await inject("GET", "/api/player", { cookie: "sb_session=forged" });
      expect(unknown.statusCode).toBe(401);
      expect(json<ErrorJson>(unknown).code).toBe(1002);
      const p = await player(h);
      h.clock.now = new Date(h.clock.now.getTime() + 31 * 24 * 3600 * 1000);
      try {
        const expired = await inject("GET", "/api/player/accounts", p.headers);
        expect(expired.statusCode).toBe(401);
        expect(json<ErrorJson>(expired).code).toBe(1002);
        expect(String(expired.headers["set-cookie"])).toMatch(/sb_session=;/);
      } finally {
        h.clock.now = new Date("2026-06-01T12:00:00Z");
      }
    });

    it("refuses a state-changing call without the CSRF token of the session", async () => {
      const p = await player(h);
      const cookieOnly = { cookie: p.headers.cookie ?? "" };
      const res = await inject("PUT", "/api/player/locale", cookieOnly, { locale: "de" });
      expect(res.statusCode).toBe(403);
      expect(json<ErrorJson>(res).code).toBe(1003);
      const wrong = await inject(
        "PUT",
        "/api/player/locale",
        { ...cookieOnly, "x-csrf-token": "nope" },
        { locale: "de" },
      );
      expect(wrong.statusCode).toBe(403);
      const ok = await inject("PUT", "/api/player/locale", p.headers, { locale: "de" });
      expect(ok.statusCode).toBe(200);
      expect(json(ok)).toMatchObject({ language: "de" });
    });

    it("switches currency only to one the player has an account in", async () => {
      const p = await player(h);
      const refused = await inject("PUT", "/api/player/currency", p.headers, { currency: "USD" });
      expect(refused.statusCode).toBe(400);
      expect(json<ErrorJson>(refused).data.details?.[0]?.field).toBe("body.currency");
      await inject("POST", "/api/player/deposits", p.headers, { currency: "USD", amount: 500 });
      const ok = await inject("PUT", "/api/player/currency", p.headers, { currency: "USD" });
      expect(json(ok)).toMatchObject({ currency: "USD" });
      const bad = await inject("PUT", "/api/player/currency", p.headers, { currency: 42 });
      expect(bad.statusCode).toBe(400);
      expect(json<ErrorJson>(bad).data.details?.[0]?.field).toBe("body.currency");
    });

    it("signs out: the session is revoked and the cookies cleared", async () => {
      const p = await player(h);
      const res = await inject("POST", "/api/player/logout", p.headers);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers["set-cookie"])).toMatch(/sb_session=;/);
      const after = await inject("GET", "/api/player/accounts", p.headers);
      expect(json<ErrorJson>(after).code).toBe(1002);
    });

    it("signs in the demo player with HttpOnly SameSite cookies and a funded balance", async () => {
      const res = await inject("POST", "/api/demo/sign-in", {}, {});
      expect(res.statusCode).toBe(200);
      const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
      const session = cookies.find((c) => c.startsWith("sb_session="));
      expect(session).toMatch(/HttpOnly/);
      expect(session).toMatch(/SameSite=Lax/);
      expect(session).not.toMatch(/Secure/);
      expect(cookies.find((c) => c.startsWith("sb_csrf="))).not.toMatch(/HttpOnly/);
      const cookie = session?.split(";")[0] ?? "";
      const accounts = json<{ data: { balance: number }[] }>(
        await inject("GET", "/api/player/accounts", { cookie }),
      );
      expect(accounts.data[0]?.balance).toBeGreaterThan(0);
      const rows = await h.handle.db.select().from(sessions);
      expect(rows.every((r) => !cookie.includes(r.tokenHash))).toBe(true);
    });

    it("demo sign-in follows the sign-in rules: no cross-site form post, no signed-in browser, no excluded player", async () => {
      // A cross-site form can send text/plain without a preflight: it must not sign a browser in.
      const form = await h.api.app.inject({
        method: "POST",
        url: "/api/demo/sign-in",
        headers: { "content-type": "text/plain", origin: "https://evil.example" },
        payload: "{}",
      });
      expect(form.statusCode).toBeGreaterThanOrEqual(400);
      expect(form.statusCode).toBeLessThan(500);
      expect(form.headers["set-cookie"]).toBeUndefined();
      const bare = await inject("POST", "/api/demo/sign-in");
      expect(bare.statusCode).toBe(400);
      expect(bare.headers["set-cookie"]).toBeUndefined();

      const first = await inject("POST", "/api/demo/sign-in", {}, {});
      const cookie = ([] as string[])
        .concat(first.headers["set-cookie"] ?? [])
        .map((c) => c.split(";")[0])
        .join("; ");
      const again = await inject("POST", "/api/demo/sign-in", { cookie }, {});
      expect(json<ErrorJson>(again).error).toBe("alreadySignedIn");

      // The demo player takes a cooling-off day: it ends the session and keeps them out.
      const csrf = json<{ data: { csrf_token: string } }>(first).data.csrf_token;
      const cooling = await inject(
        "POST",
        "/api/player/limits",
        { cookie, "x-csrf-token": csrf },
        { type: "coolingoff", period: "day" },
      );
      expect(cooling.statusCode).toBe(200);
      const excluded = await inject("POST", "/api/demo/sign-in", {}, {});
      expect(excluded.statusCode).toBeGreaterThanOrEqual(400);
      expect(excluded.headers["set-cookie"]).toBeUndefined();
    });

    it("marks the session cookie Secure for a request that came over TLS through a trusted proxy", async () => {
      const behindProxy = await createApi({
        database: h.handle,
        realtimeTokenSecret: TEST_SECRET,
        demo: true,
        trustProxy: ["127.0.0.1"],
      });
      try {
        const tls = await behindProxy.app.inject({
          method: "POST",
          url: "/api/demo/sign-in",
          headers: { "x-forwarded-proto": "https" },
          payload: {},
        });
        const cookies = ([] as string[]).concat(tls.headers["set-cookie"] ?? []);
        expect(cookies.find((c) => c.startsWith("sb_session="))).toMatch(/; Secure/);
        const plain = await behindProxy.app.inject({ method: "POST", url: "/api/demo/sign-in", payload: {} });
        expect(String(plain.headers["set-cookie"])).not.toMatch(/Secure/);
      } finally {
        await behindProxy.stop();
      }
    });

    it("issues realtime connection tokens: empty sub for a visitor, the player id otherwise", async () => {
      const visitor = json<{ token: string }>(await inject("POST", "/api/websocket/token"));
      const v = await jwtVerify(visitor.token, secret, { currentDate: h.clock.now });
      expect(connectionTokenClaimsSchema.parse(v.payload).sub).toBe("");
      const p = await player(h);
      const mine = json<{ token: string }>(await inject("POST", "/api/websocket/token", p.headers));
      const claims = (await jwtVerify(mine.token, secret, { currentDate: h.clock.now })).payload;
      expect(claims.sub).toBe(String(p.playerId));
      expect(claims.exp).toBe(Math.floor(h.clock.now.getTime() / 1000) + 600);
    });

    it("refuses a connection token to an ended session, clearing its cookies, and a visitor's then", async () => {
      const p = await player(h);
      await h.handle.db
        .update(sessions)
        .set({ revokedAt: h.clock.now })
        .where(eq(sessions.playerId, p.playerId));
      const ended = await inject("POST", "/api/websocket/token", p.headers);
      expect(ended.statusCode).toBe(401);
      expect(json<ErrorJson>(ended).code).toBe(1002);
      const cleared = ([] as string[]).concat(ended.headers["set-cookie"] ?? []);
      expect(cleared.find((c) => c.startsWith("sb_session="))).toMatch(
        /^sb_session=;.*Expires=Thu, 01 Jan 1970/,
      );
      expect(cleared.find((c) => c.startsWith("sb_csrf="))).toMatch(/^sb_csrf=;.*Expires=Thu, 01 Jan 1970/);
      // without the cleared cookies the next connection is a visitor's
      const visitor = json<{ token: string }>(await inject("POST", "/api/websocket/token"));
      const claims = (await jwtVerify(visitor.token, secret, { currentDate: h.clock.now })).payload;
      expect(claims.sub).toBe("");
    });

    it("issues subscription tokens for the player's own private channel only", async () => {
      const p = await player(h);
      const channel = `$user:${p.playerId}`;
      const res = await inject("POST", "/api/websocket/authorize", p.headers, { channels: [channel] });
      const body = json<{ channels: { channel: string; token: string }[] }>(res);
      const claims = (await jwtVerify(body.channels[0]?.token ?? "", secret, { currentDate: h.clock.now }))
        .payload;
      expect(subscriptionTokenClaimsSchema.parse(claims)).toMatchObject({ sub: String(p.playerId), channel });
      const other = await inject("POST", "/api/websocket/authorize", p.headers, {
        channels: ["$user:999999"],
      });
      expect(other.statusCode).toBe(403);
      const empty = await inject("POST", "/api/websocket/authorize", p.headers, { channels: [] });
      expect(json<ErrorJson>(empty).data.details?.[0]?.field).toBe("body.channels");
      expect((await inject("POST", "/api/websocket/authorize", {}, { channels: [channel] })).statusCode).toBe(
        401,
      );
    });
  });
}
