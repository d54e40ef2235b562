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

const KEY = "b".repeat(40);
const day = 86_400_000;

interface BonusJson {
  id: number;
  type: string;
  name: string;
  status: string;
  issued: { amount: number | null; currency: string | null; is_active: boolean; seen: boolean } | null;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(
    `bonuses: definitions, issue, states, activation, promo codes (${target.kind})`,
    () => {
      let h: AccountsHarness;
      let seq = 0;
      const define = (key: string, definition: object, operatorKey = KEY) =>
        h.api.app.inject({
          method: "PUT",
          url: `/api/operator/bonuses/${key}`,
          headers: { "x-operator-key": operatorKey },
          payload: definition,
        });
      const get = (url: string, s?: Session, headers: Record<string, string> = {}) =>
        h.api.app.inject({ method: "GET", url: `/api${url}`, headers: { ...s?.headers, ...headers } });
      const post = (url: string, s: Session, payload?: object) =>
        h.api.app.inject({
          method: "POST",
          url: `/api${url}`,
          headers: s.headers,
          ...(payload ? { payload } : {}),
        });
      const list = async (url: string, s?: Session) =>
        body<{ data: BonusJson[]; pagination: { total: number } }>(await get(url, s));
      const named = (items: BonusJson[]) => Object.fromEntries(items.map((b) => [b.name, b]));

      const welcome = {
        kind: "freebet",
        name: { en: "Welcome freebet", de: "Willkommens-Gratiswette" },
        rules: { en: "One use." },
        issued_by: "sign_up",
        uses_count: 1,
        valid_days: 30,
        terms: { amounts: { EUR: 500 }, min_odds: 1500 },
      };
      const boost = {
        kind: "comboboost",
        name: { en: "Acca boost" },
        issued_by: "sign_up",
        terms: { min_odds: 1300, ranges: [{ min_count: 3, max_count: 40, bonus_odds: 1100 }] },
      };
      const promo = {
        kind: "freebet_all_win",
        name: { en: "Promo freebet" },
        issued_by: "promo_code",
        promo_code: "WELCOME10",
        uses_count: 1,
        terms: { amounts: { EUR: 1000 } },
      };

      beforeAll(async () => {
        h = await startAccounts(target, "bonuses", {}, { operatorKey: KEY, sessionTtlSeconds: 90 * 86_400 });
        for (const [key, d] of Object.entries({ welcome, boost, promo }))
          expect((await define(key, d)).statusCode).toBe(200);
        const soon = new Date(h.clock.now.getTime() + 3 * day).toISOString();
        expect(
          (await define("later", { ...boost, name: { en: "Later boost" }, valid_from: soon })).statusCode,
        ).toBe(200);
        expect(
          (await define("off", { ...welcome, name: { en: "Switched off" }, status: "disabled" })).statusCode,
        ).toBe(200);
      });
      afterAll(() => h?.close());

      const player = () => registeredPlayer(h, `bonus${++seq}@example.com`);

      it("refuses definitions that are not whole, and answers 404 without the operator key", async () => {
        expect((await define("x", welcome, "w".repeat(40))).statusCode).toBe(404);
        for (const bad of [
          { ...welcome, name: { de: "Nur Deutsch" } },
          { ...welcome, issued_by: "promo_code" },
          { ...promo, promo_code: undefined },
          { ...welcome, terms: { amounts: {} } },
          { ...welcome, terms: { amounts: { EUR: -1 } } },
          { ...boost, terms: { ranges: [] } },
          { ...welcome, kind: "hunting" },
          { ...welcome, banners: [{ id: "x", desktop: { url: "javascript:alert(1)" } }] },
          { ...welcome, banners: [{ id: "x", desktop: { url: "//evil.example/a.png" } }] },
          { ...welcome, valid_from: "2026-12-01T00:00:00Z", valid_to: "2026-11-01T00:00:00Z" },
        ]) {
          const res = await define("bad", bad);
          expect(res.statusCode, JSON.stringify(bad)).toBe(400);
          expect(body<ErrorJson>(res).error).toBe("validationFailed");
        }
        expect((await define("Bad Key", welcome)).statusCode).toBe(400);
      });

      it("shows a visitor the running promotions, none issued, the switched-off one not at all", async () => {
        const seen = named((await list("/bonuses")).data);
        expect(Object.keys(seen).sort()).toEqual([
          "Acca boost",
          "Later boost",
          "Promo freebet",
          "Welcome freebet",
        ]);
        expect(seen["Welcome freebet"]).toMatchObject({
          status: "not_available",
          issued: null,
          type: "freebet",
        });
        expect(seen["Later boost"]?.status).toBe("upcoming");
        expect((await list("/bonuses?filter=upcoming")).data.map((b) => b.name)).toEqual(["Later boost"]);
        const de = named((await list("/bonuses", undefined)).data);
        expect(de["Welcome freebet"]).toBeDefined();
        const german = body<{ data: BonusJson[] }>(
          await get("/bonuses", undefined, { "accept-language": "de" }),
        );
        expect(german.data.map((b) => b.name)).toContain("Willkommens-Gratiswette");
      });

      it("issues the sign-up bonuses on the player's first look, with the freebet's stake in the player's currency", async () => {
        const s = await player();
        const mine = named((await list("/bonuses?filter=valid", s)).data);
        expect(mine["Welcome freebet"]).toMatchObject({
          status: "available",
          issued: { amount: 500, currency: "EUR", is_active: false, seen: false },
        });
        expect(mine["Acca boost"]?.status).toBe("available");
        expect(mine["Promo freebet"]).toMatchObject({ status: "not_available", issued: null });
        // a second look issues nothing twice
        expect((await list("/bonuses/freebets", s)).data.filter((b) => b.issued)).toHaveLength(1);
        const page = await list("/bonuses/freebets?limit=1&page=2", s);
        expect(page.data).toHaveLength(1);
        expect(page.pagination.total).toBe(2);
        // each issued bonus is a notification of its own, once, with the bonus's name
        const notes = body<{ data: { type: string; object_type: string; params: { name?: string } }[] }>(
          await get("/notifications", s),
        ).data.filter((n) => n.type === "bonus_issued");
        expect(notes.map((n) => n.params.name).sort()).toEqual(
          expect.arrayContaining(["Acca boost", "Welcome freebet"]),
        );
        expect(new Set(notes.map((n) => n.params.name)).size).toBe(notes.length);
        expect(notes.every((n) => n.object_type === "bonus")).toBe(true);
      });

      it("activates an available freebet once, and only one freebet at a time", async () => {
        const s = await player();
        const welcomeId = named((await list("/bonuses", s)).data)["Welcome freebet"]?.id;
        const activated = await post(`/bonuses/${welcomeId}/activate`, s);
        expect(body<{ data: BonusJson }>(activated).data).toMatchObject({
          status: "active",
          issued: { is_active: true },
        });
        expect(body<ErrorJson>(await post(`/bonuses/${welcomeId}/activate`, s)).error).toBe(
          "bonusNotAvailable",
        );

        const promoBonus = body<{ data: BonusJson }>(
          await post("/bonuses/promo-code", s, { code: " welcome10 " }),
        ).data;
        expect(promoBonus).toMatchObject({ status: "available", issued: { amount: 1000 } });
        const second = await post(`/bonuses/${promoBonus.id}/activate`, s);
        expect(second.statusCode).toBe(400);
        expect(body<ErrorJson>(second).error).toBe("freebetAlreadyActive");
        // not issued to this player: nothing to activate
        const later = named((await list("/bonuses", s)).data)["Later boost"]?.id;
        expect(body<ErrorJson>(await post(`/bonuses/${later}/activate`, s)).error).toBe("bonusNotAvailable");
        expect(body<ErrorJson>(await post("/bonuses/999999/activate", s)).error).toBe("bonusNotAvailable");
      });

      it("redeems a promo code once; unknown codes and visitors are refused", async () => {
        const s = await player();
        expect((await post("/bonuses/promo-code", s, { code: "WELCOME10" })).statusCode).toBe(200);
        expect(body<ErrorJson>(await post("/bonuses/promo-code", s, { code: "WELCOME10" })).error).toBe(
          "promoCodeUsed",
        );
        expect(body<ErrorJson>(await post("/bonuses/promo-code", s, { code: "NOPE1234" })).error).toBe(
          "promoCodeInvalid",
        );
        for (const code of ["", "ab", "bad code!", "x".repeat(40)])
          expect((await post("/bonuses/promo-code", s, { code })).statusCode).toBe(400);
        const visitor = await h.api.app.inject({
          method: "POST",
          url: "/api/bonuses/promo-code",
          payload: { code: "WELCOME10" },
        });
        expect(visitor.statusCode).toBe(401);
      });

      it("marks bonuses seen once, reads terms in the asked language, and moves an expired freebet to the past", async () => {
        const s = await player();
        const all = named((await list("/bonuses", s)).data);
        const id = all["Welcome freebet"]?.id ?? 0;
        expect((await list("/bonuses?is_unseen=true", s)).data.map((b) => b.name).sort()).toEqual([
          "Acca boost",
          "Welcome freebet",
        ]);
        expect((await post("/bonuses/mark-as-seen", s, { ids: [id] })).statusCode).toBe(200);
        expect((await list("/bonuses?is_unseen=true", s)).data.map((b) => b.name)).toEqual(["Acca boost"]);
        expect((await post("/bonuses/mark-as-seen", s, { ids: [] })).statusCode).toBe(400);

        const terms = await get(`/bonuses/freebets/${id}/terms`, s, { "accept-language": "de" });
        expect(body<{ data: { rules: string } }>(terms).data.rules).toBe("One use.");
        expect((await get(`/bonuses/comboboosts/${id}`, s)).statusCode).toBe(404);
        expect((await get(`/bonuses/huntings/${id}`, s)).statusCode).toBe(404);
        expect((await get(`/bonuses/lootboxes/${id}`, s)).statusCode).toBe(404);
        expect((await get(`/bonuses/jackpots/${id}`, s)).statusCode).toBe(400);

        h.advance(31 * 86_400);
        const past = named((await list("/bonuses?filter=past", s)).data);
        expect(past["Welcome freebet"]?.status).toBe("expired");
        expect(body<ErrorJson>(await post(`/bonuses/${id}/activate`, s)).error).toBe("bonusNotAvailable");
        const later = named((await list("/bonuses?filter=valid", s)).data);
        expect(later["Later boost"]?.status).toBe("available");
      });
    },
  );
}
