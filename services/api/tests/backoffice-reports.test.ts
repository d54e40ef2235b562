import {
  accounts,
  ledgerEntries,
  ledgerTransactions,
  markets,
  outcomes,
  postPlayerTransfer,
  staff,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAdmin, totpCode } from "../src/index.js";
import { houseAccount } from "../src/wallet/accounts.js";
import { demoDeposit } from "../src/wallet/deposit.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const PASSWORD = "admin password 1";

interface Figures {
  stakes: number;
  payouts: number;
  ggr: number;
  hold_bp: number | null;
  bets: number;
  players: number;
}
interface BettingAnswer {
  data: ({ key: string; label: string } & Figures)[];
  totals: Figures;
  currency: { code: string; subunits: number };
}
interface MoneyAnswer {
  data: { key: string; deposits: number; withdrawals: number; bonus_cost: number; adjustments: number }[];
  totals: { deposits: number; withdrawals: number; bonus_cost: number; adjustments: number };
}

/** The ledger stamps postings with the database's clock, so the range is today's UTC date either side. */
function todayRange(): string {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(-1)}&to=${day(1)}`;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`reports from the ledger (${target.kind})`, () => {
    let h: Harness;
    let headers: Record<string, string>;
    const call = (method: "GET" | "POST", url: string, hdrs = headers, payload?: unknown) =>
      h.api.app.inject({ method, url: `/api/backoffice${url}`, headers: hdrs, payload: payload as object });
    const place = (
      p: Player,
      match: number,
      outcome: string,
      odds: number,
      stake: number,
      currency = "EUR",
    ) =>
      h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: p.headers,
        payload: {
          meta: { device_id: "d1" },
          bets: [
            {
              type: "single",
              stake: { value: stake, currency },
              selections: [{ match_id: match, market_id: 1, specifier: "", outcome_id: outcome, odds }],
            },
          ],
        },
      });
    const marketRow = async (matchId: number) => {
      const [row] = await h.handle.db
        .select()
        .from(markets)
        .where(and(eq(markets.matchId, matchId), eq(markets.marketId, 1), eq(markets.specifier, "")));
      return row?.id ?? 0;
    };
    const settle = async (matchId: number, winner: string) => {
      const res = await call("POST", `/settlement/markets/${await marketRow(matchId)}`, headers, {
        action: "settle",
        outcomes: ["1", "2", "3"].map((id) => ({ outcome_id: id, result: id === winner ? "won" : "lost" })),
        reason: "report test",
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const betting = async (query: string) => {
      const res = await call("GET", `/reports/betting?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return json<BettingAnswer>(res);
    };

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_reports");
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
      const session = json<{ data: { csrf_token: string } }>(res).data;
      const cookie = res.cookies.find((c) => c.name === "sb_staff")?.value;
      headers = { cookie: `sb_staff=${cookie}`, "x-csrf-token": session.csrf_token };
    });
    afterAll(async () => h?.close());

    it("sums stakes and payouts by day, bet type, sport and tournament, with hold in basis points", async () => {
      const m = h.fixture.matches;
      const [a, b] = [await player(h), await player(h)];
      expect((await place(a, m.prematch.id, "1", 2100, 10_00)).statusCode).toBe(200);
      expect((await place(a, m.laligaNext.id, "1", 1900, 5_00)).statusCode).toBe(200);
      expect((await place(b, m.prematch.id, "2", 3400, 2_50)).statusCode).toBe(200);
      await settle(m.prematch.id, "1");

      const range = todayRange();
      const byDay = await betting(`currency=EUR&${range}&by=day`);
      const totals = { stakes: 17_50, payouts: 21_00, ggr: -3_50, hold_bp: -2000, bets: 3, players: 2 };
      expect(byDay.totals).toEqual(totals);
      expect(byDay.data).toHaveLength(1);
      expect(byDay.data[0]).toMatchObject(totals);
      expect(byDay.data[0]?.key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((await betting(`currency=EUR&${range}&by=month`)).data[0]?.key).toMatch(/^\d{4}-\d{2}$/);

      const byType = await betting(`currency=EUR&${range}&by=bet_type`);
      expect(byType.data.map((r) => [r.key, r.stakes, r.bets])).toEqual([["single", 17_50, 3]]);

      const byTournament = await betting(`currency=EUR&${range}&by=tournament`);
      expect(byTournament.data.map((r) => r.stakes).reduce((x, y) => x + y, 0)).toBe(17_50);
      expect(byTournament.data).toHaveLength(2);
      expect(byTournament.data.every((r) => r.label !== r.key)).toBe(true);

      // another range is separate
      expect((await betting("currency=EUR&from=2020-01-01&to=2020-01-31")).data).toEqual([]);

      const csv = await call("GET", `/reports/betting.csv?currency=EUR&${range}&by=bet_type`);
      expect(csv.headers["content-type"]).toContain("text/csv");
      expect(csv.body.split("\r\n")).toEqual([
        "key,label,currency,stakes,payouts,ggr,hold_bp,bets,players",
        // a leading minus is quoted against spreadsheet formulas, as everywhere the back office exports
        "single,single,EUR,1750,2100,'-350,'-2000,3,2",
        "",
      ]);
    });

    it("reports deposits and staff adjustments by period", async () => {
      const before = json<MoneyAnswer>(
        await call("GET", `/reports/money?currency=EUR&${todayRange()}&by=week`),
      );
      const p = await player(h, { balance: 0 });
      await demoDeposit(h.api.ctx, p.playerId, "EUR", 40_00);
      const adjusted = await call("POST", `/players/${p.playerId}/adjustments`, headers, {
        amount: 1_00,
        reason: "goodwill",
      });
      expect(adjusted.statusCode, adjusted.body).toBe(200);
      const after = json<MoneyAnswer>(
        await call("GET", `/reports/money?currency=EUR&${todayRange()}&by=week`),
      );
      expect(after.totals.deposits - before.totals.deposits).toBe(40_00);
      expect(after.totals.adjustments - before.totals.adjustments).toBe(1_00);
      expect(after.data).toHaveLength(1);
      const csv = await call("GET", `/reports/money.csv?currency=EUR&${todayRange()}`);
      expect(csv.body.split("\r\n")[0]).toBe("period,currency,deposits,withdrawals,bonus_cost,adjustments");
    });

    it("refuses bad queries with the validation code and the field at fault", async () => {
      for (const query of [
        "from=2026-01-01&to=2026-01-31",
        "currency=eur&from=2026-01-01&to=2026-01-31",
        "currency=XXX&from=2026-01-01&to=2026-01-31",
        "currency=EUR&from=2026-02-01&to=2026-01-01",
        "currency=EUR&from=2024-01-01&to=2026-01-01",
        "currency=EUR&from=yesterday&to=2026-01-01",
        "currency=EUR&from=2026-01-01&to=2026-01-31&by=hour",
      ]) {
        for (const url of [
          "/reports/betting",
          "/reports/betting.csv",
          "/reports/money",
          "/reports/money.csv",
        ]) {
          const res = await call("GET", `${url}?${query}`);
          expect([res.statusCode, json<ErrorJson>(res).code], `${url}?${query}`).toEqual([400, 1000]);
        }
      }
      const sport = await call("GET", "/reports/money?currency=EUR&from=2026-01-01&to=2026-01-31&by=sport");
      expect(sport.statusCode).toBe(400);
    });

    it("keeps GGR = stakes − payouts, bonus cost = bonus credited, every balance = its ledger sum", async () => {
      const m = h.fixture.matches;
      const own = [m.prematch.id, m.laligaNext.id];
      const odds: Record<number, Record<"1" | "2" | "3", number>> = {
        [m.prematch.id]: { "1": 2100, "2": 3400, "3": 3500 },
        [m.laligaNext.id]: { "1": 1900, "2": 3500, "3": 3900 },
      };
      // A settled market takes no bets; the feed reopens a market it settled by mistake, which
      // this does by hand so the next steps can bet on it again and a later settlement corrects it.
      const reopen = async (matchId: number) => {
        const row = await marketRow(matchId);
        await h.handle.db.update(markets).set({ status: 1 }).where(eq(markets.id, row));
        await h.handle.db.update(outcomes).set({ active: true }).where(eq(outcomes.marketRowId, row));
      };
      const outcome = fc.constantFrom("1", "2", "3") as fc.Arbitrary<"1" | "2" | "3">;
      const step = fc.oneof(
        fc.record({ op: fc.constant("deposit" as const), amount: fc.integer({ min: 1, max: 50_00 }) }),
        fc.record({
          op: fc.constant("bet" as const),
          match: fc.integer({ min: 0, max: 1 }),
          outcome,
          stake: fc.integer({ min: 1_00, max: 20_00 }),
        }),
        fc.record({ op: fc.constant("settle" as const), match: fc.integer({ min: 0, max: 1 }), outcome }),
        fc.record({ op: fc.constant("cashout" as const), nth: fc.nat() }),
        fc.record({ op: fc.constant("adjust" as const), amount: fc.integer({ min: -5_00, max: 5_00 }) }),
        // bonus money credited (a reward, a jackpot win): the money report's bonus cost
        fc.record({ op: fc.constant("bonus" as const), amount: fc.integer({ min: 1, max: 10_00 }) }),
      );
      const money = async () => {
        const res = await call("GET", `/reports/money?currency=EUR&${todayRange()}`);
        expect(res.statusCode, res.body).toBe(200);
        return json<MoneyAnswer>(res).totals;
      };
      let run = 0;
      const seen = { bets: 0, payouts: 0, cashouts: 0, adjustments: 0, bonuses: 0 };
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          // each run has a fresh player and compares the totals before and after it
          run += 1;
          const before = (await betting(`currency=EUR&${todayRange()}`)).totals;
          const moneyBefore = await money();
          const p = await player(h, { balance: 20_00 });
          let bonusCost = 0;
          const placed: number[] = [];
          let stakes = 0;
          for (const s of steps) {
            if (s.op === "deposit") await demoDeposit(h.api.ctx, p.playerId, "EUR", s.amount);
            if (s.op === "bet") {
              const target = own[s.match] ?? 0;
              const res = await place(p, target, s.outcome, odds[target]?.[s.outcome] ?? 0, s.stake);
              if (res.statusCode === 200) {
                seen.bets += 1;
                stakes += s.stake;
                placed.push(json<{ data: { id: number }[] }>(res).data[0]?.id ?? 0);
              }
            }
            if (s.op === "settle") {
              await settle(own[s.match] ?? 0, s.outcome);
              await reopen(own[s.match] ?? 0);
            }
            if (s.op === "cashout" && placed.length > 0) {
              const cashed = await h.api.app.inject({
                method: "POST",
                url: "/api/bets/cashout",
                headers: p.headers,
                payload: { bet_id: placed[s.nth % placed.length] },
              });
              if (cashed.statusCode === 200) seen.cashouts += 1;
            }
            if (s.op === "bonus") {
              const [account] = await h.handle.db
                .select({ id: accounts.id })
                .from(accounts)
                .where(and(eq(accounts.playerId, p.playerId), eq(accounts.currency, "EUR")));
              const house = await houseAccount(h.api.ctx, "house_bonus", "EUR", p.playerId);
              await h.handle.db.transaction((tx) =>
                postPlayerTransfer(tx, {
                  kind: "bonus",
                  currency: "EUR",
                  reference: { type: "player_bonus", id: `property-${run}-${bonusCost}` },
                  playerAccountId: account?.id ?? 0,
                  houseAccountId: house,
                  amount: s.amount,
                }),
              );
              bonusCost += s.amount;
              seen.bonuses += 1;
            }
            if (s.op === "adjust" && s.amount !== 0) {
              const adjusted = await call("POST", `/players/${p.playerId}/adjustments`, headers, {
                amount: s.amount,
                reason: `property run ${run}`,
              });
              if (adjusted.statusCode === 200) seen.adjustments += 1;
            }
          }
          const after = (await betting(`currency=EUR&${todayRange()}`)).totals;
          expect(after.ggr).toBe(after.stakes - after.payouts);
          expect((await money()).bonus_cost - moneyBefore.bonus_cost).toBe(bonusCost);
          if (after.payouts !== before.payouts) seen.payouts += 1;
          expect(after.stakes - before.stakes).toBe(stakes);
          expect(after.bets - before.bets).toBe(placed.length);
          // the report against the ledger read directly: every posting of this test falls in the range
          const [ledger] = await h.handle.db
            .select({
              stakes: sql<string>`-coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerTransactions.kind} = 'stake'), 0)`,
              payouts: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerTransactions.kind} in ('payout', 'cashout', 'refund')), 0)`,
            })
            .from(ledgerEntries)
            .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
            .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
            .where(and(eq(accounts.kind, "player"), eq(ledgerTransactions.currency, "EUR")));
          expect([after.stakes, after.payouts]).toEqual([Number(ledger?.stakes), Number(ledger?.payouts)]);
          const mismatched = await h.handle.db
            .select({ id: accounts.id })
            .from(accounts)
            .where(
              sql`${accounts.balance} <> coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries} where ${ledgerEntries.accountId} = ${accounts.id}), 0)`,
            );
          expect(mismatched).toEqual([]);
        }),
        { seed: 4343, numRuns: 6 },
      );
      // the fixed seed's sequences do reach each kind of posting, so the property is not vacuous
      expect(seen.bets).toBeGreaterThan(0);
      expect(seen.payouts).toBeGreaterThan(0);
      expect(seen.adjustments).toBeGreaterThan(0);
      expect(seen.bonuses).toBeGreaterThan(0);
    });

    it("breaks turnover down by the channel each bet was placed through, refusing an unknown one", async () => {
      const m = h.fixture.matches;
      const p = await player(h, { balance: 50_00 });
      const byChannel = async () =>
        Object.fromEntries(
          (await betting(`currency=EUR&${todayRange()}&by=channel`)).data.map((r) => [r.key, r.stakes]),
        );
      const bet = (channel: string | undefined, stake: number) =>
        h.api.app.inject({
          method: "POST",
          url: "/api/bets",
          headers: p.headers,
          payload: {
            meta: { device_id: "d1", ...(channel === undefined ? {} : { channel }) },
            bets: [
              {
                type: "single",
                stake: { value: stake, currency: "EUR" },
                selections: [
                  { match_id: m.laligaNext.id, market_id: 1, specifier: "", outcome_id: "2", odds: 3500 },
                ],
              },
            ],
          },
        });
      const before = await byChannel();
      expect((await bet("embedded", 3_00)).statusCode).toBe(200);
      expect((await bet(undefined, 2_00)).statusCode).toBe(200);
      expect((await bet("direct", 1_00)).statusCode).toBe(200);
      const after = await byChannel();
      expect((after.embedded ?? 0) - (before.embedded ?? 0)).toBe(3_00);
      expect((after.direct ?? 0) - (before.direct ?? 0)).toBe(3_00);
      expect(Object.keys(after).sort()).toEqual(["direct", "embedded"]);

      const refused = await bet("casino", 1_00);
      expect(refused.statusCode).toBe(400);
      expect(json<ErrorJson>(refused).code).toBe(1000);
      expect(await byChannel()).toEqual(after);
    });
  });
}
