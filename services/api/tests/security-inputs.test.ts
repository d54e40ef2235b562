import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorJson, type Harness, json, player, startHarness } from "./support/harness.js";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`text PostgreSQL cannot store, and oversized keys, on ${target.kind}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(target, "api_security_inputs");
    });
    afterAll(async () => h?.close());

    it("a NUL or an unpaired surrogate is a 400 naming the field, in query, path and body", async () => {
      const search = await h.api.app.inject({ url: "/api/search", query: { q: "ab\u0000cd" } });
      expect(search.statusCode).toBe(400);
      expect(json<ErrorJson>(search).data.details?.[0]?.field).toBe("querystring.q");
      const p = await player(h);
      // A URL cannot carry a lone surrogate (its bytes decode to U+FFFD); JSON can.
      const lone = await h.api.app.inject({
        method: "PUT",
        url: "/api/player/profile",
        headers: { ...p.headers, "content-type": "application/json" },
        payload: '{"nickname":"ab\\ud800cd"}',
      });
      expect(lone.statusCode).toBe(400);
      expect(json<ErrorJson>(lone).data.details?.[0]?.field).toBe("body.nickname");
      const bet = await h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: p.headers,
        payload: {
          bets: [
            {
              type: "single",
              stake: { value: 100, currency: "EUR" },
              selections: [{ match_id: 1, market_id: 1, specifier: "x\u0000", outcome_id: "1", odds: 2000 }],
            },
          ],
        },
      });
      expect(bet.statusCode).toBe(400);
      expect(json<ErrorJson>(bet).data.details?.[0]?.field).toBe("body.bets.0.selections.0.specifier");
    });

    it("sign-up answers the same for a known and a new address whatever the other fields hold", async () => {
      const known = await player(h, { email: "known@example.com" });
      expect(known.playerId).toBeGreaterThan(0);
      const signUp = (email: string, nickname: string) =>
        h.api.app.inject({
          method: "POST",
          url: "/api/player/sign-up",
          payload: {
            email,
            password: "long enough password 1",
            terms_accepted: true,
            date_of_birth: "1990-04-12",
            nickname,
          },
        });
      for (const nickname of ["bad\u0000nick", "bad\udc00nick"]) {
        const a = await signUp("known@example.com", nickname);
        const b = await signUp("new-address@example.com", nickname);
        expect(a.statusCode).toBe(400);
        expect(b.statusCode).toBe(a.statusCode);
        expect(json<ErrorJson>(b).data.details).toEqual(json<ErrorJson>(a).data.details);
      }
    });

    it("an Idempotency-Key over 200 characters is refused on deposits, bets and cashout", async () => {
      const p = await player(h);
      const key = "k".repeat(3_000);
      for (const [url, payload] of [
        ["/api/player/deposits", { currency: "EUR", amount: 100 }],
        [
          "/api/bets",
          {
            bets: [
              {
                type: "single",
                stake: { value: 100, currency: "EUR" },
                selections: [{ match_id: 1, market_id: 1, specifier: "", outcome_id: "1", odds: 2000 }],
              },
            ],
          },
        ],
        ["/api/bets/cashout", { bet_id: 1 }],
      ] as const) {
        const res = await h.api.app.inject({
          method: "POST",
          url,
          headers: { ...p.headers, "idempotency-key": key },
          payload,
        });
        expect(res.statusCode, url).toBe(400);
        expect(
          json<ErrorJson>(res).data.details?.some((d) => d.field === "headers.idempotency-key"),
          url,
        ).toBe(true);
      }
    });
  });
}
