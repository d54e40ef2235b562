import { errorResponseSchema, placeBetsResponseSchema, STAFF_BETS_CHANNEL } from "@sportsbook/contracts";
import {
  accounts,
  auditLog,
  betSelections,
  bets,
  currencies,
  idempotencyKeys,
  ledgerEntries,
  ledgerImbalance,
  markets,
  outcomes,
  players,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

type Placed = {
  id: number;
  type: string;
  status: string;
  odds: number;
  stake: { value: number; currency: string; subunits: number };
  potential_win: { value: number };
  to_cashout: { value: number } | null;
  selections: {
    odds: number;
    match: { name: string };
    market: { name: string };
    outcome: { name: string };
  }[];
  system: { id: string } | null;
};

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`bet placement on ${target.kind}`, () => {
    let h: Harness;
    let sel: ReturnType<typeof selections>;
    const selections = () => {
      const m = h.fixture.matches;
      return {
        arsenalWin: { match_id: m.prematch.id, market_id: 1, specifier: "", outcome_id: "1", odds: 2100 },
        over25: {
          match_id: m.prematch.id,
          market_id: 18,
          specifier: "total=2.5",
          outcome_id: "12",
          odds: 1900,
        },
        liverpoolWin: { match_id: m.live.id, market_id: 1, specifier: "", outcome_id: "1", odds: 1500 },
        nadal: { match_id: m.tennisMatch.id, market_id: 186, specifier: "", outcome_id: "4", odds: 1700 },
        barca: { match_id: m.laligaNext.id, market_id: 1, specifier: "", outcome_id: "1", odds: 1900 },
        navi: { match_id: m.esport.id, market_id: 1, specifier: "", outcome_id: "1", odds: 1800 },
        btts: { match_id: m.prematch.id, market_id: 29, specifier: "", outcome_id: "74", odds: 1700 },
        finished: { match_id: m.finished.id, market_id: 1, specifier: "", outcome_id: "1", odds: 1800 },
      };
    };
    /** Places, and checks the answer against its schema: the route does not encode through it. */
    const place = async (p: Player, bets: unknown[], extra: Record<string, string> = {}) => {
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: { ...p.headers, ...extra },
        payload: { meta: { device_id: "d1" }, bets },
      });
      const answer: unknown = json(res);
      const schema = res.statusCode === 200 ? placeBetsResponseSchema : errorResponseSchema;
      expect(schema.parse(answer)).toEqual(answer);
      return res;
    };
    const single = (s: object, value = 10_00) => ({
      type: "single",
      stake: { value, currency: "EUR" },
      selections: [s],
    });
    const balanceOf = async (p: Player) => {
      const [a] = await h.handle.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.playerId, p.playerId), eq(accounts.currency, "EUR")));
      return a?.balance ?? -1;
    };
    const setOdds = async (matchId: number, marketId: number, outcomeId: string, odds: number) => {
      const [market] = await h.handle.db
        .select()
        .from(markets)
        .where(and(eq(markets.matchId, matchId), eq(markets.marketId, marketId), eq(markets.specifier, "")));
      await h.handle.db
        .update(outcomes)
        .set({ odds })
        .where(and(eq(outcomes.marketRowId, market?.id ?? 0), eq(outcomes.outcomeId, outcomeId)));
    };

    beforeAll(async () => {
      h = await startHarness(target, "api_bets");
      sel = selections();
    });
    afterAll(async () => h?.close());

    it("places only for a live session of an active player with the CSRF token, debiting nothing otherwise", async () => {
      const p = await player(h);
      const body = { meta: { device_id: "d1" }, bets: [single(sel.arsenalWin)] };
      const post = (headers: Record<string, string>) =>
        h.api.app.inject({ method: "POST", url: "/api/bets", headers, payload: body });
      const codeOf = async (headers: Record<string, string>) => {
        const res = await post(headers);
        return [res.statusCode, json<ErrorJson>(res).code];
      };
      expect(await codeOf({})).toEqual([401, 1001]);
      expect(await codeOf({ cookie: "sb_session=forged", "x-csrf-token": "x" })).toEqual([401, 1002]);
      expect(await codeOf({ cookie: p.headers.cookie ?? "" })).toEqual([403, 1003]);
      expect(await codeOf({ cookie: p.headers.cookie ?? "", "x-csrf-token": "nope" })).toEqual([403, 1003]);
      h.clock.now = new Date(h.clock.now.getTime() + 31 * 24 * 3600 * 1000);
      try {
        const expired = await post(p.headers);
        expect([expired.statusCode, json<ErrorJson>(expired).code]).toEqual([401, 1002]);
        expect(String(expired.headers["set-cookie"])).toMatch(/sb_session=;/);
      } finally {
        h.clock.now = new Date("2026-06-01T12:00:00Z");
      }
      await h.handle.db.update(players).set({ status: "blocked" }).where(eq(players.id, p.playerId));
      expect(await codeOf(p.headers)).toEqual([403, 1007]);
      await h.handle.db.update(players).set({ status: "active" }).where(eq(players.id, p.playerId));
      expect(
        await h.api.app.inject({ method: "POST", url: "/api/player/logout", headers: p.headers }),
      ).toMatchObject({
        statusCode: 200,
      });
      expect(await codeOf(p.headers)).toEqual([401, 1002]);
      expect(await balanceOf(p)).toBe(100_00);
      expect(await h.handle.db.select().from(bets).where(eq(bets.playerId, p.playerId))).toEqual([]);
    });

    it("decides a repeated bet on what the last placement read only while the database confirms it", async () => {
      const paths = async () =>
        Object.fromEntries(
          (await h.api.ctx.metrics.placementPaths.get()).values.map((v) => [String(v.labels.path), v.value]),
        );
      const since = async (before: Record<string, number>) => {
        const now = await paths();
        return Object.fromEntries(
          Object.entries(now)
            .map(([path, n]) => [path, n - (before[path] ?? 0)])
            .filter(([, n]) => n !== 0),
        );
      };
      const settings = (p: Player, mode: string) =>
        h.api.app.inject({
          method: "POST",
          url: "/api/settings",
          headers: p.headers,
          payload: { auto_accept_odds_change: mode },
        });
      const p = await player(h);
      let before = await paths();
      expect((await place(p, [single(sel.arsenalWin)])).statusCode).toBe(200);
      expect((await place(p, [single(sel.arsenalWin)])).statusCode).toBe(200);
      expect(await since(before)).toEqual({ read: 1, remembered: 1 });
      expect(await balanceOf(p)).toBe(80_00);

      const { prematch } = h.fixture.matches;
      try {
        // Odds moved since: the write refuses the remembered decision and the fresh one answers 101.
        await setOdds(prematch.id, 1, "1", 2300);
        before = await paths();
        const moved = await place(p, [single(sel.arsenalWin)]);
        expect(json<ErrorJson>(moved).data.errors_by_bet?.["0"]).toMatchObject({
          code: 101,
          selections: [{ odds: 2300 }],
        });
        expect(await since(before)).toEqual({ changed: 1, read: 1 });

        // A policy that took any odds, withdrawn since: the remembered one no longer decides.
        expect((await settings(p, "any")).statusCode).toBe(200);
        expect((await place(p, [single({ ...sel.arsenalWin, odds: 2300 })])).statusCode).toBe(200);
        expect((await settings(p, "none")).statusCode).toBe(200);
        before = await paths();
        const withdrawn = await place(p, [single({ ...sel.arsenalWin, odds: 2200 })]);
        expect(json<ErrorJson>(withdrawn).code).toBe(101);
        expect(await since(before)).toEqual({ changed: 1, read: 1 });

        // A market suspended since.
        expect((await place(p, [single({ ...sel.arsenalWin, odds: 2300 })])).statusCode).toBe(200);
        await h.handle.db
          .update(markets)
          .set({ status: -1 })
          .where(and(eq(markets.matchId, prematch.id), eq(markets.marketId, 1)));
        before = await paths();
        const suspended = await place(p, [single({ ...sel.arsenalWin, odds: 2300 })]);
        expect(json<ErrorJson>(suspended).data.errors_by_bet?.["0"]).toMatchObject({
          code: 104,
          reason: "selection_suspended",
        });
        expect(await since(before)).toEqual({ changed: 1, read: 1 });
      } finally {
        await h.handle.db
          .update(markets)
          .set({ status: 1 })
          .where(and(eq(markets.matchId, prematch.id), eq(markets.marketId, 1)));
        await setOdds(prematch.id, 1, "1", 2100);
      }
      const placed = await h.handle.db.select().from(bets).where(eq(bets.playerId, p.playerId));
      expect(placed.map((b) => b.odds)).toEqual([2100, 2100, 2300, 2300]);
      expect(await balanceOf(p)).toBe(60_00);

      // A session signed out, or a player blocked, since the last bet.
      expect((await place(p, [single(sel.arsenalWin)])).statusCode).toBe(200);
      await h.handle.db.update(players).set({ status: "blocked" }).where(eq(players.id, p.playerId));
      expect(json<ErrorJson>(await place(p, [single(sel.arsenalWin)])).code).toBe(1007);
      await h.handle.db.update(players).set({ status: "active" }).where(eq(players.id, p.playerId));
      expect((await place(p, [single(sel.arsenalWin)])).statusCode).toBe(200);
      await h.api.app.inject({ method: "POST", url: "/api/player/logout", headers: p.headers });
      expect(json<ErrorJson>(await place(p, [single(sel.arsenalWin)])).code).toBe(1002);
      expect(await balanceOf(p)).toBe(40_00);
    });

    it("places a single: debits the stake, writes bet, selections, ledger and audit, and publishes", async () => {
      const p = await player(h);
      h.events.length = 0;
      const res = await place(p, [single(sel.arsenalWin)]);
      expect(res.statusCode).toBe(200);
      const bet = json<{ data: Placed[] }>(res).data[0];
      expect(bet).toMatchObject({
        type: "single",
        status: "waiting_results",
        odds: 2100,
        stake: { value: 10_00, currency: "EUR", subunits: 2 },
        potential_win: { value: 21_00 },
      });
      expect(bet?.selections[0]).toMatchObject({
        odds: 2100,
        match: { name: "Arsenal vs Chelsea" },
        market: { name: "1x2" },
      });
      expect(await balanceOf(p)).toBe(90_00);
      const audit = await h.handle.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(bet?.id)));
      expect(audit.map((a) => a.action)).toEqual(["placed"]);
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
      expect(h.events).toEqual([
        {
          channel: `$user:${p.playerId}`,
          data: {
            type: "bet_changed",
            bet_id: bet?.id,
            status: "waiting_results",
            result: "no_results",
            currency: "EUR",
          },
        },
        {
          channel: `$user:${p.playerId}`,
          data: { type: "balance_changed", currency: "EUR", balance: 90_00 },
        },
        {
          channel: STAFF_BETS_CHANNEL,
          data: expect.objectContaining({
            type: "bet_ticker",
            kind: "placed",
            bet_id: bet?.id,
            stake: 10_00,
          }),
        },
      ]);
    });

    it("places a bet while the broker is down, counting and reporting each event it could not send", async () => {
      const p = await player(h);
      const failuresBefore = h.publishFailures.length;
      const counted = async () =>
        (await h.api.ctx.metrics.realtimePublishFailures.get()).values
          .filter((v) => v.labels.event === "bet_changed")
          .reduce((sum, v) => sum + v.value, 0);
      const countedBefore = await counted();
      h.broker.down = true;
      try {
        const res = await place(p, [single(sel.arsenalWin)]);
        expect(res.statusCode).toBe(200);
      } finally {
        h.broker.down = false;
      }
      expect(await balanceOf(p)).toBe(90_00);
      expect(h.publishFailures.slice(failuresBefore).map((f) => [f.channel, f.event])).toEqual([
        [`$user:${p.playerId}`, "bet_changed"],
        [`$user:${p.playerId}`, "balance_changed"],
        [STAFF_BETS_CHANNEL, "bet_ticker"],
      ]);
      expect(await counted()).toBe(countedBefore + 1);
    });

    it("places a combo and a system bet with domain returns", async () => {
      const p = await player(h);
      const combo = await place(p, [
        { type: "combo", stake: { value: 10_00, currency: "EUR" }, selections: [sel.arsenalWin, sel.nadal] },
      ]);
      expect(combo.statusCode).toBe(200);
      expect(json<{ data: Placed[] }>(combo).data[0]).toMatchObject({
        odds: 3570,
        potential_win: { value: 35_70 },
      });
      const system = await place(p, [
        {
          type: "system",
          system_id: "2/3",
          stake: { value: 3_00, currency: "EUR" },
          selections: [sel.arsenalWin, sel.nadal, sel.barca],
        },
      ]);
      expect(system.statusCode).toBe(200);
      // 1 € on each double: 2.1×1.7 + 2.1×1.9 + 1.7×1.9 = 10.79
      expect(json<{ data: Placed[] }>(system).data[0]).toMatchObject({
        system: { id: "2/3" },
        potential_win: { value: 10_79 },
      });
      expect(await balanceOf(p)).toBe(87_00);
    });

    it("§5 refuses a stake below the minimum, and a system line below it, before any money moves", async () => {
      const p = await player(h);
      const cent = await place(p, [single(sel.arsenalWin, 1)]);
      expect(cent.statusCode).toBe(400);
      expect(json<ErrorJson>(cent).data.errors_by_bet?.["0"]).toMatchObject({
        code: 106,
        reason: "below_minimum",
      });
      // 2/3 at €0.20 is under €0.10 a line; €0.30 is not
      const system = (value: number) => ({
        type: "system",
        system_id: "2/3",
        stake: { value, currency: "EUR" },
        selections: [sel.arsenalWin, sel.nadal, sel.barca],
      });
      const thin = await place(p, [system(20)]);
      expect(json<ErrorJson>(thin).data.errors_by_bet?.["0"]).toMatchObject({
        code: 106,
        reason: "line_below_minimum",
      });
      expect(await balanceOf(p)).toBe(100_00);
      expect((await place(p, [system(30)])).statusCode).toBe(200);
      expect((await place(p, [single(sel.arsenalWin, 10)])).statusCode).toBe(200);
    });

    it("places several bets at once, all or none", async () => {
      const p = await player(h);
      const both = await place(p, [single(sel.arsenalWin, 5_00), single(sel.nadal, 5_00)]);
      expect(json<{ data: Placed[] }>(both).data).toHaveLength(2);
      const mixed = await place(p, [single(sel.arsenalWin, 5_00), single(sel.btts, 5_00)]);
      expect(mixed.statusCode).toBe(400);
      const err = json<ErrorJson>(mixed);
      expect(Object.keys(err.data.errors_by_bet ?? {})).toEqual(["1"]);
      expect(err.data.errors_by_bet?.["1"]).toMatchObject({ code: 104, reason: "selection_suspended" });
      expect(await balanceOf(p)).toBe(90_00);
    });

    it("answers 101 with the new odds when odds moved between slip and placement [SPEC §5]", async () => {
      const p = await player(h);
      await setOdds(h.fixture.matches.tennisMatch.id, 186, "4", 1650);
      try {
        const res = await place(p, [single(sel.nadal)], { "accept-language": "de" });
        expect(res.statusCode).toBe(400);
        const err = json<ErrorJson>(res);
        expect(err.code).toBe(101);
        expect(err.data.key).toBe("error.place_bets.invalid_odds");
        expect(err.data.is_wrong_odds).toBe(true);
        expect(err.data.errors_by_bet?.["0"]).toMatchObject({
          code: 101,
          reason: "odds_different_than_bookmaker",
          localized_message: "Die Quoten haben sich geändert.",
          selections: [{ outcome_id: "4", odds: 1650 }],
        });
        expect(await balanceOf(p)).toBe(100_00);
        // The player's policy decides: "higher" takes better odds only, "any" takes any odds.
        await h.api.app.inject({
          method: "POST",
          url: "/api/settings",
          headers: p.headers,
          payload: { auto_accept_odds_change: "higher" },
        });
        expect((await place(p, [single(sel.nadal)])).statusCode).toBe(400);
        expect((await place(p, [single({ ...sel.nadal, odds: 1600 })])).statusCode).toBe(200);
        await h.api.app.inject({
          method: "POST",
          url: "/api/settings",
          headers: p.headers,
          payload: { auto_accept_odds_change: "any" },
        });
        const any = await place(p, [single({ ...sel.nadal, odds: 3000 })]);
        expect(json<{ data: Placed[] }>(any).data[0]?.odds).toBe(1650);
      } finally {
        await setOdds(h.fixture.matches.tennisMatch.id, 186, "4", 1700);
      }
    });

    it("checks live bets again after the live delay", async () => {
      const delayed = await startHarness(target, "api_bets_delay", { liveBetDelayMs: 2000 });
      try {
        const p = await player(delayed);
        const live = {
          match_id: delayed.fixture.matches.live.id,
          market_id: 1,
          specifier: "",
          outcome_id: "1",
          odds: 1500,
        };
        const waited: number[] = [];
        delayed.onSleep.fn = async (ms) => {
          waited.push(ms);
          const [market] = await delayed.handle.db
            .select()
            .from(markets)
            .where(eq(markets.matchId, live.match_id));
          await delayed.handle.db
            .update(outcomes)
            .set({ odds: 1450 })
            .where(and(eq(outcomes.marketRowId, market?.id ?? 0), eq(outcomes.outcomeId, "1")));
        };
        const res = await delayed.api.app.inject({
          method: "POST",
          url: "/api/bets",
          headers: p.headers,
          payload: { bets: [single(live)] },
        });
        expect(waited).toEqual([2000]);
        expect(json<ErrorJson>(res).data.errors_by_bet?.["0"]).toMatchObject({
          code: 101,
          selections: [{ odds: 1450 }],
        });
        // A prematch bet does not wait.
        const prematch = {
          match_id: delayed.fixture.matches.prematch.id,
          market_id: 1,
          specifier: "",
          outcome_id: "1",
          odds: 2100,
        };
        expect(
          (
            await delayed.api.app.inject({
              method: "POST",
              url: "/api/bets",
              headers: p.headers,
              payload: { bets: [single(prematch)] },
            })
          ).statusCode,
        ).toBe(200);
        expect(waited).toEqual([2000]);
      } finally {
        await delayed.close();
      }
    });

    it("refuses suspended, finished, unknown and uncombinable selections with per-bet codes", async () => {
      const p = await player(h);
      const code = async (bet: unknown) =>
        json<ErrorJson>(await place(p, [bet])).data.errors_by_bet?.["0"]?.code;
      expect(await code(single(sel.btts))).toBe(104);
      expect(await code(single(sel.finished))).toBe(103);
      expect(await code(single({ ...sel.arsenalWin, outcome_id: "99" }))).toBe(103);
      expect(await code(single({ ...sel.arsenalWin, match_id: 987654 }))).toBe(103);
      const sameMatch = {
        type: "combo",
        stake: { value: 1_00, currency: "EUR" },
        selections: [sel.arsenalWin, sel.over25],
      };
      expect(await code(sameMatch)).toBe(105);
      const crossProvider = {
        type: "combo",
        stake: { value: 1_00, currency: "EUR" },
        selections: [sel.arsenalWin, sel.navi],
      };
      expect(await code(crossProvider)).toBe(105);
      const badSystem = {
        type: "system",
        system_id: "3/3",
        stake: { value: 1_00, currency: "EUR" },
        selections: [sel.arsenalWin, sel.nadal, sel.barca],
      };
      expect(await code(badSystem)).toBe(109);
      expect(await code({ ...single(sel.arsenalWin), stake: { value: 1_00, currency: "USD" } })).toBe(110);
      expect(await code(single(sel.arsenalWin, 100_000_000_00))).toBe(107);
      expect(await balanceOf(p)).toBe(100_00);
    });

    it("refuses stakes in a currency the operator disabled once the currency table is read again", async () => {
      const p = await player(h);
      const code = async () =>
        json<ErrorJson>(await place(p, [single(sel.arsenalWin)])).data.errors_by_bet?.["0"]?.code;
      expect((await place(p, [single(sel.arsenalWin)])).statusCode).toBe(200);
      await h.handle.db.update(currencies).set({ enabled: false }).where(eq(currencies.code, "EUR"));
      try {
        h.clock.now = new Date(h.clock.now.getTime() + 61_000);
        expect(await code()).toBe(110);
      } finally {
        await h.handle.db.update(currencies).set({ enabled: true }).where(eq(currencies.code, "EUR"));
        h.clock.now = new Date(h.clock.now.getTime() + 61_000);
      }
      expect((await place(p, [single(sel.arsenalWin)])).statusCode).toBe(200);
    });

    it("refuses bad input with the field named, never 5xx", async () => {
      const p = await player(h);
      const cases: [unknown, string][] = [
        [{}, "body.bets"],
        [{ bets: [] }, "body.bets"],
        [
          { bets: [{ ...single(sel.arsenalWin), stake: { value: 0, currency: "EUR" } }] },
          "body.bets.0.stake.value",
        ],
        [
          { bets: [{ ...single(sel.arsenalWin), stake: { value: 1.5, currency: "EUR" } }] },
          "body.bets.0.stake.value",
        ],
        [
          { bets: [{ ...single(sel.arsenalWin), stake: { value: "10", currency: "EUR" } }] },
          "body.bets.0.stake.value",
        ],
        [
          { bets: [{ ...single(sel.arsenalWin), stake: { value: 1e300, currency: "EUR" } }] },
          "body.bets.0.stake.value",
        ],
        [
          { bets: [{ ...single(sel.arsenalWin), stake: { value: 100, currency: "euro" } }] },
          "body.bets.0.stake.currency",
        ],
        [{ bets: [{ ...single(sel.arsenalWin), type: "lucky15" }] }, "body.bets.0.type"],
        [{ bets: [single({ ...sel.arsenalWin, odds: 999 })] }, "body.bets.0.selections.0.odds"],
        [{ bets: [single({ ...sel.arsenalWin, match_id: -1 })] }, "body.bets.0.selections.0.match_id"],
        [{ bets: [single({ ...sel.arsenalWin, outcome_id: "" })] }, "body.bets.0.selections.0.outcome_id"],
        [{ bets: [{ ...single(sel.arsenalWin), system_id: "two" }] }, "body.bets.0.system_id"],
      ];
      for (const [payload, field] of cases) {
        const res = await h.api.app.inject({
          method: "POST",
          url: "/api/bets",
          headers: p.headers,
          payload: payload as object,
        });
        expect(res.statusCode, field).toBe(400);
        expect(
          json<ErrorJson>(res).data.details?.map((d) => d.field),
          JSON.stringify(payload),
        ).toContain(field);
      }
      const garbage = await h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: { ...p.headers, "content-type": "application/json" },
        payload: "{not json",
      });
      expect(garbage.statusCode).toBe(400);
      const tooMany = {
        type: "combo",
        stake: { value: 1_00, currency: "EUR" },
        selections: Array.from({ length: 41 }, (_, i) => ({ ...sel.arsenalWin, outcome_id: String(i) })),
      };
      expect(json<ErrorJson>(await place(p, [tooMany])).data.errors_by_bet?.["0"]?.code).toBe(108);
      expect(
        (
          await h.api.app.inject({
            method: "POST",
            url: "/api/bets",
            payload: { bets: [single(sel.arsenalWin)] },
          })
        ).statusCode,
      ).toBe(401);
    });

    it("charges a retried placement with the same key once and refuses the key with another body", async () => {
      const p = await player(h);
      const key = { "idempotency-key": "slip-1" };
      const first = await place(p, [single(sel.arsenalWin)], key);
      const second = await place(p, [single(sel.arsenalWin)], key);
      expect(second.statusCode).toBe(200);
      expect(json(second)).toEqual(json(first));
      expect(await balanceOf(p)).toBe(90_00);
      const other = await place(p, [single(sel.arsenalWin, 20_00)], key);
      expect(other.statusCode).toBe(400);
      expect(json<ErrorJson>(other).code).toBe(1006);
      // Stamped on the service's clock, which housekeeping's day of retention is measured on.
      const [stored] = await h.handle.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.playerId, p.playerId), eq(idempotencyKeys.key, "slip-1")));
      expect(stored?.createdAt).toEqual(h.clock.now);
      // Concurrent twins: one wins, the other answers the winner's result.
      const twins = await Promise.all(
        [1, 2, 3].map(() => place(p, [single(sel.nadal)], { "idempotency-key": "slip-2" })),
      );
      expect(twins.map((t) => t.statusCode)).toEqual([200, 200, 200]);
      const [winner, ...others] = twins.map((t) => json(t));
      for (const other of others) expect(other).toEqual(winner);
      expect(await balanceOf(p)).toBe(80_00);
    });

    // Without a key a lone bet is one statement; with a key it runs in a transaction with the key.
    it.each([
      ["a lone bet's statement", undefined],
      ["the placement transaction", "doomed"],
    ])("leaves no trace when %s fails", async (_, key) => {
      const headers = key ? { "idempotency-key": key } : undefined;
      const p = await player(h);
      const before = {
        bets: (await h.handle.db.select().from(bets)).length,
        selections: (await h.handle.db.select().from(betSelections)).length,
        audit: (await h.handle.db.select().from(auditLog)).length,
        entries: (await h.handle.db.select().from(ledgerEntries)).length,
      };
      await h.handle.db.execute(
        sql`create function fail_entries() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end; $$`,
      );
      await h.handle.db.execute(
        sql`create trigger fail_entries before insert on ledger_entries for each row execute function fail_entries()`,
      );
      try {
        const res = await place(p, [single(sel.arsenalWin)], headers);
        expect(res.statusCode).toBe(500);
        expect(json<ErrorJson>(res).code).toBe(1099);
      } finally {
        await h.handle.db.execute(sql`drop trigger fail_entries on ledger_entries`);
        await h.handle.db.execute(sql`drop function fail_entries()`);
      }
      expect((await h.handle.db.select().from(bets)).length).toBe(before.bets);
      expect((await h.handle.db.select().from(betSelections)).length).toBe(before.selections);
      expect((await h.handle.db.select().from(auditLog)).length).toBe(before.audit);
      expect((await h.handle.db.select().from(ledgerEntries)).length).toBe(before.entries);
      expect(
        await h.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "doomed")),
      ).toEqual([]);
      expect(await balanceOf(p)).toBe(100_00);
      // The same request works once the fault is gone.
      expect((await place(p, [single(sel.arsenalWin)], headers)).statusCode).toBe(200);
    });

    it("never overdraws under 200 concurrent bets on one account; the ledger sums to zero", async () => {
      const p = await player(h, { balance: 150_00 });
      const results = await Promise.all(
        Array.from({ length: 200 }, () => place(p, [single(sel.arsenalWin, 1_00)])),
      );
      const ok = results.filter((r) => r.statusCode === 200).length;
      const refused = results.filter((r) => r.statusCode === 400);
      expect(ok).toBe(150);
      expect(refused).toHaveLength(50);
      for (const r of refused) expect(json<ErrorJson>(r).code).toBe(102);
      expect(await balanceOf(p)).toBe(0);
      const placed = await h.handle.db.select().from(bets).where(eq(bets.playerId, p.playerId));
      expect(placed).toHaveLength(150);
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    }, 120_000);
  });
}
