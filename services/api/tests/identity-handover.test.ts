import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  body,
  registeredPlayer,
  sessionFrom,
  startAccounts,
} from "./identity-harness.js";
import type { ErrorJson } from "./support/harness.js";

const KEY = "k".repeat(40);

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`session handover from a host platform (${target.kind})`, () => {
    let h: AccountsHarness;
    let framed: AccountsHarness;
    const issue = (payload: unknown, key: string | null = KEY, on = h) =>
      on.api.app.inject({
        method: "POST",
        url: "/api/operator/sessions",
        headers: key ? { "x-operator-key": key } : {},
        payload: payload as Record<string, unknown>,
      });
    const exchange = (token: unknown, on = h, headers: Record<string, string> = {}) =>
      on.api.app.inject({ method: "POST", url: "/api/player/handover", headers, payload: { token } });
    const tokenOf = (res: Awaited<ReturnType<typeof issue>>) =>
      body<{ data: { token: string } }>(res).data.token;

    beforeAll(async () => {
      h = await startAccounts(
        target,
        "identity_handover",
        { blockedCountries: ["FR"] },
        { operatorKey: KEY },
      );
      framed = await startAccounts(
        target,
        "identity_handover_frame",
        {},
        { operatorKey: KEY, frameCookies: true },
      );
    });
    afterAll(async () => {
      await h.close();
      await framed.close();
    });

    it("opens the platform's new player once, and its one-time token signs the frame in", async () => {
      const first = await issue({ email: "Casino.Player@Example.com", currency: "EUR", nickname: "casino" });
      expect(first.statusCode).toBe(200);
      const issued = body<{ data: { token: string; player_id: number; expires_at: string } }>(first).data;
      expect(new Date(issued.expires_at).getTime() - h.clock.now.getTime()).toBe(120_000);
      // a second page of the platform gets its own token for the same player; both work
      const again = await issue({ email: "casino.player@example.com" });
      expect(body<{ data: { player_id: number } }>(again).data.player_id).toBe(issued.player_id);
      expect((await exchange(tokenOf(again))).statusCode).toBe(200);

      const signedIn = await exchange(issued.token);
      expect(signedIn.statusCode).toBe(200);
      const session = sessionFrom(signedIn);
      expect(session.playerId).toBe(issued.player_id);
      const profile = await h.api.app.inject({ method: "GET", url: "/api/player", headers: session.headers });
      expect(body<{ email: string; nickname: string }>(profile)).toMatchObject({
        email: "casino.player@example.com",
        nickname: "casino",
      });
      // spent: the same token never signs anyone in again
      const replay = await exchange(issued.token);
      expect(replay.statusCode).toBe(400);
      expect(body<ErrorJson>(replay).error).toBe("tokenInvalid");
    });

    it("hands over an existing player, replacing the session the browser carried", async () => {
      const earlier = await registeredPlayer(h, "known@example.com");
      const other = await registeredPlayer(h, "other@example.com");
      const token = tokenOf(await issue({ email: "known@example.com" }));
      const res = await exchange(token, h, { cookie: other.cookie });
      expect(sessionFrom(res).playerId).toBe(earlier.playerId);
      const old = await h.api.app.inject({
        method: "GET",
        url: "/api/player/accounts",
        headers: other.headers,
      });
      expect(old.statusCode).toBe(401);
    });

    it("refuses a token past its two minutes", async () => {
      const token = tokenOf(await issue({ email: "late@example.com" }));
      h.advance(121);
      expect(body<ErrorJson>(await exchange(token)).error).toBe("tokenInvalid");
    });

    it("refuses a self-excluded player at issue time, and a blocked country at exchange", async () => {
      const s = await registeredPlayer(h, "excluded@example.com");
      const limit = await h.api.app.inject({
        method: "POST",
        url: "/api/player/limits",
        headers: s.headers,
        payload: { type: "selfexclusion", period: "week" },
      });
      expect(limit.statusCode).toBe(200);
      const refused = await issue({ email: "excluded@example.com" });
      expect(refused.statusCode).toBe(403);
      expect(body<ErrorJson>(refused).data.extra).toMatchObject({ type: "selfexclusion" });

      const token = tokenOf(await issue({ email: "abroad@example.com" }));
      const blocked = await exchange(token, h, { "x-country-code": "fr" });
      expect(body<ErrorJson>(blocked).error).toBe("countryBlocked");
      expect(blocked.cookies.find((c) => c.name === "sb_session")).toBeUndefined();
    });

    it("answers 404 without the operator key, and names the bad fields of a bad request", async () => {
      expect((await issue({ email: "a@example.com" }, null)).statusCode).toBe(404);
      expect((await issue({ email: "a@example.com" }, "x".repeat(40))).statusCode).toBe(404);
      for (const payload of [
        {},
        { email: "not-an-address" },
        { email: "a@example.com", currency: "eu ro" },
      ]) {
        const res = await issue(payload);
        expect(res.statusCode).toBe(400);
        expect(body<ErrorJson>(res).error).toBe("validationFailed");
      }
      const unknownCurrency = await issue({ email: "new@example.com", currency: "XYZ" });
      expect(unknownCurrency.statusCode).toBe(400);
      expect((await issue({ email: "new@example.com" })).statusCode).toBe(200);
      for (const token of ["", "short", "x".repeat(200), "bad token with spaces!!"]) {
        expect((await exchange(token)).statusCode).toBe(400);
      }
    });

    it("with the session kept by the frame, sets no cookie and takes the token as a bearer header", async () => {
      const token = tokenOf(await issue({ email: "header@example.com" }));
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/player/handover",
        payload: { token, keep: "header" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["set-cookie"]).toBeUndefined();
      const sessionToken = body<{ data: { session_token: string } }>(res).data.session_token;
      expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const bearer = { authorization: `Bearer ${sessionToken}` };
      const profile = await h.api.app.inject({ method: "GET", url: "/api/player", headers: bearer });
      expect(body<{ email: string }>(profile).email).toBe("header@example.com");
      // no browser sends the header by itself: a state-changing call needs no CSRF token with it
      const currency = await h.api.app.inject({
        method: "PUT",
        url: "/api/player/currency",
        headers: bearer,
        payload: { currency: "EUR" },
      });
      expect(currency.statusCode).toBe(200);
      // a cookie handover never answers the token
      const plain = await exchange(tokenOf(await issue({ email: "header@example.com" })));
      expect(body<{ data: Record<string, unknown> }>(plain).data).not.toHaveProperty("session_token");
      // the next handover replaces the frame's session: the old token is refused
      const next = await h.api.app.inject({
        method: "POST",
        url: "/api/player/handover",
        headers: bearer,
        payload: { token: tokenOf(await issue({ email: "header@example.com" })), keep: "header" },
      });
      expect(next.statusCode).toBe(200);
      const stale = await h.api.app.inject({ method: "GET", url: "/api/player", headers: bearer });
      expect(stale.statusCode).toBe(401);
      expect(body<ErrorJson>(stale).error).toBe("sessionExpired");
      // signing out with the header ends the session
      const fresh = {
        authorization: `Bearer ${body<{ data: { session_token: string } }>(next).data.session_token}`,
      };
      const out = await h.api.app.inject({ method: "POST", url: "/api/player/logout", headers: fresh });
      expect(out.statusCode).toBe(200);
      expect((await h.api.app.inject({ method: "GET", url: "/api/player", headers: fresh })).statusCode).toBe(
        401,
      );
      // a malformed header is no session at all, and a bad keep is refused
      const junk = await h.api.app.inject({
        method: "GET",
        url: "/api/player",
        headers: { authorization: "Bearer not a token" },
      });
      expect(body<{ id: number | null }>(junk).id).toBeNull();
      const badKeep = await h.api.app.inject({
        method: "POST",
        url: "/api/player/handover",
        payload: { token: tokenOf(await issue({ email: "header@example.com" })), keep: "localStorage" },
      });
      expect(body<ErrorJson>(badKeep).error).toBe("validationFailed");
    });

    it("sets cookies a host on another site can keep when frame cookies are on", async () => {
      const token = tokenOf(await issue({ email: "framed@example.com" }, KEY, framed));
      const res = await exchange(token, framed);
      const cookies = res.cookies.filter((c) => c.name === "sb_session" || c.name === "sb_csrf");
      expect(cookies).toHaveLength(2);
      for (const c of cookies) expect(c).toMatchObject({ sameSite: "None", secure: true, partitioned: true });
      const first = await registeredPlayer(h, "first-party@example.com");
      expect(first.cookie).toBeTruthy();
      const plain = await h.api.app.inject({
        method: "POST",
        url: "/api/player/sign-in",
        payload: { email: "first-party@example.com", password: "correct horse 42" },
      });
      expect(plain.cookies.find((c) => c.name === "sb_session")).toMatchObject({ sameSite: "Lax" });
      expect(plain.headers["set-cookie"]?.toString()).not.toContain("Partitioned");
    });
  });
}
