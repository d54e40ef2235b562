import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  body,
  PASSWORD,
  registeredPlayer,
  type Session,
  signIn,
  startAccounts,
} from "./identity-harness.js";
import type { ErrorJson } from "./support/harness.js";

const DAY = 86_400;

interface SessionsInfo {
  started_at: string;
  duration_seconds: number;
  session_limit_seconds: number | null;
  remaining_seconds: number | null;
  reality_check: { interval_seconds: number; next_at: string; is_due: boolean } | null;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`time limits, reality check and exclusions (${target.kind})`, () => {
    let h: AccountsHarness;
    let seq = 0;
    const call = (s: Session, method: "GET" | "POST", url: string, payload?: unknown) =>
      h.api.app.inject({
        method,
        url: `/api${url}`,
        headers: s.headers,
        ...(payload ? { payload: payload as object } : {}),
      });
    const setLimit = async (s: Session, payload: Record<string, unknown>) => {
      const res = await call(s, "POST", "/player/limits", payload);
      if (res.statusCode !== 200) throw new Error(`set limit answered ${res.statusCode}: ${res.body}`);
      return body<{ data: { id: number; status: string } }>(res).data;
    };
    const info = (s: Session) => call(s, "GET", "/player/sessions/info");
    const tick = (s: Session) => call(s, "POST", "/player/activity");
    const accountsStatus = async (s: Session) => (await call(s, "GET", "/player/accounts")).statusCode;
    const player = () => registeredPlayer(h, `time${++seq}@example.com`);
    const signInAgain = () =>
      h.api.app.inject({
        method: "POST",
        url: "/api/player/sign-in",
        payload: { email: `time${seq}@example.com`, password: PASSWORD },
      });

    beforeAll(async () => {
      h = await startAccounts(target, "limits_time");
    });
    afterAll(() => h.close());

    it("[SPEC §8] session limit: sessions info counts down, then answers 'User is out of limit' and signs the session out", async () => {
      const s = await player();
      await setLimit(s, { type: "session", value: 3600 });
      h.advance(3000);
      const res = await info(s);
      expect(res.headers["cache-control"]).toBe("no-store");
      const data = body<{ data: SessionsInfo }>(res).data;
      expect(data).toMatchObject({ session_limit_seconds: 3600, reality_check: null });
      expect(data.duration_seconds).toBeGreaterThanOrEqual(3000);
      expect(data.remaining_seconds).toBeLessThanOrEqual(600);
      h.advance(600);
      const out = await info(s);
      expect(out.statusCode).toBe(401);
      expect(body<ErrorJson>(out)).toMatchObject({
        error: "outOfLimit",
        message: "User is out of limit",
        data: { extra: { type: "session" } },
      });
      expect(await accountsStatus(s)).toBe(401);
      // The limit is per session: a new sign-in starts a new one.
      expect((await signInAgain()).statusCode).toBe(200);
    });

    it("session limit also stops deposits of the session that ran out", async () => {
      const s = await player();
      await setLimit(s, { type: "session", value: 600 });
      h.advance(601);
      const res = await call(s, "POST", "/player/deposits", { currency: "EUR", amount: 1_00 });
      expect(res.statusCode).toBe(401);
      expect(body<ErrorJson>(res).error).toBe("outOfLimit");
    });

    it("[SPEC §5] activity limit: tracking ticks add up, the limit signs out and blocks sign-in for the period", async () => {
      const s = await player();
      await setLimit(s, { type: "activity", value: 180, period: "day" });
      h.advance(60);
      expect(
        body<{ data: { active_seconds: number; remaining_seconds: number } }>(await tick(s)).data,
      ).toEqual({
        active_seconds: 60,
        remaining_seconds: 120,
      });
      h.advance(600); // a hidden page: a long gap counts as one tick at most
      expect(
        body<{ data: { active_seconds: number; remaining_seconds: number } }>(await tick(s)).data,
      ).toEqual({
        active_seconds: 150,
        remaining_seconds: 30,
      });
      h.advance(30);
      const out = await tick(s);
      expect(out.statusCode).toBe(401);
      expect(body<ErrorJson>(out).error).toBe("outOfLimit");
      const refused = await signInAgain();
      expect(body<ErrorJson>(refused)).toMatchObject({
        error: "outOfLimit",
        data: { extra: { type: "activity" } },
      });
      expect(refused.cookies).toEqual([]);
      h.advance(DAY);
      expect((await signInAgain()).statusCode).toBe(200);
    });

    it("sportsbook session limit counts the tracked time of one session only", async () => {
      const s = await player();
      await setLimit(s, { type: "sportsbook_session", value: 120 });
      h.advance(70);
      expect((await tick(s)).statusCode).toBe(200);
      h.advance(70);
      expect((await tick(s)).statusCode).toBe(401);
      const next = await signIn(h, `time${seq}@example.com`);
      h.advance(60);
      expect(body<{ data: { active_seconds: number } }>(await tick(next)).data.active_seconds).toBe(60);
    });

    it("time limit counts signed-in time of the period across sessions", async () => {
      const s = await player();
      await setLimit(s, { type: "time", value: 3600, period: "day" });
      h.advance(1800);
      expect((await info(s)).statusCode).toBe(200);
      await call(s, "POST", "/player/logout");
      const second = await signIn(h, `time${seq}@example.com`);
      h.advance(1700);
      const near = body<{ data: SessionsInfo }>(await info(second)).data;
      expect(near.remaining_seconds).toBeLessThanOrEqual(100);
      h.advance(200);
      expect(body<ErrorJson>(await info(second)).error).toBe("outOfLimit");
      expect(body<ErrorJson>(await signInAgain()).error).toBe("outOfLimit");
      h.advance(DAY);
      expect((await signInAgain()).statusCode).toBe(200);
    });

    it("[SPEC §7] reality check: due after its interval, continue-session starts the next interval", async () => {
      const s = await player();
      const noCheck = await call(s, "POST", "/player/sessions/continue");
      expect(noCheck.statusCode).toBe(400);
      expect(body<ErrorJson>(noCheck).error).toBe("realityCheckNotSet");
      await setLimit(s, { type: "reality_check", value: 1800 });
      h.advance(1799);
      expect(body<{ data: SessionsInfo }>(await info(s)).data.reality_check?.is_due).toBe(false);
      h.advance(2);
      const due = body<{ data: SessionsInfo }>(await info(s)).data.reality_check;
      expect(due).toMatchObject({ interval_seconds: 1800, is_due: true });
      expect((await call(s, "POST", "/player/sessions/continue")).statusCode).toBe(200);
      const next = body<{ data: SessionsInfo }>(await info(s)).data.reality_check;
      expect(next?.is_due).toBe(false);
      expect(Date.parse(next?.next_at ?? "")).toBe(h.clock.now.getTime() + 1800 * 1000);
    });

    it("[SPEC §4] self-exclusion signs every session out and blocks sign-in until it ends", async () => {
      const s = await player();
      const other = await signIn(h, `time${seq}@example.com`);
      const excluded = await call(s, "POST", "/player/limits", { type: "selfexclusion", period: "week" });
      expect(excluded.statusCode).toBe(200);
      expect(excluded.cookies.find((c) => c.name === "sb_session")?.value).toBe("");
      expect(await accountsStatus(s)).toBe(401);
      expect(await accountsStatus(other)).toBe(401);
      const refused = await signInAgain();
      expect(refused.statusCode).toBe(403);
      expect(body<ErrorJson>(refused)).toMatchObject({
        error: "selfExcluded",
        data: { extra: { type: "selfexclusion" } },
      });
      expect(Date.parse(String(body<ErrorJson>(refused).data.extra?.until))).toBe(
        h.clock.now.getTime() + 7 * DAY * 1000,
      );
      h.advance(7 * DAY - 1);
      expect((await signInAgain()).statusCode).toBe(403);
      h.advance(1);
      expect((await signInAgain()).statusCode).toBe(200);
    });

    it("[SPEC §4] cooling-off blocks sign-in for its period; a wrong password still gets the usual answer", async () => {
      const s = await player();
      await setLimit(s, { type: "coolingoff", period: "day" });
      const wrong = await h.api.app.inject({
        method: "POST",
        url: "/api/player/sign-in",
        payload: { email: `time${seq}@example.com`, password: "not the one 1" },
      });
      expect(body<ErrorJson>(wrong).error).toBe("invalidCredentials");
      expect(body<ErrorJson>(await signInAgain()).data.extra).toMatchObject({ type: "coolingoff" });
      h.advance(DAY);
      expect((await signInAgain()).statusCode).toBe(200);
    });

    it("answers 401 to sessions info and activity tracking without a session", async () => {
      for (const url of ["/api/player/sessions/info", "/api/player/limits"]) {
        expect((await h.api.app.inject({ method: "GET", url })).statusCode).toBe(401);
      }
      expect((await h.api.app.inject({ method: "POST", url: "/api/player/activity" })).statusCode).toBe(401);
    });
  });
}
