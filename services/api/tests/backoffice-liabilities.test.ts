import { bonusSeedSchema } from "@sportsbook/contracts";
import { staff } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAdmin, seedBonuses, totpCode } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const PASSWORD = "admin password 1";

const seed = bonusSeedSchema.parse({
  bonuses: {
    welcome: {
      kind: "freebet",
      name: { en: "Welcome freebet" },
      issued_by: "sign_up",
      uses_count: 1,
      terms: { amounts: { EUR: 500 }, min_odds: 1600 },
    },
  },
});

interface ListAnswer {
  data: {
    id: number;
    name: string;
    bets: number;
    stakes: number;
    worst_case: number;
    worst_market: string;
  }[];
  currency: { code: string; subunits: number } | null;
  currencies: string[];
}

interface MatchAnswer {
  data: {
    match: { id: number; worst_case: number; stakes: number; bets: number };
    markets: {
      id: number;
      name: string;
      stakes: number;
      worst_case: number;
      outcomes: {
        id: string;
        name: string;
        liability: number;
        payout: number;
        bets: { bet_id: number; pays: number; taken: number }[];
      }[];
    }[];
    bets: {
      id: number;
      type: string;
      stake: number;
      bonus: string | null;
      selections: { market: string; outcome: string }[];
    }[];
  };
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`the book's liabilities in the back office (${target.kind})`, () => {
    let h: Harness;
    let headers: Record<string, string>;
    let p: Player;
    const bo = (url: string) => h.api.app.inject({ method: "GET", url: `/api/backoffice${url}`, headers });
    const place = async (bet: unknown, by = p) => {
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: by.headers,
        payload: { meta: { device_id: "d1" }, bets: [bet] },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_liabilities");
      const admin = await ensureDemoAdmin(h.api.ctx, { password: PASSWORD });
      const [row] = await h.handle.db.select().from(staff).where(eq(staff.email, admin.email));
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/backoffice/session",
        payload: {
          email: admin.email,
          password: PASSWORD,
          code: totpCode(admin.email, row?.totpSecret ?? "", h.clock.now),
        },
      });
      const cookie = res.cookies.find((c) => c.name === "sb_staff")?.value;
      headers = { cookie: `sb_staff=${cookie}` };
      p = await player(h);
      await seedBonuses(h.api.ctx, seed);
    });
    afterAll(async () => h?.close());

    it("answers nothing while no bet is open", async () => {
      expect(json<ListAnswer>(await bo("/liabilities"))).toEqual({
        data: [],
        currency: null,
        currencies: [],
      });
      const quiet = json<MatchAnswer & { data: { currency: { code: string } } }>(
        await bo(`/liabilities/matches/${h.fixture.matches.prematch.id}`),
      ).data;
      // all zero, in a currency the wallet knows
      expect([quiet.match.worst_case, quiet.markets, quiet.bets]).toEqual([0, [], []]);
      expect(quiet.currency.code).toMatch(/^[A-Z][A-Z0-9]+$/);
    });

    it("counts singles, a combo and a system through each leg, worst match first, with the bets behind each figure", async () => {
      const m = h.fixture.matches;
      const barca = { match_id: m.laligaNext.id, market_id: 1, specifier: "", outcome_id: "1", odds: 1900 };
      const draw = { ...barca, outcome_id: "2", odds: 3500 };
      const arsenal = { match_id: m.prematch.id, market_id: 1, specifier: "", outcome_id: "1", odds: 2100 };
      const nadal = {
        match_id: m.tennisMatch.id,
        market_id: 186,
        specifier: "",
        outcome_id: "4",
        odds: 1700,
      };
      const eur = (value: number) => ({ value, currency: "EUR" });
      await place({ type: "single", stake: eur(5_00), selections: [barca] });
      await place({ type: "single", stake: eur(2_00), selections: [draw] });
      await place({ type: "combo", stake: eur(10_00), selections: [arsenal, barca] });
      await place({
        type: "system",
        system_id: "2/3",
        stake: eur(3_00),
        selections: [arsenal, nadal, barca],
      });

      const list = json<ListAnswer>(await bo("/liabilities"));
      expect(list.currency).toMatchObject({ code: "EUR", subunits: 2 });
      expect(list.currencies).toEqual(["EUR"]);
      // Barcelona winning pays 9.50 + 39.90 (the combo, its other leg counted won) + 10.79 (every
      // line of the system) on 20.00 taken; Arsenal winning pays 39.90 + 10.79 on 13.00.
      expect(list.data.map((x) => [x.id, x.worst_case, x.stakes, x.bets])).toEqual([
        [m.laligaNext.id, 60_19 - 20_00, 20_00, 4],
        [m.prematch.id, 50_69 - 13_00, 13_00, 2],
        [m.tennisMatch.id, 10_79 - 3_00, 3_00, 1],
      ]);
      expect(list.data[0]?.worst_market).toBe("1x2");
      expect(json<ListAnswer>(await bo("/liabilities?q=Arsenal&currency=EUR")).data.map((x) => x.id)).toEqual(
        [m.prematch.id],
      );

      const detail = json<MatchAnswer>(await bo(`/liabilities/matches/${m.laligaNext.id}`)).data;
      const [market] = detail.markets;
      expect(market?.stakes).toBe(20_00);
      // The draw pays its single 7.00 and the system's one line without Barcelona, 3.57.
      expect(market?.outcomes.map((o) => [o.id, o.liability])).toEqual([
        ["1", 40_19],
        ["2", 7_00 + 3_57 - 20_00],
        ["3", 3_57 - 20_00],
      ]);
      for (const o of market?.outcomes ?? []) {
        expect(o.bets.reduce((sum, b) => sum + b.pays - b.taken, 0)).toBe(o.liability);
      }
      expect(detail.bets.map((b) => [b.type, b.stake, b.selections.map((s) => s.outcome)])).toEqual([
        ["single", 5_00, [expect.any(String)]],
        ["single", 2_00, ["draw"]],
        ["combo", 10_00, [expect.any(String)]],
        ["system", 3_00, [expect.any(String)]],
      ]);
    });

    it("counts a freebet at its cost: its stake is not taken, only its winnings are paid", async () => {
      const listed = json<{ data: { id: number; name: string }[] }>(
        await h.api.app.inject({ method: "GET", url: "/api/bonuses" }),
      ).data;
      const welcome = listed.find((b) => b.name === "Welcome freebet")?.id ?? 0;
      const holder = await player(h, { balance: 0 });
      await h.api.app.inject({ method: "GET", url: "/api/bonuses", headers: holder.headers });
      const activated = await h.api.app.inject({
        method: "POST",
        url: `/api/bonuses/${welcome}/activate`,
        headers: holder.headers,
        payload: {},
      });
      expect(activated.statusCode, activated.body).toBe(200);
      const navi = {
        match_id: h.fixture.matches.esport.id,
        market_id: 1,
        specifier: "",
        outcome_id: "1",
        odds: 1800,
      };
      await place(
        {
          type: "single",
          stake: { value: 5_00, currency: "EUR" },
          selections: [navi],
          bonus: { id: welcome, type: "freebet" },
        },
        holder,
      );
      await place({
        type: "single",
        stake: { value: 1_00, currency: "EUR" },
        selections: [{ ...navi, outcome_id: "2", odds: 1950 }],
      });

      const detail = json<MatchAnswer>(
        await bo(`/liabilities/matches/${h.fixture.matches.esport.id}?currency=EUR`),
      ).data;
      expect(detail.match.stakes).toBe(1_00);
      // The freebet at 1.80 pays its 4.00 won; the cash single pays 1.95 on the 1.00 taken.
      expect(detail.markets[0]?.outcomes.map((o) => [o.id, o.liability])).toEqual([
        ["1", 4_00 - 1_00],
        ["2", 1_95 - 1_00],
      ]);
      expect(detail.bets.map((b) => [b.stake, b.bonus])).toEqual([
        [5_00, "freebet"],
        [1_00, null],
      ]);
    });

    it("refuses bad input with a code", async () => {
      for (const url of [
        "/liabilities?currency=eur",
        "/liabilities?limit=0",
        "/liabilities?limit=abc",
        "/liabilities?currency=ZZZ",
        "/liabilities/matches/abc",
        "/liabilities/matches/1?currency=%00",
      ]) {
        const res = await bo(url);
        expect([res.statusCode, json<ErrorJson>(res).code], url).toEqual([400, 1000]);
      }
      const missing = await bo("/liabilities/matches/987654");
      expect([missing.statusCode, json<ErrorJson>(missing).code]).toEqual([404, 1005]);
    });
  });
}
