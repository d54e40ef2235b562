import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  body,
  linkToken,
  mailbox,
  PASSWORD,
  registeredPlayer,
  signIn,
  startAccounts,
} from "./identity-harness.js";
import type { ErrorJson } from "./support/harness.js";

let ipSeq = 0;
/** A fresh client address per scenario, so per-IP budgets of one scenario do not leak into another. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`account security (${target.kind})`, () => {
    let h: AccountsHarness;
    const post = (
      url: string,
      payload: unknown,
      options: { headers?: Record<string, string>; ip?: string } = {},
    ) =>
      h.api.app.inject({
        method: "POST",
        url: `/api${url}`,
        payload: payload as object,
        headers: options.headers ?? {},
        remoteAddress: options.ip ?? "127.0.0.1",
      });
    const accountsStatus = async (cookie: string) =>
      (await h.api.app.inject({ method: "GET", url: "/api/player/accounts", headers: { cookie } }))
        .statusCode;

    beforeAll(async () => {
      h = await startAccounts(target, "identity_security", {
        lockoutThreshold: 3,
        signInFailuresPerAccount: 6,
        signInFailuresPerIp: 10,
        mailRequestsPerAddress: 3,
        answerFloorMs: 150,
      });
    });
    afterAll(() => h.close());

    it("locks an account after consecutive failures, e-mails unlock instructions and unlocks by token once", async () => {
      await registeredPlayer(h, "lock@example.com");
      await post("/player/logout", {});
      const ip = freshIp();
      for (let i = 0; i < 3; i += 1) {
        const res = await post(
          "/player/sign-in",
          { email: "lock@example.com", password: "wrong password 1" },
          { ip },
        );
        expect(body<ErrorJson>(res).error).toBe("invalidCredentials");
      }
      const [mail] = await mailbox(h, "lock@example.com");
      expect(mail?.template).toBe("unlock");
      // While locked even the right password gets the wrong-password answer: nothing to learn by guessing on.
      const locked = await post("/player/sign-in", { email: "lock@example.com", password: PASSWORD }, { ip });
      expect(locked.statusCode).toBe(400);
      expect(body<ErrorJson>(locked).error).toBe("invalidCredentials");

      expect((await post("/player/unlock/resend", { email: "lock@example.com" })).statusCode).toBe(200);
      const token = await linkToken(h, "lock@example.com", "unlock", "unlock_token");
      expect((await post("/player/unlock", { token })).statusCode).toBe(200);
      const reuse = await post("/player/unlock", { token });
      expect(reuse.statusCode).toBe(400);
      expect(body<ErrorJson>(reuse)).toMatchObject({
        error: "tokenInvalid",
        data: { details: [{ field: "body.token" }] },
      });
      const ok = await post(
        "/player/sign-in",
        { email: "lock@example.com", password: PASSWORD },
        { ip: freshIp() },
      );
      expect(ok.statusCode).toBe(200);
    });

    it("a success resets the failure count, so only consecutive failures lock", async () => {
      await registeredPlayer(h, "streak@example.com");
      const ip = freshIp();
      for (const _ of [1, 2])
        await post("/player/sign-in", { email: "streak@example.com", password: "nope nope 1" }, { ip });
      const s = await signIn(h, "streak@example.com");
      await post("/player/logout", {}, { headers: s.headers });
      for (const _ of [1, 2])
        await post("/player/sign-in", { email: "streak@example.com", password: "nope nope 1" }, { ip });
      expect(
        (await post("/player/sign-in", { email: "streak@example.com", password: PASSWORD }, { ip }))
          .statusCode,
      ).toBe(200);
    });

    it("resets the password by reset_password_token: old password refused, token single use, every session revoked", async () => {
      const first = await registeredPlayer(h, "reset@example.com");
      const forgot = await post("/player/password/forgot", { email: "reset@example.com" });
      const unknown = await post("/player/password/forgot", { email: "ghost@example.com" });
      expect(forgot.statusCode).toBe(200);
      expect(unknown.body).toBe(forgot.body);
      expect(await mailbox(h, "ghost@example.com")).toEqual([]);
      const token = await linkToken(h, "reset@example.com", "reset_password", "reset_password_token");

      const weak = await post("/player/password/reset", { reset_password_token: token, password: "short" });
      expect(weak.statusCode).toBe(400);
      expect(body<ErrorJson>(weak).data.details?.[0]?.field).toBe("body.password");

      const reset = await post("/player/password/reset", {
        reset_password_token: token,
        password: "brand new pass 7",
      });
      expect(reset.statusCode).toBe(200);
      expect(await accountsStatus(first.cookie)).toBe(401);
      const old = await post(
        "/player/sign-in",
        { email: "reset@example.com", password: PASSWORD },
        { ip: freshIp() },
      );
      expect(body<ErrorJson>(old).error).toBe("invalidCredentials");
      const again = await post("/player/password/reset", {
        reset_password_token: token,
        password: "third pass 77",
      });
      expect(again.statusCode).toBe(400);
      expect(body<ErrorJson>(again).data.details?.[0]?.field).toBe("body.reset_password_token");
      await signIn(h, "reset@example.com", "brand new pass 7");
      expect((await mailbox(h, "reset@example.com"))[0]?.template).toBe("password_changed");
    });

    it("accepts a token only for its own purpose", async () => {
      await h.api.app.inject({
        method: "POST",
        url: "/api/player/sign-up",
        payload: {
          email: "purpose@example.com",
          password: PASSWORD,
          terms_accepted: true,
          date_of_birth: "1990-04-12",
        },
      });
      const confirmation = await linkToken(h, "purpose@example.com", "confirm_email", "confirmation_token");
      const asReset = await post("/player/password/reset", {
        reset_password_token: confirmation,
        password: "taken over 1",
      });
      expect(body<ErrorJson>(asReset).error).toBe("tokenInvalid");
      expect(body<ErrorJson>(await post("/player/unlock", { token: confirmation })).error).toBe(
        "tokenInvalid",
      );
      // Still unused for its own purpose.
      expect((await post("/player/confirmation", { token: confirmation })).statusCode).toBe(200);
    });

    it("refuses an expired reset link and kills older links when a new one is sent", async () => {
      await registeredPlayer(h, "expire@example.com");
      await post("/player/password/forgot", { email: "expire@example.com" });
      const older = await linkToken(h, "expire@example.com", "reset_password", "reset_password_token");
      await post("/player/password/forgot", { email: "expire@example.com" });
      const newer = await linkToken(h, "expire@example.com", "reset_password", "reset_password_token");
      expect(
        (await post("/player/password/reset", { reset_password_token: older, password: "fresh pass 12" }))
          .statusCode,
      ).toBe(400);
      h.advance(2 * 3600 + 1);
      expect(
        (await post("/player/password/reset", { reset_password_token: newer, password: "fresh pass 12" }))
          .statusCode,
      ).toBe(400);
      await signIn(h, "expire@example.com");
    });

    it("gives an unknown address and a wrong password the same answer after the same work (no enumeration)", async () => {
      await registeredPlayer(h, "known@example.com");
      const ip = freshIp();
      const wrong = await post(
        "/player/sign-in",
        { email: "known@example.com", password: "bad guess 1" },
        { ip },
      );
      await signIn(h, "known@example.com").then((s) => post("/player/logout", {}, { headers: s.headers }));
      const unknown = await post(
        "/player/sign-in",
        { email: "unknown@example.com", password: "bad guess 1" },
        { ip },
      );
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.body).toBe(wrong.body);

      // The same work: one Argon2 verification each, against the stored hash or the decoy.
      const verifications = async () => {
        const metric = await h.api.ctx.metrics.passwordVerifications.get();
        const of = (against: string) => metric.values.find((v) => v.labels.against === against)?.value ?? 0;
        return { stored: of("stored"), decoy: of("decoy") };
      };
      const before = await verifications();
      await post(
        "/player/sign-in",
        { email: "known@example.com", password: "bad guess 2" },
        { ip: freshIp() },
      );
      expect(await verifications()).toEqual({ stored: before.stored + 1, decoy: before.decoy });
      await post(
        "/player/sign-in",
        { email: "ghost@example.com", password: "bad guess 2" },
        { ip: freshIp() },
      );
      expect(await verifications()).toEqual({ stored: before.stored + 1, decoy: before.decoy + 1 });
    });

    it("answers password-reset requests for known and unknown addresses after the same time", async () => {
      await registeredPlayer(h, "timing@example.com");
      const time = async (email: string) => {
        const started = performance.now();
        const res = await post("/player/password/forgot", { email }, { ip: freshIp() });
        expect(res.statusCode).toBe(200);
        return performance.now() - started;
      };
      const known = [await time("timing@example.com"), await time("timing@example.com")];
      const unknown = [await time("nobody1@example.com"), await time("nobody2@example.com")];
      // Every answer waits out the floor, so the fast path (no such address) is not faster. How much
      // slower the known path may run is the machine's business: the floor is set above its work.
      for (const t of [...known, ...unknown]) expect(t).toBeGreaterThanOrEqual(145);
    });

    it("limits failed sign-ins per address (known or not) and per IP", async () => {
      for (let i = 0; i < 6; i += 1) {
        const res = await post(
          "/player/sign-in",
          { email: "target@example.com", password: `guess ${i}` },
          { ip: freshIp() },
        );
        expect(body<ErrorJson>(res).error).toBe("invalidCredentials");
      }
      const throttled = await post(
        "/player/sign-in",
        { email: "target@example.com", password: "guess 7" },
        { ip: freshIp() },
      );
      expect(throttled.statusCode).toBe(403);
      expect(body<ErrorJson>(throttled).error).toBe("tooManyAttempts");

      await registeredPlayer(h, "innocent@example.com");
      const ip = freshIp();
      for (let i = 0; i < 10; i += 1)
        await post("/player/sign-in", { email: `spray${i}@example.com`, password: "x" }, { ip });
      const blocked = await post(
        "/player/sign-in",
        { email: "innocent@example.com", password: PASSWORD },
        { ip },
      );
      expect(body<ErrorJson>(blocked).error).toBe("tooManyAttempts");
      expect(blocked.cookies).toEqual([]);
      h.advance(15 * 60 + 1);
      expect(
        (await post("/player/sign-in", { email: "innocent@example.com", password: PASSWORD }, { ip }))
          .statusCode,
      ).toBe(200);
    });

    it("limits mail requests per address so an inbox cannot be flooded", async () => {
      await registeredPlayer(h, "flood@example.com");
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await post("/player/password/forgot", { email: "flood@example.com" }, { ip: freshIp() }))
            .statusCode,
        ).toBe(200);
      }
      const fourth = await post("/player/password/forgot", { email: "flood@example.com" }, { ip: freshIp() });
      expect(body<ErrorJson>(fourth).error).toBe("tooManyAttempts");
      expect(
        (await mailbox(h, "flood@example.com")).filter((m) => m.template === "reset_password"),
      ).toHaveLength(3);
    });

    it("never adopts a session id the browser brought (session fixation)", async () => {
      await registeredPlayer(h, "fixate@example.com").then((s) =>
        post("/player/logout", {}, { headers: s.headers }),
      );
      const planted = "attacker-chosen-session-id-0123456789abcdef";
      const res = await post(
        "/player/sign-in",
        { email: "fixate@example.com", password: PASSWORD },
        { headers: { cookie: `sb_session=${planted}` }, ip: freshIp() },
      );
      expect(res.statusCode).toBe(200);
      const issued = res.cookies.find((c) => c.name === "sb_session");
      expect(issued?.value).not.toBe(planted);
      expect(issued).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
      expect(await accountsStatus(`sb_session=${planted}`)).toBe(401);
      expect(await accountsStatus(`sb_session=${issued?.value}`)).toBe(200);

      // A stale session cookie of an earlier sign-in is revoked and replaced, never revived.
      const stale = issued?.value ?? "";
      await post(
        "/player/logout",
        {},
        {
          headers: {
            cookie: `sb_session=${stale}`,
            "x-csrf-token": body<{ data: { csrf_token: string } }>(res).data.csrf_token,
          },
        },
      );
      const next = await post(
        "/player/sign-in",
        { email: "fixate@example.com", password: PASSWORD },
        { headers: { cookie: `sb_session=${stale}` }, ip: freshIp() },
      );
      expect(next.cookies.find((c) => c.name === "sb_session")?.value).not.toBe(stale);
      expect(await accountsStatus(`sb_session=${stale}`)).toBe(401);
    });

    it("refuses state changes without the CSRF token and cross-site form posts of credentials", async () => {
      const s = await registeredPlayer(h, "csrf@example.com");
      const noToken = await h.api.app.inject({
        method: "PUT",
        url: "/api/player/password",
        payload: { current_password: PASSWORD, password: "hijacked pass 1" },
        headers: { cookie: s.cookie },
      });
      expect(noToken.statusCode).toBe(403);
      expect(body<ErrorJson>(noToken).error).toBe("csrfRejected");
      const wrongToken = await post(
        "/player/limits",
        { type: "deposit", value: 1, period: "day" },
        { headers: { cookie: s.cookie, "x-csrf-token": "forged" } },
      );
      expect(body<ErrorJson>(wrongToken).error).toBe("csrfRejected");
      const limits = await h.api.app.inject({
        method: "GET",
        url: "/api/player/limits",
        headers: { cookie: s.cookie },
      });
      expect(body<{ data: unknown[] }>(limits).data).toEqual([]);

      // A cross-site HTML form can only send form or text/plain bodies: neither signs anyone in.
      for (const contentType of [
        "application/x-www-form-urlencoded",
        "text/plain",
        "multipart/form-data; boundary=x",
      ]) {
        const res = await h.api.app.inject({
          method: "POST",
          url: "/api/player/sign-in",
          payload: contentType.startsWith("text/plain")
            ? JSON.stringify({ email: "csrf@example.com", password: PASSWORD })
            : `email=csrf%40example.com&password=${encodeURIComponent(PASSWORD)}`,
          headers: { "content-type": contentType },
          remoteAddress: freshIp(),
        });
        expect(res.statusCode, contentType).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, contentType).toBeLessThan(500);
        expect(res.cookies).toEqual([]);
      }
    });

    it("changes the password of a signed-in player, keeping this session and revoking the others", async () => {
      const here = await registeredPlayer(h, "change@example.com");
      const elsewhere = await h.api.app
        .inject({
          method: "POST",
          url: "/api/player/sign-in",
          payload: { email: "change@example.com", password: PASSWORD },
          remoteAddress: freshIp(),
        })
        .then((r) => r.cookies.find((c) => c.name === "sb_session")?.value ?? "");
      const wrong = await h.api.app.inject({
        method: "PUT",
        url: "/api/player/password",
        payload: { current_password: "not it 123", password: "changed pass 9" },
        headers: here.headers,
      });
      expect(body<ErrorJson>(wrong).data.details?.[0]?.field).toBe("body.current_password");
      const ok = await h.api.app.inject({
        method: "PUT",
        url: "/api/player/password",
        payload: { current_password: PASSWORD, password: "changed pass 9" },
        headers: here.headers,
      });
      expect(ok.statusCode).toBe(200);
      expect(await accountsStatus(here.cookie)).toBe(200);
      expect(await accountsStatus(`sb_session=${elsewhere}`)).toBe(401);
    });

    it("answers overlong credentials with a 400 before any hashing, and an oversized body with a 400", async () => {
      const started = performance.now();
      const long = await post(
        "/player/sign-in",
        { email: "x@example.com", password: "p".repeat(10_000) },
        { ip: freshIp() },
      );
      expect(long.statusCode).toBe(400);
      expect(body<ErrorJson>(long).data.details?.[0]?.field).toBe("body.password");
      expect(performance.now() - started).toBeLessThan(1000);
      const huge = await post("/player/sign-up", {
        email: "x@example.com",
        password: PASSWORD,
        terms_accepted: true,
        date_of_birth: "1990-04-12",
        pad: "x".repeat(300_000),
      });
      expect(huge.statusCode).toBe(400);
      expect(body<ErrorJson>(huge).error).toBe("payloadTooLarge");
    });
  });
}
