import {
  ambProgressResponseSchema,
  bonusResponseSchema,
  bonusSeedSchema,
  slipBonusesResponseSchema,
} from "@sportsbook/contracts";
import { bonuses, playerBonuses } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBonuses } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const reward = (name: string, amount: number) => ({
  kind: "freebet",
  name: { en: name },
  issued_by: "manual",
  uses_count: 1,
  terms: { amounts: { EUR: amount } },
});
const farming = { stake_unit: { EUR: 1_00 }, min_stake: { EUR: 1_00 }, min_odds: 1500 };

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`lootboxes, freebet amb progress and boosts, on ${target.kind}`, () => {
    let h: Harness;
    const ids: Record<string, number> = {};
    const leg = (match: number, odds: number) => ({
      match_id: match,
      market_id: 1,
      specifier: "",
      outcome_id: "1",
      odds,
    });
    const legs = () => {
      const m = h.fixture.matches;
      return {
        arsenal: leg(m.prematch.id, 2100),
        barca: leg(m.laligaNext.id, 1900),
        pool: leg(m.live.id, 1500),
      };
    };
    const post = (p: Player, url: string, payload: object) =>
      h.api.app.inject({ method: "POST", url: `/api${url}`, headers: p.headers, payload });
    const get = (p: Player | undefined, url: string) =>
      h.api.app.inject({ method: "GET", url: `/api${url}`, ...(p ? { headers: p.headers } : {}) });
    const place = (p: Player, selection: object, value: number, bonus?: { id: number; type: string }) =>
      post(p, "/bets", {
        meta: { device_id: "d1" },
        bets: [
          {
            type: "single",
            stake: { value, currency: "EUR" },
            selections: [selection],
            ...(bonus ? { bonus } : {}),
          },
        ],
      });
    const copyOf = async (p: Player, bonusId: number | undefined) =>
      (
        await h.handle.db
          .select()
          .from(playerBonuses)
          .where(and(eq(playerBonuses.playerId, p.playerId), eq(playerBonuses.bonusId, bonusId ?? 0)))
      )[0];
    const holder = async () => {
      const p = await player(h);
      await get(p, "/bonuses");
      return p;
    };
    const reason = (res: { json(): unknown }) => (res.json() as ErrorJson).data.extra?.reason;

    beforeAll(async () => {
      h = await startHarness(target, "bonus_progress");
      await seedBonuses(
        h.api.ctx,
        bonusSeedSchema.parse({
          bonuses: {
            "gold-prize": reward("Gold prize", 5_00),
            "silver-prize": reward("Silver prize", 2_00),
            "amb-reward": reward("Every third bet", 2_00),
            chest: {
              kind: "lootbox",
              name: { en: "Treasure chest" },
              issued_by: "sign_up",
              terms: {
                ...farming,
                places: [
                  { points: 5, chance_bp: 5000, reward_bonus: "gold-prize" },
                  { points: 10, chance_bp: 5000, reward_bonus: "silver-prize" },
                ],
              },
            },
            ladder: {
              kind: "freebet_amb",
              name: { en: "Bet ladder" },
              issued_by: "sign_up",
              valid_to: "2027-01-01T00:00:00Z",
              terms: {
                stake_currency: "EUR",
                min_stake: 1_00,
                min_odds: 1500,
                ranges: [
                  { number_of_bets: 2, number_of_freebets: 1 },
                  { number_of_bets: 3, number_of_freebets: 2 },
                ],
                reward_bonus: "amb-reward",
              },
            },
            hunt: {
              kind: "hunting",
              name: { en: "Points hunt" },
              issued_by: "sign_up",
              terms: { ...farming, target_points: 1000, reward_bonus: "gold-prize" },
            },
            doubler: {
              kind: "freebet",
              name: { en: "Doubler" },
              issued_by: "sign_up",
              terms: { amounts: { EUR: 3_00 }, boost: { by_bonus: "hunt", points: 5, multiplier: 2000 } },
            },
          },
        }),
      );
      for (const row of await h.handle.db.select().from(bonuses)) ids[row.key] = row.id;
    });
    afterAll(() => h?.close());

    it("refuses lootbox places out of order, a chance above certainty, and amb ranges out of order", () => {
      const chest = (places: object[]) =>
        bonusSeedSchema.safeParse({
          bonuses: {
            x: { kind: "lootbox", name: { en: "x" }, issued_by: "sign_up", terms: { ...farming, places } },
          },
        }).success;
      expect(
        chest([
          { points: 10, chance_bp: 1, reward_bonus: "a" },
          { points: 5, chance_bp: 1, reward_bonus: "b" },
        ]),
      ).toBe(false);
      expect(chest([{ points: 10, chance_bp: 10_001, reward_bonus: "a" }])).toBe(false);
      expect(chest([1, 2, 3, 4].map((points) => ({ points, chance_bp: 1, reward_bonus: "a" })))).toBe(false);
      const amb = bonusSeedSchema.safeParse({
        bonuses: {
          x: {
            kind: "freebet_amb",
            name: { en: "x" },
            issued_by: "sign_up",
            terms: {
              stake_currency: "EUR",
              ranges: [
                { number_of_bets: 5, number_of_freebets: 1 },
                { number_of_bets: 5, number_of_freebets: 1 },
              ],
              reward_bonus: "a",
            },
          },
        },
      });
      expect(amb.success).toBe(false);
    });

    it("a lootbox opens each place's key once as its points are reached, issuing the prizes it wins", async () => {
      const p = await holder();
      const { arsenal, barca, pool } = legs();
      const offered = slipBonusesResponseSchema.parse(
        json(
          await post(p, "/bonuses", { bets: [{ type: "single", selections: [arsenal], currency: "EUR" }] }),
        ),
      ).data[0];
      expect(offered?.find((b) => b.bonus_type === "lootbox")?.farming?.places).toEqual([
        { points: 5, key: null },
        { points: 10, key: null },
      ]);
      const chest = { id: ids.chest ?? 0, type: "lootbox" };
      // the first draw wins (0 < 5000), the second loses (9999 ≥ 5000)
      h.rolls.push(0, 9_999);
      expect((await place(p, arsenal, 3_00, chest)).statusCode).toBe(200);
      expect((await copyOf(p, ids.chest))?.placeKeys).toEqual([]);
      expect((await place(p, barca, 3_00, chest)).statusCode).toBe(200);
      expect((await copyOf(p, ids.chest))?.placeKeys).toEqual(["1st_place_win"]);
      expect(await copyOf(p, ids["gold-prize"])).toMatchObject({ amount: 5_00, currency: "EUR" });
      expect((await place(p, pool, 4_00, chest)).statusCode).toBe(200);
      expect(await copyOf(p, ids.chest)).toMatchObject({
        points: 10,
        placeKeys: ["1st_place_win", "2nd_place_lose"],
        timesUsed: 1,
      });
      expect(await copyOf(p, ids["silver-prize"])).toBeUndefined();
      const shown = bonusResponseSchema.parse(json(await get(p, `/bonuses/lootboxes/${ids.chest}`))).data;
      expect(shown).toMatchObject({
        status: "bonus_over",
        issued: { place_keys: ["1st_place_win", "2nd_place_lose"] },
      });
      // every key is open: the slip offers it no more, and a bet naming it is refused
      const after = slipBonusesResponseSchema.parse(
        json(
          await post(p, "/bonuses", { bets: [{ type: "single", selections: [arsenal], currency: "EUR" }] }),
        ),
      ).data[0];
      expect(after?.some((b) => b.bonus_type === "lootbox")).toBe(false);
      expect(json<ErrorJson>(await place(p, arsenal, 3_00, chest)).error).toBe("bonusNotApplicable");
    });

    it("amb progress counts qualifying bets and each milestone adds its freebets to the reward", async () => {
      const p = await holder();
      const { arsenal, barca, pool } = legs();
      expect(
        ambProgressResponseSchema.parse(json(await get(undefined, "/bonuses/freebets/amb"))).data,
      ).toEqual([]);
      const [start] = ambProgressResponseSchema.parse(json(await get(p, "/bonuses/freebets/amb"))).data;
      expect(start).toEqual({
        bonus_id: ids.ladder,
        name: "Bet ladder",
        type: "freebet",
        progress_count: 0,
        possible_progress_count: 0,
        stake_currency: "EUR",
        min_stake: 1_00,
        min_odds: 1500,
        issue_to: "2027-01-01T00:00:00.000Z",
        amb_ranges: [
          { number_of_bets: 2, number_of_freebets: 1, issued_bonus_amount: 2_00, currency: "EUR" },
          { number_of_bets: 3, number_of_freebets: 2, issued_bonus_amount: 2_00, currency: "EUR" },
        ],
      });
      const slip = await post(p, "/bonuses/freebets/amb", {
        bets: [
          { type: "single", selections: [arsenal], currency: "EUR", stake: 1_00 },
          { type: "single", selections: [barca], currency: "EUR", stake: 50 },
          {
            type: "single",
            selections: [{ ...pool, outcome_id: "nope" }],
            currency: "EUR",
            stake: 5_00,
          },
        ],
      });
      expect(ambProgressResponseSchema.parse(json(slip)).data[0]?.possible_progress_count).toBe(1);
      expect((await post(p, "/bonuses/freebets/amb", { bets: [{ type: "single" }] })).statusCode).toBe(400);

      expect((await place(p, arsenal, 1_00)).statusCode).toBe(200);
      expect((await place(p, barca, 50)).statusCode).toBe(200);
      expect(await copyOf(p, ids["amb-reward"])).toBeUndefined();
      expect((await place(p, barca, 2_00)).statusCode).toBe(200);
      expect(await copyOf(p, ids["amb-reward"])).toMatchObject({
        usesGranted: 1,
        amount: 2_00,
        timesUsed: 0,
      });
      expect(
        h.events.some(
          (e) =>
            e.channel === `$user:${p.playerId}` &&
            (e.data as { type: string; bonus_id?: number }).type === "bonus_issued" &&
            (e.data as { bonus_id?: number }).bonus_id === ids["amb-reward"],
        ),
      ).toBe(true);
      expect((await place(p, pool, 1_00)).statusCode).toBe(200);
      expect(await copyOf(p, ids["amb-reward"])).toMatchObject({ usesGranted: 3 });
      // the freebets it earned are used like any: three bets, then it is over; a freebet's bet is not counted
      expect((await post(p, `/bonuses/${ids["amb-reward"]}/activate`, {})).statusCode).toBe(200);
      for (const _ of [1, 2, 3])
        expect(
          (await place(p, arsenal, 2_00, { id: ids["amb-reward"] ?? 0, type: "freebet" })).statusCode,
        ).toBe(200);
      expect(
        json<ErrorJson>(await place(p, arsenal, 2_00, { id: ids["amb-reward"] ?? 0, type: "freebet" })).error,
      ).toBe("bonusNotApplicable");
      const [now] = ambProgressResponseSchema.parse(json(await get(p, "/bonuses/freebets/amb"))).data;
      expect(now?.progress_count).toBe(3);
    });

    it("boosts a freebet once with hunting points, refusing without the points or a boost", async () => {
      const poor = await holder();
      const boost = (p: Player, id: number | undefined) => post(p, `/bonuses/${id ?? 0}/boost`, {});
      const refused = await boost(poor, ids.doubler);
      expect([refused.statusCode, json<ErrorJson>(refused).error, reason(refused)]).toEqual([
        400,
        "boostNotAvailable",
        "not_enough_points",
      ]);
      expect(reason(await boost(poor, ids["gold-prize"]))).toBe("not_boostable");
      expect(reason(await boost(poor, 999_999))).toBe("not_boostable");

      const p = await holder();
      const { arsenal } = legs();
      expect((await place(p, arsenal, 7_00, { id: ids.hunt ?? 0, type: "hunting" })).statusCode).toBe(200);
      const boosted = await boost(p, ids.doubler);
      expect(boosted.statusCode).toBe(200);
      expect(bonusResponseSchema.parse(json(boosted)).data.issued).toMatchObject({
        amount: 6_00,
        boosted: true,
      });
      const hunt = bonusResponseSchema.parse(json(await get(p, `/bonuses/huntings/${ids.hunt}`))).data;
      expect(hunt.issued).toMatchObject({ points: 7, available_points: 2 });
      expect(reason(await boost(p, ids.doubler))).toBe("already_boosted");
      // the boosted stake is what the freebet pays
      expect((await post(p, `/bonuses/${ids.doubler}/activate`, {})).statusCode).toBe(200);
      const offered = slipBonusesResponseSchema.parse(
        json(
          await post(p, "/bonuses", { bets: [{ type: "single", selections: [arsenal], currency: "EUR" }] }),
        ),
      ).data[0];
      expect(offered?.find((b) => b.bonus_id === ids.doubler)?.freebet_stake).toBe(6_00);
    });
  });
}
