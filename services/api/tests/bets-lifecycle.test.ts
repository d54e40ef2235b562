import { accounts, auditLog, ledgerImbalance, markets, outcomes, settings, shareCodes } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import {
  fairProbabilities,
  fitScoreState,
  jointProbability,
  oddsForProbability,
  scoreDistribution,
  scoreLeg,
} from "@sportsbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARE_CODE_TTL_SECONDS, SHARE_CODES_PER_HOUR } from "../src/bets/share.js";
import { pruneHousekeeping } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

type Placed = {
  id: number;
  type: string;
  status: string;
  result: string;
  stake: { value: number };
  to_cashout: { value: number } | null;
  cashed_out: { value: number };
  win_amount: { value: number } | null;
};

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(
    `bets list, cashout, max stake, bet builder and share codes on ${target.kind}`,
    () => {
      let h: Harness;
      const m = () => h.fixture.matches;
      const arsenalWin = () => ({
        match_id: m().prematch.id,
        market_id: 1,
        specifier: "",
        outcome_id: "1",
        odds: 2100,
      });
      const nadal = () => ({
        match_id: m().tennisMatch.id,
        market_id: 186,
        specifier: "",
        outcome_id: "4",
        odds: 1700,
      });
      const post = (p: Player | null, url: string, payload: unknown, extra: Record<string, string> = {}) =>
        h.api.app.inject({
          method: "POST",
          url,
          headers: { ...(p?.headers ?? {}), ...extra },
          payload: payload as object,
        });
      const get = (p: Player | null, url: string) =>
        h.api.app.inject({ method: "GET", url, headers: p?.headers ?? {} });
      const placeSingle = async (p: Player, sel: object, value = 10_00) => {
        const res = await post(p, "/api/bets", {
          bets: [{ type: "single", stake: { value, currency: "EUR" }, selections: [sel] }],
        });
        expect(res.statusCode).toBe(200);
        return json<{ data: Placed[] }>(res).data[0] as Placed;
      };
      const balance = async (p: Player) =>
        (await h.handle.db.select().from(accounts).where(eq(accounts.playerId, p.playerId)))[0]?.balance;
      const setOdds = async (matchId: number, marketId: number, outcomeId: string, odds: number) => {
        const [market] = await h.handle.db
          .select()
          .from(markets)
          .where(and(eq(markets.matchId, matchId), eq(markets.marketId, marketId)));
        await h.handle.db
          .update(outcomes)
          .set({ odds })
          .where(and(eq(outcomes.marketRowId, market?.id ?? 0), eq(outcomes.outcomeId, outcomeId)));
      };

      beforeAll(async () => {
        h = await startHarness(target, "api_lifecycle");
      });
      afterAll(async () => h?.close());

      it("lists the player's bets newest first with status filters and pagination", async () => {
        const p = await player(h);
        const first = await placeSingle(p, arsenalWin(), 1_00);
        const second = await placeSingle(p, nadal(), 2_00);
        const all = json<{ data: Placed[]; pagination: { total: number; last_page: number } }>(
          await get(p, "/api/bets"),
        );
        expect(all.data.map((b) => b.id)).toEqual([second.id, first.id]);
        expect(all.data[0]?.to_cashout?.value).toBe(1_90);
        expect(all.pagination).toMatchObject({ total: 2, last_page: 1 });
        const paged = json<{ data: Placed[]; pagination: { last_page: number } }>(
          await get(p, "/api/bets?limit=1&page=2"),
        );
        expect(paged.data.map((b) => b.id)).toEqual([first.id]);
        expect(paged.pagination.last_page).toBe(2);
        expect(json<{ data: Placed[] }>(await get(p, "/api/bets?status=settled")).data).toEqual([]);
        expect(json<{ data: Placed[] }>(await get(p, "/api/bets?status=open,done")).data).toHaveLength(2);
        expect((await get(p, "/api/bets?status=lost")).statusCode).toBe(400);
        expect((await get(p, "/api/bets?limit=501")).statusCode).toBe(400);
        expect((await get(null, "/api/bets")).statusCode).toBe(401);
        const other = await player(h);
        expect(json<{ data: Placed[] }>(await get(other, "/api/bets")).data).toEqual([]);
      });

      it("cashes out in part and then in full at the value of the current odds, through the ledger", async () => {
        const p = await player(h);
        const bet = await placeSingle(p, arsenalWin());
        expect(bet.to_cashout?.value).toBe(9_50);
        h.events.length = 0;
        const part = await post(p, "/api/bets/cashout", { bet_id: bet.id, to_cashout: 4_75 });
        expect(part.statusCode).toBe(200);
        const partBody = json<{ data: Placed; paid: { value: number } }>(part);
        expect(partBody.paid.value).toBe(4_75);
        expect(partBody.data).toMatchObject({
          status: "waiting_results",
          cashed_out: { value: 4_75 },
          to_cashout: { value: 4_75 },
          potential_win: { value: 10_50 },
        });
        expect(await balance(p)).toBe(94_75);
        await setOdds(m().prematch.id, 1, "1", 1500);
        try {
          // Odds fell: the remaining 5 € at 2.10 are now worth 5 × 2.1 / 1.5 × 0.95 = 6.65 €.
          const rest = json<{ data: Placed; paid: { value: number } }>(
            await post(p, "/api/bets/cashout", { bet_id: bet.id }),
          );
          expect(rest.paid.value).toBe(6_65);
          expect(rest.data).toMatchObject({
            status: "cashed_out",
            result: "cashed_out",
            to_cashout: null,
            win_amount: { value: 11_40 },
            potential_win: { value: 0 },
          });
        } finally {
          await setOdds(m().prematch.id, 1, "1", 2100);
        }
        expect(await balance(p)).toBe(101_40);
        const audit = await h.handle.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(bet.id)));
        expect(audit.map((a) => a.action)).toEqual(["placed", "partially_cashed_out", "cashed_out"]);
        expect(h.events.map((e) => (e.data as { type: string }).type)).toContain("bet_cashout_changed");
        // The back office's ticker hears both, with what the bet has been cashed out for so far.
        expect(
          h.events
            .filter((e) => e.channel === "$staff:bets")
            .map((e) => e.data as { kind: string; bet_id: number; amount: number | null; status: string }),
        ).toMatchObject([
          { kind: "cashed_out", bet_id: bet.id, amount: 4_75, status: "waiting_results" },
          { kind: "cashed_out", bet_id: bet.id, amount: 4_75 + 6_65 },
        ]);
        // Each cashout is a notification of the amount paid, sent live with the unread count.
        const notes = json<{ data: { type: string; object_id: string; params: { amount: number } }[] }>(
          await h.api.app.inject({ method: "GET", url: "/api/notifications", headers: p.headers }),
        ).data;
        expect(notes.map((n) => [n.type, n.object_id, n.params.amount])).toEqual([
          ["bet_cashed_out", String(bet.id), 6_65],
          ["bet_cashed_out", String(bet.id), 4_75],
        ]);
        const sent = h.events.filter((e) => e.channel === `$user:${p.playerId}`).map((e) => e.data);
        expect(sent.filter((d) => (d as { type: string }).type === "notification")).toHaveLength(2);
        expect(sent.findLast((d) => (d as { type: string }).type === "unread_counters_changed")).toEqual({
          type: "unread_counters_changed",
          unread: 2,
        });
        expect(await ledgerImbalance(h.handle.db)).toBe(0);
        const again = await post(p, "/api/bets/cashout", { bet_id: bet.id });
        expect(json<ErrorJson>(again).code).toBe(130);
      });

      it("refuses a cashout above the current value, naming the value, and one of another player's bet", async () => {
        const p = await player(h);
        const bet = await placeSingle(p, arsenalWin());
        const res = await post(p, "/api/bets/cashout", { bet_id: bet.id, to_cashout: 9_51 });
        expect(res.statusCode).toBe(400);
        expect(json<ErrorJson>(res)).toMatchObject({
          code: 131,
          data: { extra: { to_cashout: { value: 9_50 } } },
        });
        const other = await player(h);
        expect((await post(other, "/api/bets/cashout", { bet_id: bet.id })).statusCode).toBe(404);
        expect((await post(p, "/api/bets/cashout", { bet_id: "x" })).statusCode).toBe(400);
        expect((await post(p, "/api/bets/cashout", { bet_id: bet.id, to_cashout: -5 })).statusCode).toBe(400);
      });

      it("offers no cashout while a selection is suspended", async () => {
        const p = await player(h);
        const bet = await placeSingle(p, nadal());
        const [market] = await h.handle.db
          .select()
          .from(markets)
          .where(eq(markets.matchId, m().tennisMatch.id));
        await h.handle.db
          .update(markets)
          .set({ status: -1 })
          .where(eq(markets.id, market?.id ?? 0));
        try {
          expect(json<ErrorJson>(await post(p, "/api/bets/cashout", { bet_id: bet.id })).code).toBe(130);
        } finally {
          await h.handle.db
            .update(markets)
            .set({ status: 1 })
            .where(eq(markets.id, market?.id ?? 0));
        }
      });

      it("cashes out once per idempotency key", async () => {
        const p = await player(h);
        const bet = await placeSingle(p, arsenalWin());
        const key = { "idempotency-key": "co-1" };
        const answers = await Promise.all(
          [1, 2].map(() => post(p, "/api/bets/cashout", { bet_id: bet.id }, key)),
        );
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        expect(answers[0]?.body).toBe(answers[1]?.body);
        expect(await balance(p)).toBe(99_50);
      });

      it("answers the largest stake within balance and payout limit", async () => {
        const p = await player(h, { balance: 50_00 });
        const res = await post(p, "/api/bets/max-stake", {
          bets: [
            { type: "single", currency: "EUR", selections: [arsenalWin()] },
            {
              type: "single",
              currency: "EUR",
              selections: [{ ...arsenalWin(), market_id: 29, outcome_id: "74", odds: 1700 }],
            },
          ],
        });
        expect(
          json<{ data: { max_stake: { value: number } }[] }>(res).data.map((d) => d.max_stake.value),
        ).toEqual([50_00, 0]);
        expect((await post(p, "/api/bets/max-stake", { bets: [] })).statusCode).toBe(400);
      });

      it("prices bet-builder combinations and places them with code 120 on a stale price", async () => {
        const p = await player(h);
        const markets = json<{ data: { id: number; specifier: string }[] }>(
          await get(null, `/api/bets/custom/markets/${m().prematch.id}`),
        );
        expect(markets.data.map((x) => `${x.id}/${x.specifier}`)).toEqual(["1/", "18/total=2.5", "29/"]);
        const picks = [
          { market_id: 1, specifier: "", outcome_id: "1" },
          { market_id: 18, specifier: "total=2.5", outcome_id: "12" },
        ];
        const priced = await post(null, "/api/bets/custom/odds", {
          match_id: m().prematch.id,
          selections: picks,
        });
        // One event under the score model fitted to the match's own prices (1x2 2.10/3.40/3.50, total
        // 2.5 at 1.90/1.95), with the 5 % margin: below the product of the legs (3.99), as home win
        // and over 2.5 go together.
        const [pH = 0, , pA = 0] = fairProbabilities([2100, 3400, 3500]);
        const [pOver = 0] = fairProbabilities([1900, 1950]);
        const state = fitScoreState({ home: 0, away: 0 }, { home: pH, away: pA, line: 2.5, over: pOver });
        const legs = picks
          .map((x) => scoreLeg(x.market_id, x.specifier, x.outcome_id))
          .filter((l) => l !== undefined);
        const expected = state
          ? oddsForProbability(jointProbability(scoreDistribution(state), legs), 0.05)
          : undefined;
        const price = json<{ data: { odds: number } }>(priced).data.odds;
        expect(price).toBe(expected);
        expect(price).toBeLessThan(3990);
        const contradictory = await post(null, "/api/bets/custom/odds", {
          match_id: m().prematch.id,
          selections: [picks[0], { market_id: 18, specifier: "total=3.5", outcome_id: "12" }],
        });
        expect(json<ErrorJson>(contradictory).error).toBe("selectionNotAvailable");
        const suspended = await post(null, "/api/bets/custom/odds", {
          match_id: m().prematch.id,
          selections: [picks[0], { market_id: 29, specifier: "", outcome_id: "74" }],
        });
        expect(json<ErrorJson>(suspended).code).toBe(104);
        const selections = [
          { ...picks[0], match_id: m().prematch.id, odds: 2100 },
          { ...picks[1], match_id: m().prematch.id, odds: 1900 },
        ];
        const stale = await post(p, "/api/bets", {
          bets: [
            { type: "custom_bet", custom_odds: 3700, stake: { value: 1_00, currency: "EUR" }, selections },
          ],
        });
        expect(json<ErrorJson>(stale)).toMatchObject({ code: 120, data: { is_wrong_odds: true } });
        const ok = await post(p, "/api/bets", {
          bets: [
            { type: "custom_bet", custom_odds: price, stake: { value: 1_00, currency: "EUR" }, selections },
          ],
        });
        expect(
          json<{ data: { potential_win: { value: number }; custom_odds: number }[] }>(ok).data[0],
        ).toMatchObject({ custom_odds: price, potential_win: { value: Math.floor(price / 10) } });
        expect((await get(null, "/api/bets/custom/markets/77777777")).statusCode).toBe(404);

        // custom_bet_allow_single off: a bet-builder bet placed alone is refused, beside a single it goes
        const notAlone = { custom_bet_allow_single: false };
        await h.handle.db
          .insert(settings)
          .values({ scope: "system", document: notAlone })
          .onConflictDoUpdate({ target: settings.scope, set: { document: notAlone } });
        try {
          const builderBet = {
            type: "custom_bet",
            custom_odds: price,
            stake: { value: 1_00, currency: "EUR" },
            selections,
          };
          const refused = await post(p, "/api/bets", { bets: [builderBet] });
          expect(
            json<{ data: { errors_by_bet: Record<string, { code: number; reason: string }> } }>(refused),
          ).toMatchObject({ data: { errors_by_bet: { 0: { code: 105, reason: "custom_bet_alone" } } } });
          const beside = await post(p, "/api/bets", {
            bets: [
              builderBet,
              { type: "single", stake: { value: 1_00, currency: "EUR" }, selections: [selections[0]] },
            ],
          });
          expect(beside.statusCode, beside.body).toBe(200);
        } finally {
          await h.handle.db.delete(settings).where(eq(settings.scope, "system"));
        }
      });

      it("stores a slip under a share code and gives it back", async () => {
        const bets = [{ type: "single", selections: [arsenalWin()] }];
        const created = json<{ data: { code: string } }>(await post(null, "/api/bets/share-code", { bets }));
        expect(created.data.code).toMatch(/^[A-Z2-9]{8}$/);
        const back = json<{ data: { bets: unknown[] } }>(
          await get(null, `/api/bets/share-code?code=${created.data.code}`),
        );
        expect(back.data.bets).toEqual([{ type: "single", selections: [arsenalWin()] }]);
        expect((await get(null, "/api/bets/share-code?code=NOPE1234")).statusCode).toBe(404);
        expect((await get(null, "/api/bets/share-code?code=x")).statusCode).toBe(400);
        expect(
          (await post(null, "/api/bets/share-code", { bets: [{ type: "single", selections: [] }] }))
            .statusCode,
        ).toBe(400);
      });

      it("a share code takes only existing outcomes, a slip's worth of them, in a small body", async () => {
        const ghost = { ...arsenalWin(), outcome_id: "no-such-outcome" };
        const unknown = await post(null, "/api/bets/share-code", {
          bets: [{ type: "single", selections: [ghost] }],
        });
        expect(unknown.statusCode).toBe(400);
        expect(json<ErrorJson>(unknown).data.details?.[0]?.field).toBe("body.bets.0.selections.0");
        const many = Array.from({ length: 41 }, () => ({ type: "single", selections: [arsenalWin()] }));
        expect((await post(null, "/api/bets/share-code", { bets: many })).statusCode).toBe(400);
        const wide = [{ type: "combo", selections: Array.from({ length: 41 }, () => arsenalWin()) }];
        expect((await post(null, "/api/bets/share-code", { bets: wide })).statusCode).toBe(400);
        const padded = { bets: [{ type: "single", selections: [arsenalWin()] }], pad: "x".repeat(10_000) };
        expect(json<ErrorJson>(await post(null, "/api/bets/share-code", padded)).error).toBe(
          "payloadTooLarge",
        );
      });

      it("share codes are rate limited per IP and per player, and expire after a week", async () => {
        const bets = [{ type: "single", selections: [arsenalWin()] }];
        const from = (ip: string, p: Player | null = null) =>
          h.api.app.inject({
            method: "POST",
            url: "/api/bets/share-code",
            remoteAddress: ip,
            headers: p?.headers ?? {},
            payload: { bets },
          });
        for (let i = 0; i < SHARE_CODES_PER_HOUR; i++)
          expect((await from("198.51.100.7")).statusCode).toBe(200);
        const over = await from("198.51.100.7");
        expect(json<ErrorJson>(over).error).toBe("tooManyAttempts");
        expect((await from("198.51.100.8")).statusCode).toBe(200);

        const sharer = await player(h);
        for (let i = 0; i < SHARE_CODES_PER_HOUR; i++) await from(`203.0.113.${i}`, sharer);
        expect(json<ErrorJson>(await from("203.0.113.250", sharer)).error).toBe("tooManyAttempts");

        const code = json<{ data: { code: string } }>(await from("198.51.100.9")).data.code;
        h.clock.now = new Date(h.clock.now.getTime() + SHARE_CODE_TTL_SECONDS * 1000 + 1000);
        try {
          expect((await get(null, `/api/bets/share-code?code=${code}`)).statusCode).toBe(404);
          const report = await pruneHousekeeping(h.api.ctx);
          expect(report.shareCodes).toBeGreaterThan(0);
          expect(await h.handle.db.select().from(shareCodes).where(eq(shareCodes.code, code))).toEqual([]);
        } finally {
          h.clock.now = new Date(h.clock.now.getTime() - SHARE_CODE_TTL_SECONDS * 1000 - 1000);
        }
      });
    },
  );
}
