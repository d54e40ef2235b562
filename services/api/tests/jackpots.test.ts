import { bonusSeedSchema, jackpotHitsResponseSchema, jackpotsResponseSchema } from "@sportsbook/contracts";
import { accounts, jackpotLevels, ledgerImbalance } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBonuses } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const jackpot = {
  name: { en: "Matchday jackpot" },
  currency: "EUR",
  contribution_bp: 1_000,
  min_stake: 2_00,
  levels: [
    { code: "mini", name: { en: "Mini" }, share_bp: 5_000, seed_amount: 1_00, drop_at: 3_00 },
    { code: "major", name: { en: "Major" }, share_bp: 5_000, seed_amount: 10_00, drop_at: 1_000_00 },
  ],
};

interface JackpotJson {
  id: number;
  amount: number;
  pool_amount: number;
  hits_amount: number;
  levels: { code: string; pool_amount: number; state: string }[];
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`jackpots fed by bets, on ${target.kind}`, () => {
    let h: Harness;
    let jackpotId = 0;
    const get = (url: string, p?: Player) =>
      h.api.app.inject({ method: "GET", url: `/api${url}`, headers: p?.headers ?? {} });
    const post = (url: string, p: Player | undefined, payload: object) =>
      h.api.app.inject({ method: "POST", url: `/api${url}`, headers: p?.headers ?? {}, payload });
    const bet = (value: number, currency = "EUR") => ({
      type: "single",
      stake: { value, currency },
      selections: [
        { match_id: h.fixture.matches.prematch.id, market_id: 1, specifier: "", outcome_id: "1", odds: 2100 },
      ],
    });
    const place = async (p: Player, value: number) => {
      const res = await post("/bets", p, { meta: { device_id: "d1" }, bets: [bet(value)] });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ data: { id: number; used_in_jackpot: boolean }[] }>(res).data[0];
    };
    const current = async () =>
      jackpotsResponseSchema
        .parse(json(await get("/jackpots")))
        .data.find((j) => j.id === jackpotId) as JackpotJson;
    const balanceOf = async (p: Player) =>
      (
        await h.handle.db
          .select()
          .from(accounts)
          .where(and(eq(accounts.playerId, p.playerId), eq(accounts.currency, "EUR")))
      )[0]?.balance;

    beforeAll(async () => {
      h = await startHarness(target, "jackpots");
      await seedBonuses(h.api.ctx, bonusSeedSchema.parse({ jackpots: { matchday: jackpot } }));
      jackpotId = jackpotsResponseSchema.parse(json(await get("/jackpots"))).data[0]?.id ?? 0;
    });
    afterAll(() => h?.close());

    it("refuses definitions that do not add up, and the operator's call without its key", async () => {
      const define = (d: object) =>
        h.api.app.inject({ method: "PUT", url: "/api/operator/jackpots/x", payload: d });
      // no operator key configured here: the operator's calls are off
      expect((await define(jackpot)).statusCode).toBe(404);
      for (const bad of [
        { ...jackpot, levels: [{ ...jackpot.levels[0], share_bp: 4_000 }, jackpot.levels[1]] },
        { ...jackpot, levels: [{ ...jackpot.levels[0], drop_at: 1_00 }, jackpot.levels[1]] },
        { ...jackpot, levels: [jackpot.levels[0], { ...jackpot.levels[1], code: "mini" }] },
        { ...jackpot, contribution_bp: 0 },
        { ...jackpot, levels: [] },
      ]) {
        const parsed = bonusSeedSchema.safeParse({ jackpots: { bad } });
        expect(parsed.success, JSON.stringify(bad)).toBe(false);
      }
    });

    it("lists the jackpot with its levels at their seeds, and which slip bets would play for it", async () => {
      expect(await current()).toMatchObject({
        amount: 11_00,
        pool_amount: 10_00,
        hits_amount: 0,
        levels: [
          { code: "mini", pool_amount: 1_00, state: "active" },
          { code: "major", pool_amount: 10_00, state: "active" },
        ],
      });
      expect((await get(`/jackpots/${jackpotId}`)).statusCode).toBe(200);
      expect((await get("/jackpots/999999")).statusCode).toBe(404);
      const p = await player(h);
      const slip = await post("/jackpots", p, {
        bets: [
          { stake: { value: 5_00, currency: "EUR" }, odds: 2100 },
          { stake: { value: 1_00, currency: "EUR" }, odds: 2100 },
          { stake: { value: 5_00, currency: "USD" }, odds: 2100 },
          { stake: { value: 5_00, currency: "EUR" }, odds: 2100, freebet: true },
        ],
      });
      expect(json<{ data: number[][] }>(slip).data).toEqual([[jackpotId], [], [], []]);
      expect((await post("/jackpots", undefined, { bets: [] })).statusCode).toBe(400);
      expect(
        (await post("/jackpots", undefined, { bets: [{ stake: { value: 1, currency: "EUR" }, odds: 2000 }] }))
          .statusCode,
      ).toBe(401);
    });

    it("each qualifying bet feeds the pools; the bet that takes a level to its drop amount wins it, paid at once", async () => {
      const p = await player(h);
      const start = await balanceOf(p);
      const small = await place(p, 1_00);
      expect(small?.used_in_jackpot).toBe(false);
      // 10 % of 10.00 is 1.00, half to each level
      const first = await place(p, 10_00);
      expect(first?.used_in_jackpot).toBe(true);
      expect((await current()).levels.map((l) => l.pool_amount)).toEqual([1_50, 10_50]);
      const pool = h.events.findLast((e) => e.channel === "public:en");
      expect(pool?.data).toEqual({
        type: "tournament_pool_changed",
        tournament_id: jackpotId,
        pool_amount: 12_00,
        currency: "EUR",
      });

      await place(p, 10_00);
      await place(p, 10_00);
      // the fourth takes the mini to 3.00: it drops and starts again from its seed
      await place(p, 10_00);
      expect((await current()).levels.map((l) => l.pool_amount)).toEqual([1_00, 12_00]);
      expect((await current()).hits_amount).toBe(1);
      expect(await balanceOf(p)).toBe((start ?? 0) - 41_00 + 3_00);
      expect(
        h.events.some(
          (e) =>
            e.channel === `$user:${p.playerId}` &&
            (e.data as { balance?: number }).balance === (start ?? 0) - 41_00 + 3_00,
        ),
      ).toBe(true);

      const mine = jackpotHitsResponseSchema.parse(
        json(await get("/jackpot-hits?for_user=true&unseen=true", p)),
      );
      expect(mine.data).toEqual([
        expect.objectContaining({
          jackpot_id: jackpotId,
          amount: 3_00,
          amount_eur: 3_00,
          level: { code: "mini", name: "Mini" },
          status: "paid",
          seen: false,
          mine: true,
        }),
      ]);
      // others see the hit with the winner masked
      const other = await player(h);
      const seenByOther = jackpotHitsResponseSchema.parse(
        json(await get(`/jackpot-hits?jackpot_id=${jackpotId}`, other)),
      );
      expect(seenByOther.data[0]).toMatchObject({ mine: false, amount: 3_00 });
      expect(seenByOther.data[0]?.winner).toMatch(/\*\*\*$|^#\d+$/);
      // marked seen once, by its winner only
      expect((await post("/jackpot-hits/mark-as-seen", other, { ids: [mine.data[0]?.id] })).statusCode).toBe(
        200,
      );
      expect(json<{ data: unknown[] }>(await get("/jackpot-hits?unseen=true", p)).data).toHaveLength(1);
      expect((await post("/jackpot-hits/mark-as-seen", p, { ids: [mine.data[0]?.id] })).statusCode).toBe(200);
      expect(json<{ data: unknown[] }>(await get("/jackpot-hits?unseen=true", p)).data).toHaveLength(0);
      expect((await get("/jackpot-hits?unseen=true")).statusCode).toBe(401);
      expect(json<ErrorJson>(await get("/jackpot-hits?limit=0")).error).toBe("validationFailed");
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    });

    it("an idempotent replay answers byte for byte what the first answer said, its jackpot play included", async () => {
      const p = await player(h);
      const keyed = () =>
        h.api.app.inject({
          method: "POST",
          url: "/api/bets",
          headers: { ...p.headers, "idempotency-key": "jackpot-replay-1" },
          payload: { meta: { device_id: "d1" }, bets: [bet(10_00)] },
        });
      const first = await keyed();
      expect(first.statusCode, first.body).toBe(200);
      expect(json<{ data: { used_in_jackpot: boolean }[] }>(first).data[0]?.used_in_jackpot).toBe(true);
      const pools = (await current()).levels.map((l) => l.pool_amount);
      const replay = await keyed();
      expect(replay.statusCode).toBe(200);
      expect(JSON.parse(replay.body)).toEqual(JSON.parse(first.body));
      expect(replay.body).toBe(first.body);
      // the replay played for nothing again
      expect((await current()).levels.map((l) => l.pool_amount)).toEqual(pools);
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    });

    it("a paused level keeps its pool while the others grow", async () => {
      await h.handle.db.update(jackpotLevels).set({ state: "paused" }).where(eq(jackpotLevels.code, "mini"));
      const before = (await current()).levels.map((l) => l.pool_amount);
      await place(await player(h), 10_00);
      const after = (await current()).levels;
      expect(after.map((l) => l.state)).toEqual(["paused", "active"]);
      expect(after.map((l) => l.pool_amount)).toEqual([before[0], (before[1] ?? 0) + 1_00]);
    });
  });
}
