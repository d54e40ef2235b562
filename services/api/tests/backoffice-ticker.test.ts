import { type BetTickerEvent, STAFF_BETS_CHANNEL } from "@sportsbook/contracts";
import { staff } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAdmin, totpCode } from "../src/index.js";
import { type Harness, json, player, startHarness } from "./support/harness.js";

const PASSWORD = "admin password 1";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`the live bet ticker (${target.kind})`, () => {
    let h: Harness;
    let headers: Record<string, string>;
    let staffId: number;
    const tickerToken = (with_: Record<string, string>) =>
      h.api.app.inject({ method: "POST", url: "/api/backoffice/ticker/token", headers: with_ });
    const ticker = () =>
      h.events.filter((e) => e.channel === STAFF_BETS_CHANNEL).map((e) => e.data as BetTickerEvent);
    const arsenalWin = () => ({
      match_id: h.fixture.matches.prematch.id,
      market_id: 1,
      specifier: "",
      outcome_id: "1",
      odds: 2100,
    });
    const place = (with_: Record<string, string>, bet: Record<string, unknown>) =>
      h.api.app.inject({ method: "POST", url: "/api/bets", headers: with_, payload: { bets: [bet] } });

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_ticker");
      const admin = await ensureDemoAdmin(h.api.ctx, { password: PASSWORD });
      const [row] = await h.handle.db.select().from(staff).where(eq(staff.email, admin.email));
      staffId = row?.id ?? 0;
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
    });
    afterAll(async () => h?.close());

    it("gives a staff session a connection and a subscription token for the staff channel only", async () => {
      const res = await tickerToken(headers);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = json<{
        data: { connection_token: string; channel: string; subscription_token: string };
      }>(res);
      expect(data.channel).toBe("$staff:bets");
      // a staff user is never mistaken for the player with the same number
      expect(decodeJwt(data.connection_token).sub).toBe(`staff-${staffId}`);
      const sub = decodeJwt(data.subscription_token);
      expect(sub.sub).toBe(`staff-${staffId}`);
      expect(sub.channel).toBe("$staff:bets");
    });

    it("refuses a player's session, no session, and a player asking the player route for the channel", async () => {
      const p = await player(h);
      expect((await tickerToken(p.headers)).statusCode).toBe(401);
      expect((await tickerToken({})).statusCode).toBe(401);
      const asked = await h.api.app.inject({
        method: "POST",
        url: "/api/websocket/authorize",
        headers: p.headers,
        payload: { channels: [STAFF_BETS_CHANNEL] },
      });
      expect(asked.statusCode).toBe(403);
      expect(asked.body).not.toContain('token":"ey');
    });

    it("publishes a placed bet on the staff channel after it committed, with its stake and legs", async () => {
      const p = await player(h, { balance: 50_00 });
      const before = ticker().length;
      const res = await place(p.headers, {
        type: "single",
        stake: { value: 3_00, currency: "EUR" },
        selections: [arsenalWin()],
      });
      expect(res.statusCode, res.body).toBe(200);
      const betId = json<{ data: { id: number }[] }>(res).data[0]?.id;
      const told = ticker().slice(before);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        type: "bet_ticker",
        kind: "placed",
        bet_id: betId,
        player_id: p.playerId,
        status: "waiting_results",
        currency: "EUR",
        subunits: 2,
        stake: 3_00,
        amount: null,
        legs: [{ match_id: h.fixture.matches.prematch.id, live: false }],
      });
    });

    it("gives a combo's legs in the slip's order, each with its match and sport", async () => {
      const p = await player(h, { balance: 50_00 });
      const m = h.fixture.matches;
      const before = ticker().length;
      const res = await place(p.headers, {
        type: "combo",
        stake: { value: 2_00, currency: "EUR" },
        selections: [
          { match_id: m.tennisMatch.id, market_id: 186, specifier: "", outcome_id: "4", odds: 1700 },
          arsenalWin(),
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const told = ticker().slice(before);
      expect(told).toHaveLength(1);
      expect(told[0]?.legs).toEqual([
        {
          match_id: m.tennisMatch.id,
          match_name: "Rafael Nadal vs Roger Federer",
          sport_id: h.fixture.sports.tennis.id,
          sport_name: "Tennis",
          live: false,
        },
        {
          match_id: m.prematch.id,
          match_name: "Arsenal vs Chelsea",
          sport_id: h.fixture.sports.soccer.id,
          sport_name: "Soccer",
          live: false,
        },
      ]);
    });

    it("tells nothing when the bet is refused", async () => {
      const p = await player(h, { balance: 1_00 });
      const before = ticker().length;
      const res = await place(p.headers, {
        type: "single",
        stake: { value: 3_00, currency: "EUR" },
        selections: [arsenalWin()],
      });
      expect(res.statusCode).not.toBe(200);
      expect(ticker().slice(before)).toHaveLength(0);
    });
  });
}
