import { createApi, createPlayerWithSession, ensureDemoAdmin, totpCode } from "@sportsbook/api";
import { errorCatalogue, userChannel } from "@sportsbook/contracts";
import {
  accounts,
  bets,
  type DatabaseHandle,
  ledgerImbalance,
  markets,
  matches,
  settlementConflicts,
  staffAudit,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFrameEncoder } from "../src/adapters.js";
import { createIngest, type Ingest } from "../src/ingest/ingest.js";
import type { FeedEvent, SettledMarket } from "../src/model.js";
import { recordingPublisher } from "./helpers.js";

const T = Date.UTC(2026, 10, 22, 10, 0, 0);
const URN = "sr:match:701";
const SECRET = "a-test-secret-of-at-least-32-bytes!!";
const PASSWORD = "admin password 1";
const enc = createFrameEncoder();
const env = (ts: number) => ({ provider: "betradar" as const, producer: 3, eventUrn: URN, timestamp: ts });

function frame(e: FeedEvent) {
  const f = enc.encode(e, { sportId: 1, live: false });
  if (!f) throw new Error("not encodable");
  return f;
}

const fixture: FeedEvent = {
  kind: "fixture",
  ...env(T),
  producer: 0,
  fixture: {
    type: "match",
    startTime: T + 3_600_000,
    sport: { urn: "sr:sport:1", name: "Soccer" },
    category: { urn: "sr:category:1", name: "England", countryCode: "GBR" },
    tournament: { urn: "sr:tournament:17", name: "Premier Division" },
    competitors: [
      { urn: "sr:competitor:71", name: "Home Desk", qualifier: "home" },
      { urn: "sr:competitor:72", name: "Away Desk", qualifier: "away" },
    ],
    liveOdds: true,
  },
};

const odds: FeedEvent = {
  kind: "odds_change",
  ...env(T + 1000),
  status: { status: 0, matchStatus: 0, periodScores: [] },
  markets: [
    {
      id: 1,
      specifiers: "",
      status: 1,
      outcomes: [
        { id: "1", odds: 2100, active: true },
        { id: "2", odds: 3300, active: true },
        { id: "3", odds: 3600, active: true },
      ],
    },
    {
      id: 18,
      specifiers: "total=2.5",
      status: 1,
      outcomes: [
        { id: "12", odds: 2000, active: true },
        { id: "13", odds: 1800, active: true },
      ],
    },
    {
      id: 10,
      specifiers: "",
      status: 1,
      outcomes: [
        { id: "9", odds: 1300, active: true },
        { id: "10", odds: 1250, active: true },
        { id: "11", odds: 1700, active: true },
      ],
    },
  ],
};

// the feed says home won and over 2.5
const feedResults: SettledMarket[] = [
  {
    id: 1,
    specifiers: "",
    outcomes: [
      { id: "1", result: 1 },
      { id: "2", result: 0 },
      { id: "3", result: 0 },
    ],
  },
  {
    id: 18,
    specifiers: "total=2.5",
    outcomes: [
      { id: "12", result: 0 },
      { id: "13", result: 1 },
    ],
  },
];

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(
    `the settlement desk against the feed's settlement (${target.kind})`,
    { timeout: 120_000 },
    () => {
      let handle: DatabaseHandle;
      let api: Awaited<ReturnType<typeof createApi>>;
      let ingest: Ingest;
      const rec = recordingPublisher();
      const clock = new Date(T + 30_000);
      let staffHeaders: Record<string, string>;
      let player: { playerId: number; headers: Record<string, string> };
      let matchId = 0;
      const rowOf: Record<number, number> = {};

      const balance = async () => {
        const [a] = await handle.db
          .select()
          .from(accounts)
          .where(and(eq(accounts.playerId, player.playerId), eq(accounts.currency, "EUR")));
        return a?.balance;
      };
      const bet = async (id: number) => (await handle.db.select().from(bets).where(eq(bets.id, id)))[0];
      const tryPlace = (market: number, specifier: string, outcome: string, price: number) =>
        api.app.inject({
          method: "POST",
          url: "/api/bets",
          headers: player.headers,
          payload: {
            meta: { device_id: "d1" },
            bets: [
              {
                type: "single",
                stake: { value: 10_00, currency: "EUR" },
                selections: [
                  { match_id: matchId, market_id: market, specifier, outcome_id: outcome, odds: price },
                ],
              },
            ],
          },
        });
      const refusalOf = (body: string) =>
        (JSON.parse(body) as { data: { errors_by_bet: Record<string, { code: number }> } }).data
          .errors_by_bet["0"]?.code;
      const place = async (market: number, specifier: string, outcome: string, price: number) => {
        const res = await tryPlace(market, specifier, outcome, price);
        expect(res.statusCode, res.body).toBe(200);
        return (JSON.parse(res.body) as { data: { id: number }[] }).data[0]?.id ?? 0;
      };
      const desk = async (method: "GET" | "POST", url: string, payload?: unknown) => {
        const res = await api.app.inject({
          method,
          url: `/api/backoffice${url}`,
          headers: staffHeaders,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return JSON.parse(res.body) as { data: unknown };
      };
      const marketStatus = async (market: number) =>
        (
          await handle.db
            .select()
            .from(markets)
            .where(eq(markets.id, rowOf[market] ?? 0))
        )[0]?.status;
      const conflicts = async () =>
        handle.db
          .select()
          .from(settlementConflicts)
          .where(eq(settlementConflicts.matchId, matchId))
          .orderBy(asc(settlementConflicts.id));

      beforeAll(async () => {
        handle = await target.open("feed_hand_settlement");
        api = await createApi({
          database: handle,
          publisher: rec.publisher,
          realtimeTokenSecret: SECRET,
          liveBetDelayMs: 0,
          logger: false,
          now: () => clock,
        });
        ingest = createIngest({ db: handle.db, publisher: rec.publisher });
        expect((await ingest.handle(frame(fixture))).applied).toBe(1);
        expect((await ingest.handle(frame(odds))).applied).toBe(1);
        matchId = (await handle.db.select().from(matches).where(eq(matches.urnId, URN)))[0]?.id ?? 0;
        for (const m of await handle.db.select().from(markets).where(eq(markets.matchId, matchId)))
          rowOf[m.marketId] = m.id;
        const p = await createPlayerWithSession(api.ctx, { balance: 100_00 });
        player = {
          playerId: p.playerId,
          headers: { cookie: `sb_session=${p.sessionToken}`, "x-csrf-token": p.csrfToken },
        };
        const admin = await ensureDemoAdmin(api.ctx, { password: PASSWORD });
        const secret = new URL(admin.otpauthUri).searchParams.get("secret") ?? "";
        const res = await api.app.inject({
          method: "POST",
          url: "/api/backoffice/session",
          payload: { email: admin.email, password: PASSWORD, code: totpCode(admin.email, secret, clock) },
        });
        const cookie = res.cookies.find((c) => c.name === "sb_staff")?.value;
        const csrf = (JSON.parse(res.body) as { data: { csrf_token: string } }).data.csrf_token;
        staffHeaders = { cookie: `sb_staff=${cookie}`, "x-csrf-token": csrf };
      });
      afterAll(async () => {
        await api?.stop();
        await handle?.close();
      });

      it("settles, corrects and voids by hand moving only the difference, holds the feed's later word as conflicts, and applies an accepted one", async () => {
        const home = await place(1, "", "1", 2100);
        const over = await place(18, "total=2.5", "13", 1800);
        expect(await balance()).toBe(80_00);

        // the desk settles the 1x2 for home: the bet wins and the player hears of it at once
        const settled = await desk("POST", `/settlement/markets/${rowOf[1]}`, {
          action: "settle",
          outcomes: [
            { outcome_id: "1", result: "won" },
            { outcome_id: "2", result: "lost" },
            { outcome_id: "3", result: "lost" },
          ],
          reason: "feed silent after full time",
        });
        expect(settled.data).toEqual({
          market_row_id: rowOf[1],
          status: MARKET_STATUS.settled,
          bets_resettled: 1,
        });
        expect(await balance()).toBe(80_00 + 21_00);
        expect(await bet(home)).toMatchObject({ status: "done", result: "win_entire", winAmount: 21_00 });
        expect(rec.events).toContainEqual({
          channel: userChannel(player.playerId),
          data: expect.objectContaining({ type: "bet_changed", bet_id: home, status: "done" }),
        });

        // a correction: the draw it was; the payout comes back, nothing is paid twice
        await desk("POST", `/settlement/markets/${rowOf[1]}`, {
          action: "settle",
          outcomes: [
            { outcome_id: "1", result: "lost" },
            { outcome_id: "2", result: "won" },
          ],
          reason: "score corrected to 1-1",
        });
        expect(await balance()).toBe(80_00);
        expect(await bet(home)).toMatchObject({ status: "done", result: "lose_entire", winAmount: 0 });
        // settling again the same way changes nothing
        await desk("POST", `/settlement/markets/${rowOf[1]}`, {
          action: "settle",
          outcomes: [{ outcome_id: "2", result: "won" }],
          reason: "confirming the draw",
        });
        expect(await balance()).toBe(80_00);

        // the desk voids the totals: the stake comes back
        await desk("POST", `/settlement/markets/${rowOf[18]}`, { action: "void", reason: "abandoned" });
        expect(await balance()).toBe(90_00);
        expect(await bet(over)).toMatchObject({ status: "done", result: "canceled" });
        expect(await marketStatus(18)).toBe(MARKET_STATUS.cancelled);

        // the feed settles both markets later: nothing moves, two conflicts wait
        expect(
          (
            await ingest.handle(
              frame({ kind: "bet_settlement", ...env(T + 60_000), certainty: 1, markets: feedResults }),
            )
          ).applied,
        ).toBe(1);
        expect(await balance()).toBe(90_00);
        expect(await bet(home)).toMatchObject({ result: "lose_entire" });
        expect(await marketStatus(18)).toBe(MARKET_STATUS.cancelled);
        const held = await conflicts();
        expect(held.map((c) => [c.marketRowId, c.kind, c.status])).toEqual([
          [rowOf[1], "bet_settlement", "open"],
          [rowOf[18], "bet_settlement", "open"],
        ]);
        expect(held[0]?.feed.outcomes).toEqual([
          { outcome_id: "1", result: "won" },
          { outcome_id: "2", result: "lost" },
          { outcome_id: "3", result: "lost" },
        ]);
        const listed = (await desk("GET", "/settlement/conflicts")).data as {
          id: number;
          market_name: string;
        }[];
        expect(listed.map((c) => c.id)).toEqual([held[1]?.id, held[0]?.id]);

        // the trader keeps the desk's 1x2 and accepts the feed's totals
        await desk("POST", `/settlement/conflicts/${held[0]?.id}`, { decision: "reject" });
        expect(await bet(home)).toMatchObject({ result: "lose_entire" });
        expect(await balance()).toBe(90_00);
        const accepted = (await desk("POST", `/settlement/conflicts/${held[1]?.id}`, { decision: "accept" }))
          .data as { status: string; decided_by: string };
        expect(accepted.status).toBe("accepted");
        expect(await bet(over)).toMatchObject({ status: "done", result: "win_entire", winAmount: 18_00 });
        expect(await balance()).toBe(80_00 + 18_00);
        expect(await marketStatus(18)).toBe(MARKET_STATUS.settled);
        const again = await api.app.inject({
          method: "POST",
          url: `/api/backoffice/settlement/conflicts/${held[1]?.id}`,
          headers: staffHeaders,
          payload: { decision: "reject" },
        });
        expect(JSON.parse(again.body).code).toBe(1230);

        // the totals are the feed's again: its rollback applies, the 1x2 stays the desk's
        await ingest.handle(
          frame({
            kind: "rollback_bet_settlement",
            ...env(T + 70_000),
            markets: [{ id: 18, specifiers: "total=2.5" }],
          }),
        );
        expect(await bet(over)).toMatchObject({ status: "waiting_results" });
        expect(await balance()).toBe(80_00);
        expect((await conflicts()).length).toBe(2);
        await ingest.handle(
          frame({
            kind: "rollback_bet_settlement",
            ...env(T + 80_000),
            markets: [{ id: 1, specifiers: "" }],
          }),
        );
        expect(await bet(home)).toMatchObject({ status: "done", result: "lose_entire" });
        expect((await conflicts()).map((c) => c.kind)).toEqual([
          "bet_settlement",
          "bet_settlement",
          "rollback_bet_settlement",
        ]);

        expect(await ledgerImbalance(handle.db)).toBe(0);
        const audit = await handle.db
          .select({ action: staffAudit.action, target: staffAudit.targetId })
          .from(staffAudit)
          .where(like(staffAudit.action, "settlement.%"))
          .orderBy(asc(staffAudit.id));
        expect(audit.map((a) => a.action)).toEqual([
          "settlement.settled",
          "settlement.settled",
          "settlement.settled",
          "settlement.voided",
          "settlement.conflict_rejected",
          "settlement.conflict_accepted",
        ]);
        expect(audit[0]?.target).toBe(`${matchId}/${rowOf[1]}`);
      });

      it("withdraws an outcome settled by hand inside an open market, and the feed's next price leaves it withdrawn", async () => {
        const from = rec.events.length;
        await desk("POST", `/settlement/markets/${rowOf[10]}`, {
          action: "void",
          outcome_id: "11",
          reason: "outcome no longer possible",
        });
        expect(await marketStatus(10)).toBe(MARKET_STATUS.allowed);
        const published = rec.events
          .slice(from)
          .find((e) => e.data.type === "markets_changed" || e.data.type === "market_changed");
        expect(JSON.stringify(published?.data)).toMatch(/"id":"11"[^}]*"active":false/);

        const refused = await tryPlace(10, "", "11", 1700);
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refusalOf(refused.body)).toBe(errorCatalogue.selectionSuspended.code);
        await place(10, "", "9", 1300);

        // the feed prices the market again with the outcome active: it stays withdrawn
        await ingest.handle(
          frame({
            ...odds,
            ...env(T + 90_000),
            markets: odds.kind === "odds_change" ? odds.markets.filter((m) => m.id === 10) : [],
          }),
        );
        const again = await tryPlace(10, "", "11", 1700);
        expect(refusalOf(again.body)).toBe(errorCatalogue.selectionSuspended.code);
        await place(10, "", "10", 1250);
      });
    },
  );
}
