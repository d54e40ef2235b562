import { bonusSeedSchema, ratingResponseSchema, slipBonusesResponseSchema } from "@sportsbook/contracts";
import { bonuses, playerBonuses } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleTournaments } from "../src/bonuses/tournaments.js";
import { seedBonuses } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const DAY = 86_400_000;
const reward = (name: string) => ({
  kind: "freebet",
  name: { en: name },
  issued_by: "manual",
  uses_count: 1,
  terms: { amounts: { EUR: 3_00 } },
});
const farming = {
  stake_unit: { EUR: 1_00 },
  min_stake: { EUR: 2_00 },
  min_odds: 1500,
  farm_once_per_event: true,
};

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`hunting and tournaments farm points from bets, on ${target.kind}`, () => {
    let h: Harness;
    const ids = { hunt: 0, cup: 0, huntReward: 0, cupReward: 0 };
    const m = () => h.fixture.matches;
    const leg = (match: number, odds: number) => ({
      match_id: match,
      market_id: 1,
      specifier: "",
      outcome_id: "1",
      odds,
    });
    const legs = () => ({
      arsenal: leg(m().prematch.id, 2100),
      barca: leg(m().laligaNext.id, 1900),
      liverpool: leg(m().live.id, 1500),
    });
    const post = (p: Player, url: string, payload: object) =>
      h.api.app.inject({ method: "POST", url: `/api${url}`, headers: p.headers, payload });
    const place = (p: Player, selection: object, value: number, bonusId: number, type: string) =>
      post(p, "/bets", {
        meta: { device_id: "d1" },
        bets: [
          {
            type: "single",
            stake: { value, currency: "EUR" },
            selections: [selection],
            bonus: { id: bonusId, type },
          },
        ],
      });
    const copyOf = async (p: Player, bonusId: number) =>
      (
        await h.handle.db
          .select()
          .from(playerBonuses)
          .where(and(eq(playerBonuses.playerId, p.playerId), eq(playerBonuses.bonusId, bonusId)))
      )[0];
    const holder = async () => {
      const p = await player(h);
      await h.api.app.inject({ method: "GET", url: "/api/bonuses", headers: p.headers });
      return p;
    };

    beforeAll(async () => {
      h = await startHarness(target, "bonus_farming");
      await seedBonuses(
        h.api.ctx,
        bonusSeedSchema.parse({
          bonuses: {
            "hunt-reward": reward("Hunt reward"),
            "cup-reward": reward("Cup prize"),
            hunt: {
              kind: "hunting",
              name: { en: "Goal hunt" },
              issued_by: "sign_up",
              terms: { ...farming, target_points: 25, reward_bonus: "hunt-reward" },
            },
            cup: {
              kind: "tournament",
              name: { en: "Weekend cup" },
              issued_by: "sign_up",
              valid_to: new Date(h.clock.now.getTime() + 2 * DAY).toISOString(),
              terms: {
                ...farming,
                farm_once_per_event: false,
                reward_bonus: "cup-reward",
                prizes: [
                  { position_from: 1, position_to: 1, amounts: { EUR: 10_00 } },
                  { position_from: 2, position_to: 3, amounts: { EUR: 5_00 } },
                ],
              },
            },
          },
        }),
      );
      for (const row of await h.handle.db.select().from(bonuses)) {
        if (row.key === "hunt") ids.hunt = row.id;
        if (row.key === "cup") ids.cup = row.id;
        if (row.key === "hunt-reward") ids.huntReward = row.id;
        if (row.key === "cup-reward") ids.cupReward = row.id;
      }
    });
    afterAll(() => h?.close());

    it("refuses a tournament without an end, and farming terms without a currency", () => {
      const base = { kind: "tournament", name: { en: "x" }, issued_by: "sign_up" };
      const terms = {
        ...farming,
        reward_bonus: "r",
        prizes: [{ position_from: 1, position_to: 1, amounts: { EUR: 1 } }],
      };
      expect(bonusSeedSchema.safeParse({ bonuses: { x: { ...base, terms } } }).success).toBe(false);
      expect(
        bonusSeedSchema.safeParse({
          bonuses: { x: { ...base, kind: "hunting", terms: { ...terms, stake_unit: {}, target_points: 5 } } },
        }).success,
      ).toBe(false);
    });

    it("offers the hunting and the tournament with their farming rules and the player's points", async () => {
      const p = await holder();
      const res = await post(p, "/bonuses", {
        bets: [{ type: "single", selections: [legs().arsenal], currency: "EUR" }],
      });
      const [offered] = slipBonusesResponseSchema.parse(json(res)).data;
      expect(offered?.map((b) => [b.bonus_type, b.farming])).toEqual([
        [
          "hunting",
          {
            stake_unit: 1_00,
            min_stake: 2_00,
            min_odds: 1500,
            once_per_event: true,
            points: 0,
            farmed_event_ids: [],
            target_points: 25,
            reward_amount: 3_00,
            places: [],
          },
        ],
        ["tournament", expect.objectContaining({ points: 0, target_points: null, reward_amount: null })],
      ]);
    });

    it("a hunting farms a point per 1.00 from 2.00, once per match, and its target wins the reward freebet once", async () => {
      const p = await holder();
      const { arsenal, barca, liverpool } = legs();
      expect((await place(p, arsenal, 10_00, ids.hunt, "hunting")).statusCode).toBe(200);
      expect((await copyOf(p, ids.hunt))?.points).toBe(10);
      // the same match again farms nothing, so the bonus no longer fits it; a small stake farms nothing
      expect(
        json<ErrorJson>(await place(p, arsenal, 10_00, ids.hunt, "hunting")).data.errors_by_bet?.["0"]
          ?.reason,
      ).toBe("bonus_not_available");
      expect(
        json<ErrorJson>(await place(p, barca, 1_50, ids.hunt, "hunting")).data.errors_by_bet?.["0"]?.reason,
      ).toBe("bonus_stake");
      expect((await place(p, barca, 10_00, ids.hunt, "hunting")).statusCode).toBe(200);
      expect(await copyOf(p, ids.huntReward)).toBeUndefined();
      expect((await place(p, liverpool, 5_50, ids.hunt, "hunting")).statusCode).toBe(200);
      expect(await copyOf(p, ids.hunt)).toMatchObject({ points: 25, timesUsed: 1 });
      expect(await copyOf(p, ids.huntReward)).toMatchObject({ amount: 3_00, currency: "EUR" });
      expect(
        h.events.some(
          (e) =>
            e.channel === `$user:${p.playerId}` &&
            (e.data as { type: string; bonus_id?: number }).type === "bonus_issued" &&
            (e.data as { bonus_id?: number }).bonus_id === ids.huntReward,
        ),
      ).toBe(true);
      const mine = json<{ data: { id: number; status: string }[] }>(
        await h.api.app.inject({ method: "GET", url: "/api/bonuses", headers: p.headers }),
      ).data;
      expect(mine.find((b) => b.id === ids.hunt)?.status).toBe("bonus_over");
    });

    it("a tournament ranks its players by points and, once ended, issues each prize once", async () => {
      const [a, b, c, d] = [await holder(), await holder(), await holder(), await holder()];
      const { arsenal, barca } = legs();
      for (const [who, stake] of [
        [a, 4_00],
        [b, 9_00],
        [c, 4_00],
        [d, 2_00],
      ] as const)
        expect((await place(who, arsenal, stake, ids.cup, "tournament")).statusCode).toBe(200);
      // once per event is off here: a second bet on the same match farms again
      expect((await place(a, barca, 2_00, ids.cup, "tournament")).statusCode).toBe(200);
      const rating = ratingResponseSchema.parse(
        json(
          await h.api.app.inject({
            method: "GET",
            url: `/api/bonuses/tournaments/${ids.cup}/rating?limit=2`,
            headers: d.headers,
          }),
        ),
      );
      expect(rating.data.map((r) => [r.position, r.farmed_amount, r.current_user])).toEqual([
        [1, 9, false],
        [2, 6, false],
      ]);
      expect(rating.me).toMatchObject({
        position: 4,
        farmed_amount: 2,
        current_user: true,
        farmed_freebets_count: 0,
      });
      expect(
        (await h.api.app.inject({ method: "GET", url: `/api/bonuses/tournaments/${ids.hunt}/rating` }))
          .statusCode,
      ).toBe(404);

      expect(await settleTournaments(h.api.ctx)).toBe(0);
      h.clock.now = new Date(h.clock.now.getTime() + 3 * DAY);
      expect(await settleTournaments(h.api.ctx)).toBe(1);
      expect((await copyOf(b, ids.cupReward))?.amount).toBe(10_00);
      expect((await copyOf(a, ids.cupReward))?.amount).toBe(5_00);
      expect((await copyOf(c, ids.cupReward))?.amount).toBe(5_00);
      expect(await copyOf(d, ids.cupReward)).toBeUndefined();
      expect(await settleTournaments(h.api.ctx)).toBe(0);
      // ended: it takes no more points
      expect(json<ErrorJson>(await place(d, barca, 5_00, ids.cup, "tournament")).error).toBe(
        "bonusNotApplicable",
      );
    });
  });
}
