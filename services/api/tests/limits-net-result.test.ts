import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, json, player, startHarness } from "./support/harness.js";

interface NetResult {
  data: { net_result: { value: number; currency: string } };
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`the session's net result for the reality check (${target.kind})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(target, "api_net_result");
    });
    afterAll(async () => h?.close());

    it("counts the session's stakes and returns, never its payments", async () => {
      const p = await player(h, { balance: 50_00 });
      const info = async () =>
        json<NetResult>(
          await h.api.app.inject({ method: "GET", url: "/api/player/sessions/info", headers: p.headers }),
        ).data.net_result;
      // the opening balance is a payment, not a result
      expect(await info()).toEqual({ value: 0, currency: "EUR" });
      const m = h.fixture.matches;
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: p.headers,
        payload: {
          meta: { device_id: "d1" },
          bets: [
            {
              type: "single",
              stake: { value: 12_50, currency: "EUR" },
              selections: [
                { match_id: m.prematch.id, market_id: 1, specifier: "", outcome_id: "1", odds: 2100 },
              ],
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await info()).toEqual({ value: -12_50, currency: "EUR" });
    });
  });
}
