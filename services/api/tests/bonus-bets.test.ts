import { bonusSeedSchema, placeBetsResponseSchema, slipBonusesResponseSchema } from "@sportsbook/contracts";
import { accounts, bets, ledgerImbalance, ledgerTransactions, playerBonuses, players } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBonuses } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const seed = bonusSeedSchema.parse({
  bonuses: {
    welcome: {
      kind: "freebet",
      name: { en: "Welcome freebet" },
      issued_by: "sign_up",
      uses_count: 1,
      terms: { amounts: { EUR: 500 }, min_odds: 1600 },
    },
    boost: {
      kind: "comboboost",
      name: { en: "Acca boost" },
      issued_by: "sign_up",
      terms: {
        min_odds: 1600,
        ranges: [
          { min_count: 2, max_count: 3, bonus_odds: 1050 },
          { min_count: 4, max_count: 40, bonus_odds: 1100 },
        ],
      },
    },
    verified: {
      kind: "comboboost",
      name: { en: "Verified boost" },
      issued_by: "sign_up",
      terms: { ranges: [{ min_count: 2, max_count: 40, bonus_odds: 1200 }], only_verified: true },
    },
  },
});

interface SlipBonusJson {
  bonus_id: number;
  bonus_type: string;
  name: string;
  freebet_stake: number | null;
  active_range_index: number | null;
  bonus_odds: number | null;
}
interface PlacedJson {
  id: number;
  potential_win: { value: number };
  to_cashout: unknown;
  bonus: { id: number; type: string; odds: number | null } | null;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`bets placed with bonuses, on ${target.kind}`, () => {
    let h: Harness;
    let ids: { welcome: number; boost: number; verified: number };
    let sel: ReturnType<typeof selections>;
    const selections = () => {
      const m = h.fixture.matches;
      return {
        arsenalWin: { match_id: m.prematch.id, market_id: 1, specifier: "", outcome_id: "1", odds: 2100 },
        liverpoolWin: { match_id: m.live.id, market_id: 1, specifier: "", outcome_id: "1", odds: 1500 },
        nadal: { match_id: m.tennisMatch.id, market_id: 186, specifier: "", outcome_id: "4", odds: 1700 },
        barca: { match_id: m.laligaNext.id, market_id: 1, specifier: "", outcome_id: "1", odds: 1900 },
        navi: { match_id: m.esport.id, market_id: 1, specifier: "", outcome_id: "1", odds: 1800 },
      };
    };
    const post = (p: Player | undefined, url: string, payload: object) =>
      h.api.app.inject({ method: "POST", url: `/api${url}`, headers: p?.headers ?? {}, payload });
    const offered = async (p: Player, betsSent: object[]) => {
      const res = await post(p, "/bonuses", { bets: betsSent });
      expect(res.statusCode, res.body).toBe(200);
      return slipBonusesResponseSchema.parse(json(res)).data as SlipBonusJson[][];
    };
    const place = async (p: Player, bet: object) => {
      const res = await post(p, "/bets", { meta: { device_id: "d1" }, bets: [bet] });
      if (res.statusCode === 200) placeBetsResponseSchema.parse(json(res));
      return res;
    };
    const single = (s: object, value: number, bonus?: object) => ({
      type: "single",
      stake: { value, currency: "EUR" },
      selections: [s],
      ...(bonus ? { bonus } : {}),
    });
    const combo = (legs: object[], value: number, bonus?: object) => ({
      type: "combo",
      stake: { value, currency: "EUR" },
      selections: legs,
      ...(bonus ? { bonus } : {}),
    });
    const balanceOf = async (p: Player) =>
      (
        await h.handle.db
          .select()
          .from(accounts)
          .where(and(eq(accounts.playerId, p.playerId), eq(accounts.currency, "EUR")))
      )[0]?.balance;
    const usesOf = async (p: Player, bonusId: number) =>
      (
        await h.handle.db
          .select()
          .from(playerBonuses)
          .where(and(eq(playerBonuses.playerId, p.playerId), eq(playerBonuses.bonusId, bonusId)))
      )[0]?.timesUsed;
    /** A player holding the sign-up bonuses, the welcome freebet activated. */
    const withFreebet = async (balance = 100_00) => {
      const p = await player(h, { balance });
      await h.api.app.inject({ method: "GET", url: "/api/bonuses", headers: p.headers });
      const res = await post(p, `/bonuses/${ids.welcome}/activate`, {});
      expect(res.statusCode, res.body).toBe(200);
      return p;
    };

    beforeAll(async () => {
      h = await startHarness(target, "bonus_bets");
      await seedBonuses(h.api.ctx, seed);
      sel = selections();
      const listed = json<{ data: { id: number; name: string }[] }>(
        await h.api.app.inject({ method: "GET", url: "/api/bonuses" }),
      ).data;
      const id = (name: string) => listed.find((b) => b.name === name)?.id ?? 0;
      ids = { welcome: id("Welcome freebet"), boost: id("Acca boost"), verified: id("Verified boost") };
    });
    afterAll(() => h?.close());

    it("offers each bet of the slip the bonuses it may use; visitors and bad bodies are refused", async () => {
      const lone = { type: "single", selections: [sel.arsenalWin], currency: "EUR" };
      expect((await post(undefined, "/bonuses", { bets: [lone] })).statusCode).toBe(401);
      const p = await player(h);
      for (const bad of [{}, { bets: [] }, { bets: [{ type: "single", selections: [], currency: "EUR" }] }]) {
        const res = await post(p, "/bonuses", bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(json<ErrorJson>(res).error).toBe("validationFailed");
      }
      const slip = (type: string, legs: object[], currency = "EUR") => ({ type, selections: legs, currency });
      // The freebet is issued but not activated: only the boost is offered, and only on a combo.
      const [alone, pair, lowLeg, unknown] = await offered(p, [
        slip("single", [sel.arsenalWin]),
        slip("combo", [sel.arsenalWin, sel.nadal]),
        slip("combo", [sel.arsenalWin, sel.liverpoolWin]),
        slip("combo", [sel.arsenalWin, { ...sel.nadal, outcome_id: "nope" }]),
      ]);
      expect(alone).toEqual([]);
      expect(pair).toEqual([
        expect.objectContaining({
          bonus_id: ids.boost,
          bonus_type: "comboboost",
          name: "Acca boost",
          active_range_index: 0,
          bonus_odds: 1050,
        }),
      ]);
      // Liverpool at 1.50 is below the boost's 1.60, so one suitable selection reaches no range.
      expect(lowLeg).toEqual([]);
      expect(unknown).toEqual([]);

      // Once activated, the freebet is offered where its conditions hold, in its currency only.
      expect((await post(p, `/bonuses/${ids.welcome}/activate`, {})).statusCode).toBe(200);
      const [arsenal, liverpool, dollars, four] = await offered(p, [
        slip("single", [sel.arsenalWin]),
        slip("single", [sel.liverpoolWin]),
        slip("single", [sel.arsenalWin], "USD"),
        slip("combo", [sel.arsenalWin, sel.nadal, sel.barca, sel.navi]),
      ]);
      expect(arsenal).toEqual([
        expect.objectContaining({ bonus_id: ids.welcome, bonus_type: "freebet", freebet_stake: 500 }),
      ]);
      expect(liverpool).toEqual([]);
      expect(dollars).toEqual([]);
      expect(four?.map((b) => [b.bonus_type, b.bonus_odds])).toEqual([
        ["freebet", null],
        ["comboboost", 1100],
      ]);
    });

    it("a freebet pays the stake: the balance stays, the ledger shows the bonus funding it, and it is spent once", async () => {
      const p = await withFreebet(0);
      const freebet = { id: ids.welcome, type: "freebet" };
      const wrongStake = await place(p, single(sel.arsenalWin, 400, freebet));
      expect(json<ErrorJson>(wrongStake).data.errors_by_bet?.["0"]).toMatchObject({
        code: 112,
        reason: "bonus_stake",
      });
      const tooLow = await place(p, single(sel.liverpoolWin, 500, freebet));
      expect(json<ErrorJson>(tooLow).error).toBe("bonusNotApplicable");

      const res = await place(p, single(sel.arsenalWin, 500, freebet));
      expect(res.statusCode, res.body).toBe(200);
      const bet = json<{ data: PlacedJson[] }>(res).data[0];
      // 5.00 at 2.10 returns 10.50, of which the player keeps the 5.50 won
      expect(bet).toMatchObject({
        bonus: { id: ids.welcome, type: "freebet", odds: null },
        potential_win: { value: 550 },
        to_cashout: null,
      });
      expect(await balanceOf(p)).toBe(0);
      expect(await usesOf(p, ids.welcome)).toBe(1);
      const [copy] = await h.handle.db
        .select()
        .from(playerBonuses)
        .where(and(eq(playerBonuses.playerId, p.playerId), eq(playerBonuses.bonusId, ids.welcome)));
      const funding = await h.handle.db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.referenceType, "player_bonus"),
            eq(ledgerTransactions.referenceId, String(copy?.id)),
          ),
        );
      expect(funding).toEqual([{ kind: "bonus" }]);
      expect(await ledgerImbalance(h.handle.db)).toBe(0);

      // spent: offered no more, refused when named again, and shown as over
      expect(await offered(p, [{ type: "single", selections: [sel.arsenalWin], currency: "EUR" }])).toEqual([
        [],
      ]);
      const again = await place(p, single(sel.barca, 500, freebet));
      expect(json<ErrorJson>(again).data.errors_by_bet?.["0"]?.reason).toBe("bonus_not_available");
      const mine = json<{ data: { id: number; status: string }[] }>(
        await h.api.app.inject({ method: "GET", url: "/api/bonuses", headers: p.headers }),
      ).data;
      expect(mine.find((b) => b.id === ids.welcome)?.status).toBe("bonus_over");
    });

    it("two bets racing for a freebet's one use: one is placed, the other refused, nothing half-written", async () => {
      const p = await withFreebet(0);
      const freebet = { id: ids.welcome, type: "freebet" };
      const answers = await Promise.all([
        place(p, single(sel.arsenalWin, 500, freebet)),
        place(p, single(sel.barca, 500, freebet)),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      expect(json<ErrorJson>(answers.find((a) => a.statusCode === 400) ?? answers[0]).error).toBe(
        "bonusNotApplicable",
      );
      expect(await h.handle.db.select().from(bets).where(eq(bets.playerId, p.playerId))).toHaveLength(1);
      expect(await usesOf(p, ids.welcome)).toBe(1);
      expect(await balanceOf(p)).toBe(0);
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    });

    it("a comboboost raises a combo's potential win by its range's odds; the player's balance pays the stake", async () => {
      const p = await player(h);
      await h.api.app.inject({ method: "GET", url: "/api/bonuses", headers: p.headers });
      const boost = { id: ids.boost, type: "comboboost", odds: 1050 };
      const res = await place(p, combo([sel.arsenalWin, sel.nadal], 10_00, boost));
      expect(res.statusCode, res.body).toBe(200);
      // 10.00 × 2.10 × 1.70 × 1.05 = 37.485, rounded down
      expect(json<{ data: PlacedJson[] }>(res).data[0]).toMatchObject({
        bonus: { id: ids.boost, type: "comboboost", odds: 1050 },
        potential_win: { value: 37_48 },
        to_cashout: null,
      });
      expect(await balanceOf(p)).toBe(90_00);

      // odds the range does not give, a leg below the minimum, a single: refused
      const greedy = await place(p, combo([sel.arsenalWin, sel.barca], 10_00, { ...boost, odds: 1100 }));
      expect(json<ErrorJson>(greedy).data.errors_by_bet?.["0"]?.reason).toBe("bonus_odds_changed");
      const low = await place(p, combo([sel.arsenalWin, sel.liverpoolWin], 10_00, boost));
      expect(json<ErrorJson>(low).error).toBe("bonusNotApplicable");
      const lone = await place(p, single(sel.barca, 10_00, boost));
      expect(json<ErrorJson>(lone).error).toBe("bonusNotApplicable");
      expect(await balanceOf(p)).toBe(90_00);
    });

    it("a verified-only boost waits for the player's phone to be verified", async () => {
      const p = await player(h);
      const pair = { type: "combo", selections: [sel.arsenalWin, sel.nadal], currency: "EUR" };
      expect((await offered(p, [pair]))[0]?.map((b) => b.bonus_id)).toEqual([ids.boost]);
      await h.handle.db
        .update(players)
        .set({ phoneVerifiedAt: h.clock.now })
        .where(eq(players.id, p.playerId));
      expect((await offered(p, [pair]))[0]?.map((b) => [b.bonus_id, b.bonus_odds])).toEqual([
        [ids.boost, 1050],
        [ids.verified, 1200],
      ]);
    });
  });
}
