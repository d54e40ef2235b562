import { ledgerImbalance, notifications, payments } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOTES_PER_HOUR } from "../src/player/vote-routes.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(
    `settings, favourites, notifications, votes and deposits on ${target.kind}`,
    () => {
      let h: Harness;
      const call = (
        method: "GET" | "POST" | "DELETE",
        p: Player | null,
        url: string,
        payload?: unknown,
        extra: Record<string, string> = {},
      ) =>
        h.api.app.inject({
          method,
          url,
          headers: { ...(p?.headers ?? {}), ...extra },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      beforeAll(async () => {
        h = await startHarness(target, "api_prefs");
      });
      afterAll(async () => h?.close());

      it("gives visitors the system settings and players their own", async () => {
        const visitor = json<{
          data: { auto_accept_odds_change: string; currencies: { code: string }[]; max_selections: number };
        }>(await call("GET", null, "/api/settings"));
        expect(visitor.data).toMatchObject({ auto_accept_odds_change: "none", max_selections: 40 });
        expect(visitor.data.currencies.map((c) => c.code)).toContain("BTC");
        const p = await player(h);
        const saved = await call("POST", p, "/api/settings", {
          stakes: { EUR: [2_00, 20_00] },
          auto_accept_odds_change: "higher",
          odds_type: "american",
        });
        expect(saved.statusCode).toBe(200);
        expect(json(saved)).toMatchObject({
          data: {
            stakes: { EUR: [2_00, 20_00] },
            auto_accept_odds_change: "higher",
            active_odds_type: "american",
            odds_types: { selected: "american" },
          },
        });
        expect(json(await call("GET", p, "/api/settings"))).toMatchObject({
          data: { auto_accept_odds_change: "higher" },
        });
        expect(
          (await call("POST", p, "/api/settings", { one_signal_push_notification_subscription: "sub-1" }))
            .statusCode,
        ).toBe(200);
      });

      it("refuses bad settings with the field named", async () => {
        const p = await player(h);
        for (const payload of [
          {},
          { odds_type: "roman" },
          { auto_accept_odds_change: true },
          { stakes: { EUR: [-1] } },
          { colour: "red" },
        ]) {
          const res = await call("POST", p, "/api/settings", payload);
          expect(res.statusCode, JSON.stringify(payload)).toBe(400);
          expect(json<ErrorJson>(res).code).toBe(1000);
        }
        expect((await call("POST", null, "/api/settings", { odds_type: "decimal" })).statusCode).toBe(401);
      });

      it("adds, lists, filters and removes favourites", async () => {
        const p = await player(h);
        const { live, prematch, finished } = h.fixture.matches;
        for (const id of [live.id, prematch.id, finished.id]) {
          expect((await call("POST", p, `/api/favourites/match/${id}`)).statusCode).toBe(200);
        }
        expect((await call("POST", p, `/api/favourites/match/${live.id}`)).statusCode).toBe(200);
        const ids = async (url: string) =>
          json<{ data: { id: number }[] }>(await call("GET", p, url))
            .data.map((f) => f.id)
            .sort();
        expect(await ids("/api/favourites/match")).toEqual([live.id, prematch.id, finished.id].sort());
        expect(await ids("/api/favourites/match?matchStatus=1")).toEqual([live.id]);
        expect(await ids("/api/favourites/match?isBettable=true")).toEqual([live.id, prematch.id].sort());
        const favMatches = json<{ data: { id: number }[] }>(
          await call("GET", p, "/api/matches?favourite=true&match_status=0"),
        );
        expect(favMatches.data.map((m) => m.id)).toEqual([prematch.id]);
        expect((await call("DELETE", p, `/api/favourites/match/${live.id}`)).statusCode).toBe(200);
        expect(await ids("/api/favourites/match")).toEqual([prematch.id, finished.id].sort());
        expect((await call("POST", p, "/api/favourites/match/987654")).statusCode).toBe(404);
        expect((await call("POST", p, `/api/favourites/planet/${live.id}`)).statusCode).toBe(400);
        expect(
          (await call("POST", p, `/api/favourites/tournament/${h.fixture.tournaments.premier.id}`))
            .statusCode,
        ).toBe(200);
        expect(await ids("/api/favourites/tournament")).toEqual([h.fixture.tournaments.premier.id]);
      });

      it("lists notifications, counts unread ones and marks them read with a realtime counter", async () => {
        const p = await player(h);
        const rows = await h.handle.db
          .insert(notifications)
          .values(
            [1, 2, 3].map((n) => ({
              playerId: p.playerId,
              title: `Hello ${n}`,
              type: "bonus",
              createdAt: new Date(Date.UTC(2026, 5, n)),
            })),
          )
          .returning();
        const list = json<{ data: { title: string; read: boolean }[]; pagination: { total: number } }>(
          await call("GET", p, "/api/notifications?limit=2"),
        );
        expect(list.data.map((n) => n.title)).toEqual(["Hello 3", "Hello 2"]);
        expect(list.pagination.total).toBe(3);
        expect(json(await call("GET", p, "/api/notifications/counters"))).toEqual({ data: { unread: 3 } });
        h.events.length = 0;
        await call("POST", p, "/api/notifications/read", { ids: [rows[0]?.id] });
        expect(json(await call("GET", p, "/api/notifications/counters"))).toEqual({ data: { unread: 2 } });
        expect(h.events).toEqual([
          { channel: `$user:${p.playerId}`, data: { type: "unread_counters_changed", unread: 2 } },
        ]);
        await call("POST", p, "/api/notifications/read-all");
        expect(json(await call("GET", p, "/api/notifications/counters"))).toEqual({ data: { unread: 0 } });
        expect((await call("POST", p, "/api/notifications/read", { ids: ["a"] })).statusCode).toBe(400);
        const other = await player(h);
        expect(json(await call("GET", other, "/api/notifications/counters"))).toEqual({
          data: { unread: 0 },
        });
      });

      it("records one vote per prediction, the latest winning", async () => {
        const p = await player(h);
        await call("POST", p, "/api/vote", { prediction_id: "final-2026", data: { winner: "home" } });
        await call("POST", p, "/api/vote", { prediction_id: "final-2026", data: { winner: "away" } });
        const votes = json<{ data: { prediction_id: string; data: unknown }[] }>(
          await call("GET", p, "/api/vote"),
        );
        expect(votes.data).toEqual([
          { prediction_id: "final-2026", data: { winner: "away" }, created_at: expect.any(String) },
        ]);
        expect((await call("POST", p, "/api/vote", { prediction_id: "", data: {} })).statusCode).toBe(400);
        expect(
          (await call("POST", p, "/api/vote", { prediction_id: "x", data: { nested: { deep: 1 } } }))
            .statusCode,
        ).toBe(400);
      });

      it("votes are bounded: twenty answers a vote, a hundred votes an hour", async () => {
        const p = await player(h);
        const answers = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`q${i}`, i]));
        expect(
          (await call("POST", p, "/api/vote", { prediction_id: "wide", data: answers })).statusCode,
        ).toBe(400);
        for (let i = 0; i < VOTES_PER_HOUR; i++) {
          const res = await call("POST", p, "/api/vote", { prediction_id: `p${i}`, data: { pick: i } });
          expect(res.statusCode).toBe(200);
        }
        const over = await call("POST", p, "/api/vote", { prediction_id: "one-more", data: { pick: 1 } });
        expect(json<{ error: string }>(over).error).toBe("tooManyAttempts");
      });

      it("deposits through the demo provider once per key and publishes the balance", async () => {
        const p = await player(h, { balance: 0 });
        h.events.length = 0;
        const key = { "idempotency-key": "dep-1" };
        const first = await call("POST", p, "/api/player/deposits", { currency: "EUR", amount: 50_00 }, key);
        const again = await call("POST", p, "/api/player/deposits", { currency: "EUR", amount: 50_00 }, key);
        expect(json(first)).toEqual(json(again));
        expect(json(first)).toMatchObject({
          data: { status: "success", balance: { value: 50_00, currency: "EUR", subunits: 2 } },
        });
        expect(
          await h.handle.db.select().from(payments).where(eq(payments.playerId, p.playerId)),
        ).toHaveLength(1);
        expect(h.events).toEqual([
          {
            channel: `$user:${p.playerId}`,
            data: { type: "balance_changed", currency: "EUR", balance: 50_00 },
          },
        ]);
        const btc = json<{ data: { balance: { subunits: number } } }>(
          await call("POST", p, "/api/player/deposits", { currency: "BTC", amount: 1_000 }),
        );
        expect(btc.data.balance.subunits).toBe(8);
        for (const payload of [
          { currency: "EUR", amount: 0 },
          { currency: "EUR", amount: 1.5 },
          { currency: "XXX", amount: 1 },
          { amount: 1 },
        ]) {
          expect(
            (await call("POST", p, "/api/player/deposits", payload)).statusCode,
            JSON.stringify(payload),
          ).toBe(400);
        }
        expect(await ledgerImbalance(h.handle.db)).toBe(0);
      });
    },
  );
}
