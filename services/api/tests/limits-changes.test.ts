import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  body,
  registeredPlayer,
  type Session,
  startAccounts,
} from "./identity-harness.js";
import type { ErrorJson } from "./support/harness.js";

const DELAY = 3600;

interface LimitJson {
  id: number;
  type: string;
  status: string;
  value: number | null;
  period: string | null;
}

/** For each limit type with a value: a starting limit, a stricter one and a looser one. */
const CASES: {
  type: string;
  start: Record<string, unknown>;
  stricter: Record<string, unknown>;
  looser: Record<string, unknown>;
}[] = [
  {
    type: "deposit",
    start: { value: 100_00, period: "week" },
    stricter: { value: 50_00, period: "week" },
    looser: { value: 500_00, period: "week" },
  },
  {
    type: "wager",
    start: { value: 100_00, period: "day" },
    stricter: { value: 100_00, period: "month" },
    looser: { value: 100_00, period: "day" },
  },
  {
    type: "loss",
    start: { value: 100_00, period: "month" },
    stricter: { value: 10_00, period: "month" },
    looser: { value: 10_00, period: "week" },
  },
  { type: "bet", start: { value: 20_00 }, stricter: { value: 5_00 }, looser: { value: 50_00 } },
  { type: "session", start: { value: 7200 }, stricter: { value: 3600 }, looser: { value: 14_400 } },
  { type: "sportsbook_session", start: { value: 7200 }, stricter: { value: 3600 }, looser: { value: 7260 } },
  { type: "reality_check", start: { value: 3600 }, stricter: { value: 1800 }, looser: { value: 5400 } },
  {
    type: "time",
    start: { value: 7200, period: "day" },
    stricter: { value: 3600, period: "day" },
    looser: { value: 7200, period: "day" },
  },
  {
    type: "activity",
    start: { value: 7200, period: "week" },
    stricter: { value: 7200, period: "month" },
    looser: { value: 9000, period: "month" },
  },
];

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`limit changes of every type (${target.kind})`, () => {
    let h: AccountsHarness;
    let s: Session;
    const call = (method: "GET" | "POST", url: string, payload?: unknown) =>
      h.api.app.inject({
        method,
        url: `/api${url}`,
        headers: s.headers,
        ...(payload ? { payload: payload as object } : {}),
      });
    const set = async (type: string, terms: Record<string, unknown>) => {
      const res = await call("POST", "/player/limits", { type, ...terms });
      if (res.statusCode !== 200) throw new Error(`${type}: ${res.statusCode} ${res.body}`);
      return body<{ data: LimitJson }>(res).data;
    };
    const inForce = async (type: string) =>
      body<{ data: LimitJson[] }>(await call("GET", "/player/limits")).data.find(
        (l) => l.type === type && l.status === "active",
      );

    const limitNotices = async (limitId: number) =>
      body<{ data: { type: string; object_id: string | null; params: unknown }[] }>(
        await call("GET", "/notifications"),
      ).data.filter((n) => n.type === "limit_changed" && n.object_id === String(limitId));

    beforeAll(async () => {
      h = await startAccounts(target, "limits_changes", { limitIncreaseDelaySeconds: DELAY });
      s = await registeredPlayer(h, "changes@example.com");
    });
    afterAll(() => h.close());

    for (const c of CASES) {
      it(`[SPEC §4] ${c.type}: a stricter limit applies at once, a looser one after the cooling-off period and a confirmation`, async () => {
        expect((await set(c.type, c.start)).status).toBe("active");
        const stricter = await set(c.type, c.stricter);
        expect(stricter.status).toBe("active");
        expect(await inForce(c.type)).toMatchObject({ id: stricter.id });

        const looser = await set(c.type, c.looser);
        expect(looser.status).toBe("unconfirmed");
        expect((await call("POST", `/player/limits/${looser.id}/confirm`)).statusCode).toBe(200);
        h.advance(DELAY - 1);
        expect(await inForce(c.type)).toMatchObject({ id: stricter.id });
        expect(await limitNotices(looser.id)).toEqual([]);
        h.advance(1);
        expect(await inForce(c.type)).toMatchObject({ id: looser.id, value: c.looser.value });
        // The player is told once that the change took effect, not on every later read.
        await inForce(c.type);
        expect(await limitNotices(looser.id)).toEqual([
          expect.objectContaining({
            type: "limit_changed",
            params: { limit_type: c.type, change: "applied" },
          }),
        ]);
      });
    }

    it("[SPEC §4] an exclusion cannot be removed by the player", async () => {
      const other = await registeredPlayer(h, "exclusion-rules@example.com");
      // While signed in (before any exclusion) removal of a missing one is a 404, a bad type a 400.
      const missing = await h.api.app.inject({
        method: "DELETE",
        url: "/api/player/limits/coolingoff",
        headers: other.headers,
      });
      expect(missing.statusCode).toBe(404);
      await h.api.app.inject({
        method: "POST",
        url: "/api/player/limits",
        payload: { type: "coolingoff", period: "day" },
        headers: other.headers,
      });
      // The exclusion signed the player out: nothing can be changed until it ends.
      const after = await h.api.app.inject({
        method: "DELETE",
        url: "/api/player/limits/coolingoff",
        headers: other.headers,
      });
      expect(after.statusCode).toBe(401);
      expect(body<ErrorJson>(after).error).toBe("sessionExpired");
    });
  });
}
