import { createApi, createPlayerWithSession } from "@sportsbook/api";
import {
  accounts,
  bets,
  type DatabaseHandle,
  ledgerImbalance,
  ledgerTransactions,
  matches,
  notifications,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFrameEncoder } from "../src/adapters.js";
import { createIngest, type Ingest } from "../src/ingest/ingest.js";
import type { FeedEvent, MarketRef, SettledMarket } from "../src/model.js";
import { recordingPublisher } from "./helpers.js";

const T = Date.UTC(2026, 10, 22, 10, 0, 0);
const SECRET = "a-test-secret-of-at-least-32-bytes!!";
const enc = createFrameEncoder();
const env = (urn: string, ts: number) => ({
  provider: "betradar" as const,
  producer: 3,
  eventUrn: urn,
  timestamp: ts,
});

function frame(e: FeedEvent) {
  const f = enc.encode(e, { sportId: 1, live: false });
  if (!f) throw new Error("not encodable");
  return f;
}

function fixture(urn: string, n: number): FeedEvent {
  return {
    kind: "fixture",
    ...env(urn, T),
    producer: 0,
    fixture: {
      type: "match",
      startTime: T + 3_600_000,
      sport: { urn: "sr:sport:1", name: "Soccer" },
      category: { urn: "sr:category:1", name: "England", countryCode: "GBR" },
      tournament: { urn: "sr:tournament:17", name: "Premier Division" },
      competitors: [
        { urn: `sr:competitor:${n}1`, name: `Home ${n}`, qualifier: "home" },
        { urn: `sr:competitor:${n}2`, name: `Away ${n}`, qualifier: "away" },
      ],
      liveOdds: true,
    },
  };
}

function odds(urn: string, ts: number): FeedEvent {
  return {
    kind: "odds_change",
    ...env(urn, ts),
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
        id: 16,
        specifiers: "hcp=-0.25",
        status: 1,
        outcomes: [
          { id: "1714", odds: 1900, active: true },
          { id: "1715", odds: 1900, active: true },
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
    ],
  };
}

// final score 1-1: home loses the 1x2, home −0.25 loses half, under 2.5 wins
const finalResults: SettledMarket[] = [
  {
    id: 1,
    specifiers: "",
    outcomes: [
      { id: "1", result: 0 },
      { id: "2", result: 1 },
      { id: "3", result: 0 },
    ],
  },
  {
    id: 16,
    specifiers: "hcp=-0.25",
    outcomes: [
      { id: "1714", result: 0, voidFactor: 0.5 },
      { id: "1715", result: 1, voidFactor: 0.5 },
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

const settle = (urn: string, ts: number, certainty: 1 | 2, markets = finalResults): FeedEvent => ({
  kind: "bet_settlement",
  ...env(urn, ts),
  certainty,
  markets,
});

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(
    `settlement of bets placed through the API, on ${target.kind}`,
    { timeout: 120_000 },
    () => {
      let handle: DatabaseHandle;
      let api: Awaited<ReturnType<typeof createApi>>;
      let ingest: Ingest;
      const rec = recordingPublisher();
      let player: { playerId: number; headers: Record<string, string> };

      const balance = async () => {
        const [a] = await handle.db
          .select()
          .from(accounts)
          .where(and(eq(accounts.playerId, player.playerId), eq(accounts.currency, "EUR")));
        return a?.balance;
      };
      const payouts = async (betIds: number[]) =>
        handle.db
          .select()
          .from(ledgerTransactions)
          .where(
            and(
              eq(ledgerTransactions.referenceType, "bet"),
              inArray(ledgerTransactions.referenceId, betIds.map(String)),
              inArray(ledgerTransactions.kind, ["payout", "refund"]),
            ),
          );
      const matchId = async (urn: string) =>
        (await handle.db.select().from(matches).where(eq(matches.urnId, urn)))[0]?.id ?? 0;
      const place = async (
        match: number,
        market: number,
        specifier: string,
        outcome: string,
        odds: number,
      ) => {
        const res = await api.app.inject({
          method: "POST",
          url: "/api/bets",
          headers: player.headers,
          payload: {
            meta: { device_id: "d1" },
            bets: [
              {
                type: "single",
                stake: { value: 10_00, currency: "EUR" },
                selections: [{ match_id: match, market_id: market, specifier, outcome_id: outcome, odds }],
              },
            ],
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        return (JSON.parse(res.body) as { data: { id: number }[] }).data[0]?.id ?? 0;
      };
      const betRow = async (id: number) => (await handle.db.select().from(bets).where(eq(bets.id, id)))[0];

      beforeAll(async () => {
        handle = await target.open("feed_settlement");
        api = await createApi({
          database: handle,
          publisher: rec.publisher,
          realtimeTokenSecret: SECRET,
          liveBetDelayMs: 0,
          logger: false,
        });
        ingest = createIngest({ db: handle.db, publisher: rec.publisher });
        const p = await createPlayerWithSession(api.ctx, { balance: 100_00 });
        player = {
          playerId: p.playerId,
          headers: { cookie: `sb_session=${p.sessionToken}`, "x-csrf-token": p.csrfToken },
        };
        for (const [urn, n] of [
          ["sr:match:501", 5],
          ["sr:match:502", 6],
        ] as const) {
          expect((await ingest.handle(frame(fixture(urn, n)))).applied).toBe(1);
          expect((await ingest.handle(frame(odds(urn, T + 1000)))).applied).toBe(1);
        }
      });
      afterAll(async () => {
        await api?.stop();
        await handle?.close();
      });

      it("settles and pays once: a repeated or confirming settlement pays nothing more; a rollback takes the payout back", async () => {
        const m = await matchId("sr:match:501");
        const lose = await place(m, 1, "", "1", 2100);
        const half = await place(m, 16, "hcp=-0.25", "1714", 1900);
        const win = await place(m, 18, "total=2.5", "13", 1800);
        expect(await balance()).toBe(70_00);

        await ingest.handle(frame(settle("sr:match:501", T + 10_000, 1)));
        expect(await balance()).toBe(70_00 + 5_00 + 18_00);
        expect((await betRow(lose))?.result).toBe("lose_entire");
        expect((await betRow(half))?.result).toBe("refund_half_lose_other");
        expect(await betRow(win)).toMatchObject({ status: "done", result: "win_entire", winAmount: 18_00 });
        const changed = rec.events.filter(
          (e) =>
            e.channel === `$user:${player.playerId}` &&
            e.data.type === "bet_changed" &&
            e.data.status === "done",
        );
        expect(changed.map((e) => e.data.result).sort()).toEqual([
          "lose_entire",
          "refund_half_lose_other",
          "win_entire",
        ]);
        // Each settled bet is a notification, written with the settlement and sent after it.
        const noted = await handle.db
          .select()
          .from(notifications)
          .where(eq(notifications.playerId, player.playerId))
          .orderBy(notifications.id);
        expect(noted.map((n) => [n.type, n.objectId, n.params])).toEqual([
          ["bet_settled", String(lose), { amount: 0, currency: "EUR", result: "lose_entire" }],
          ["bet_settled", String(half), { amount: 5_00, currency: "EUR", result: "refund_half_lose_other" }],
          ["bet_settled", String(win), { amount: 18_00, currency: "EUR", result: "win_entire" }],
        ]);
        expect(noted[2]?.body).toBe("Your bet won 18.00 EUR.");
        const userEvents = rec.events.filter((e) => e.channel === `$user:${player.playerId}`);
        expect(userEvents.filter((e) => e.data.type === "notification")).toHaveLength(3);
        expect(userEvents.findLast((e) => e.data.type === "unread_counters_changed")?.data).toEqual({
          type: "unread_counters_changed",
          unread: 3,
        });

        await ingest.handle(frame(settle("sr:match:501", T + 10_000, 1)));
        await ingest.handle(frame(settle("sr:match:501", T + 60_000, 2)));
        expect(await balance()).toBe(93_00);
        expect(await payouts([lose, half, win])).toHaveLength(2);
        // A repeat that changes nothing tells the player nothing.
        expect(
          await handle.db.select().from(notifications).where(eq(notifications.playerId, player.playerId)),
        ).toHaveLength(3);

        const rollback: MarketRef[] = [{ id: 18, specifiers: "total=2.5" }];
        await ingest.handle(
          frame({ kind: "rollback_bet_settlement", ...env("sr:match:501", T + 70_000), markets: rollback }),
        );
        expect(await balance()).toBe(75_00);
        expect(await betRow(win)).toMatchObject({
          status: "waiting_results",
          result: "no_results",
          winAmount: null,
        });

        await ingest.handle(frame(settle("sr:match:501", T + 80_000, 2)));
        expect(await balance()).toBe(93_00);
        expect(await ledgerImbalance(handle.db)).toBe(0);
      });

      it("a settlement older than one already applied changes nothing", async () => {
        const before = await balance();
        const r = await ingest.handle(
          frame(
            settle("sr:match:501", T + 5_000, 1, [
              {
                ...finalResults[2],
                outcomes: [
                  { id: "12", result: 1 },
                  { id: "13", result: 0 },
                ],
              } as SettledMarket,
            ]),
          ),
        );
        expect(r.dropped.join()).toMatch(/older than a settlement/);
        expect(await balance()).toBe(before);
      });

      it("a bet cancel refunds the stake; rolling the cancel back reopens the bet", async () => {
        const m = await matchId("sr:match:502");
        const id = await place(m, 1, "", "2", 3300);
        const start = await balance();
        await ingest.handle(
          frame({
            kind: "bet_cancel",
            ...env("sr:match:502", T + 20_000),
            markets: [{ id: 1, specifiers: "", voidReason: 5 }],
          }),
        );
        expect(await betRow(id)).toMatchObject({ status: "done", result: "canceled", winAmount: 10_00 });
        expect(await balance()).toBe((start ?? 0) + 10_00);
        await ingest.handle(
          frame({
            kind: "bet_cancel",
            ...env("sr:match:502", T + 20_000),
            markets: [{ id: 1, specifiers: "", voidReason: 5 }],
          }),
        );
        expect(await balance()).toBe((start ?? 0) + 10_00);
        await ingest.handle(
          frame({
            kind: "rollback_bet_cancel",
            ...env("sr:match:502", T + 30_000),
            markets: [{ id: 1, specifiers: "" }],
          }),
        );
        expect(await betRow(id)).toMatchObject({ status: "waiting_results" });
        expect(await balance()).toBe(start);
        expect(await ledgerImbalance(handle.db)).toBe(0);
      });

      it("publishes cash-out values of open bets when their odds move", async () => {
        const m = await matchId("sr:match:502");
        const id = await place(m, 18, "total=2.5", "12", 2000);
        rec.events.length = 0;
        const moved = odds("sr:match:502", T + 40_000);
        if (moved.kind === "odds_change")
          moved.markets = [
            {
              id: 18,
              specifiers: "total=2.5",
              status: 1,
              outcomes: [
                { id: "12", odds: 1500, active: true },
                { id: "13", odds: 2500, active: true },
              ],
            },
          ];
        await ingest.handle(frame(moved));
        const quote = rec.events.find((e) => e.data.type === "bet_cashout_changed" && e.data.bet_id === id);
        // fair value 10.00 × 2.00 / 1.50 = 13.33, less 5 %
        expect(quote?.data.to_cashout).toBe(12_66);
        expect(quote?.channel).toBe(`$user:${player.playerId}`);
      });
    },
  );
}
