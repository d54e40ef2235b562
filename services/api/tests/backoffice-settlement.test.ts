import { userChannel } from "@sportsbook/contracts";
import { handSettlements, markets, outcomes, settlementConflicts, staff, staffAudit } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAdmin, totpCode } from "../src/index.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

const PASSWORD = "admin password 1";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`the settlement desk through the back office (${target.kind})`, () => {
    let h: Harness;
    let headers: Record<string, string>;
    let p: Player;
    const bo = (method: "GET" | "POST", url: string, payload?: unknown) =>
      h.api.app.inject({ method, url: `/api/backoffice${url}`, headers, ...(payload ? { payload } : {}) });
    const marketOf = async (matchId: number, marketId = 1) => {
      const [m] = await h.handle.db
        .select()
        .from(markets)
        .where(and(eq(markets.matchId, matchId), eq(markets.marketId, marketId)));
      if (!m) throw new Error(`no market ${marketId}`);
      return m;
    };
    const written = async () => ({
      settlements: (await h.handle.db.select().from(handSettlements)).length,
      audit: (await h.handle.db.select().from(staffAudit)).length,
      results: (await h.handle.db.select().from(outcomes)).filter((o) => o.result !== null).length,
    });

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_settlement");
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
      headers = {
        cookie: `sb_staff=${cookie}`,
        "x-csrf-token": json<{ data: { csrf_token: string } }>(res).data.csrf_token,
      };
      p = await player(h);
    });
    afterAll(async () => h?.close());

    it("voids a market with a bet on it: the stake returns, the player hears it live, the desk shows it", async () => {
      const m = await marketOf(h.fixture.matches.laligaNext.id);
      const placed = await h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: p.headers,
        payload: {
          meta: { device_id: "d1" },
          bets: [
            {
              type: "single",
              stake: { value: 5_00, currency: "EUR" },
              selections: [{ match_id: m.matchId, market_id: 1, specifier: "", outcome_id: "1", odds: 1900 }],
            },
          ],
        },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const betId = json<{ data: { id: number }[] }>(placed).data[0]?.id;
      const listed = json<{ data: { id: number; open_bets: number }[] }>(
        await bo("GET", "/settlement/matches?q=Barcelona"),
      ).data;
      expect(listed.find((x) => x.id === m.matchId)?.open_bets).toBe(1);

      const res = await bo("POST", `/settlement/markets/${m.id}`, {
        action: "void",
        reason: "match abandoned",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toEqual({
        data: { market_row_id: m.id, status: MARKET_STATUS.cancelled, bets_resettled: 1 },
      });
      const mine = h.events.filter((e) => e.channel === userChannel(p.playerId)).map((e) => e.data);
      expect(mine).toContainEqual(
        expect.objectContaining({ type: "bet_changed", bet_id: betId, status: "done", result: "canceled" }),
      );
      expect(mine).toContainEqual(expect.objectContaining({ type: "balance_changed", balance: 100_00 }));
      // the traders' ticker sees the bet settled by hand, its stake returned
      expect(h.events).toContainEqual({
        channel: "$staff:bets",
        data: expect.objectContaining({
          kind: "settled",
          bet_id: betId,
          player_id: p.playerId,
          result: "canceled",
          amount: 5_00,
        }),
      });
      expect(h.events).toContainEqual({
        channel: `match:${m.matchId}`,
        data: expect.objectContaining({ type: "markets_changed" }),
      });

      const detail = json<{
        data: {
          match: { open_bets: number };
          markets: { id: number; status: number; hand_settled: boolean }[];
          history: { action: string; reason: string; staff_email: string }[];
        };
      }>(await bo("GET", `/settlement/matches/${m.matchId}`)).data;
      expect(detail.match.open_bets).toBe(0);
      expect(detail.markets.find((x) => x.id === m.id)).toMatchObject({
        status: MARKET_STATUS.cancelled,
        hand_settled: true,
      });
      expect(detail.history[0]).toMatchObject({ action: "void", reason: "match abandoned" });
    });

    it("settles one outcome, then the rest, and the market is settled only when each has a result", async () => {
      const m = await marketOf(h.fixture.matches.esport.id);
      const first = await bo("POST", `/settlement/markets/${m.id}`, {
        action: "settle",
        outcomes: [{ outcome_id: "1", result: "won" }],
        reason: "map one decided",
      });
      expect(json<{ data: { status: number } }>(first).data.status).toBe(m.status);
      const second = await bo("POST", `/settlement/markets/${m.id}`, {
        action: "void",
        outcome_id: "2",
        reason: "walkover",
      });
      expect(json<{ data: { status: number } }>(second).data.status).toBe(MARKET_STATUS.settled);
      const detail = json<{
        data: { markets: { id: number; outcomes: { id: string; result: string }[] }[] };
      }>(await bo("GET", `/settlement/matches/${m.matchId}`)).data;
      expect(detail.markets.find((x) => x.id === m.id)?.outcomes.map((o) => [o.id, o.result])).toEqual([
        ["1", "won"],
        ["2", "void"],
      ]);
    });

    it("answers bad input with a clear error and writes nothing", async () => {
      const m = await marketOf(h.fixture.matches.tennisMatch.id, 186);
      const before = await written();
      const invalid: unknown[] = [
        { action: "settle", outcomes: [], reason: "nothing to settle" },
        { action: "settle", outcomes: [{ outcome_id: "4", result: "maybe" }], reason: "unknown result" },
        {
          action: "settle",
          outcomes: [
            { outcome_id: "4", result: "won" },
            { outcome_id: "4", result: "lost" },
          ],
          reason: "twice",
        },
        { action: "settle", outcomes: [{ outcome_id: "4", result: "won" }], reason: "" },
        { action: "void" },
        { action: "reopen", reason: "not an action" },
      ];
      for (const payload of invalid) {
        const res = await bo("POST", `/settlement/markets/${m.id}`, payload);
        expect([res.statusCode, json<ErrorJson>(res).code], JSON.stringify(payload)).toEqual([400, 1000]);
      }
      const unknownOutcome = await bo("POST", `/settlement/markets/${m.id}`, {
        action: "settle",
        outcomes: [
          { outcome_id: "4", result: "won" },
          { outcome_id: "99", result: "lost" },
        ],
        reason: "one outcome is not there",
      });
      expect(json<ErrorJson>(unknownOutcome).code).toBe(1005);
      const unknownMarket = await bo("POST", "/settlement/markets/999999", {
        action: "void",
        reason: "nowhere",
      });
      expect(json<ErrorJson>(unknownMarket).code).toBe(1005);
      const badDecision = await bo("POST", "/settlement/conflicts/1", { decision: "maybe" });
      expect(json<ErrorJson>(badDecision).code).toBe(1000);
      const noConflict = await bo("POST", "/settlement/conflicts/999999", { decision: "accept" });
      expect(json<ErrorJson>(noConflict).code).toBe(1005);
      const badQuery = await bo("GET", "/settlement/conflicts?status=pending");
      expect(json<ErrorJson>(badQuery).code).toBe(1000);
      expect(await written()).toEqual(before);
    });

    it("decides a conflict once", async () => {
      const m = await marketOf(h.fixture.matches.finished.id);
      const [c] = await h.handle.db
        .insert(settlementConflicts)
        .values({
          matchId: m.matchId,
          marketRowId: m.id,
          kind: "rollback_bet_settlement",
          feed: {},
          receivedAt: h.clock.now,
        })
        .returning();
      const rejected = await bo("POST", `/settlement/conflicts/${c?.id}`, { decision: "reject" });
      expect(json<{ data: { status: string; decided_by: string } }>(rejected).data).toMatchObject({
        status: "rejected",
        decided_by: expect.stringContaining("@"),
      });
      const twice = await bo("POST", `/settlement/conflicts/${c?.id}`, { decision: "accept" });
      expect([twice.statusCode, json<ErrorJson>(twice).code]).toEqual([400, 1230]);
      const open = json<{ data: unknown[] }>(await bo("GET", "/settlement/conflicts")).data;
      expect(open).toEqual([]);
      const all = json<{ data: { id: number }[] }>(await bo("GET", "/settlement/conflicts?status=all")).data;
      expect(all.map((x) => x.id)).toEqual([c?.id]);
    });
  });
}
