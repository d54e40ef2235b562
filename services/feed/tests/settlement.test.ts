import { createApi, createPlayerWithSession, seedBonuses } from "@sportsbook/api";
import { bonusSeedSchema, matchChannel } from "@sportsbook/contracts";
import {
  accounts,
  bets,
  type DatabaseHandle,
  ledgerImbalance,
  ledgerTransactions,
  markets,
  matches,
  notifications,
  outcomes,
  playerBonuses,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFrameEncoder } from "../src/adapters.js";
import { createIngest, type Ingest } from "../src/ingest/ingest.js";
import { realtimeMarketStatus } from "../src/ingest/present.js";
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

/** One sign-up freebet of each kind, and a boost for doubles and trebles. */
const bonusSeed = bonusSeedSchema.parse({
  bonuses: Object.fromEntries([
    ...(["freebet", "freebet_all_win", "freebet_only_win", "freebet_no_risk"] as const).map((kind) => [
      kind.replaceAll("_", "-"),
      { kind, name: { en: kind }, issued_by: "sign_up", uses_count: 1, terms: { amounts: { EUR: 5_00 } } },
    ]),
    [
      "boost",
      {
        kind: "comboboost",
        name: { en: "comboboost" },
        issued_by: "sign_up",
        terms: { ranges: [{ min_count: 2, max_count: 3, bonus_odds: 1050 }] },
      },
    ],
    [
      "cup-prize",
      { kind: "freebet", name: { en: "cup prize" }, issued_by: "manual", terms: { amounts: { EUR: 1_00 } } },
    ],
    [
      "cup",
      {
        kind: "tournament",
        name: { en: "tournament" },
        issued_by: "sign_up",
        valid_to: "2030-01-01T00:00:00Z",
        terms: {
          stake_unit: { EUR: 1_00 },
          farm_once_per_event: true,
          reward_bonus: "cup-prize",
          prizes: [{ position_from: 1, position_to: 1, amounts: { EUR: 1_00 } }],
        },
      },
    ],
  ]),
});

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
      type Bettor = { playerId: number; headers: Record<string, string> };
      let player: Bettor;
      const signedIn = async (): Promise<Bettor> => {
        const p = await createPlayerWithSession(api.ctx, { balance: 100_00 });
        return {
          playerId: p.playerId,
          headers: { cookie: `sb_session=${p.sessionToken}`, "x-csrf-token": p.csrfToken },
        };
      };

      const balance = async (who: Bettor = player) => {
        const [a] = await handle.db
          .select()
          .from(accounts)
          .where(and(eq(accounts.playerId, who.playerId), eq(accounts.currency, "EUR")));
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
      const placeBet = async (who: Bettor, bet: object) => {
        const res = await api.app.inject({
          method: "POST",
          url: "/api/bets",
          headers: who.headers,
          payload: { meta: { device_id: "d1" }, bets: [bet] },
        });
        expect(res.statusCode, res.body).toBe(200);
        return (JSON.parse(res.body) as { data: { id: number }[] }).data[0]?.id ?? 0;
      };
      const leg = (match: number, market: number, specifier: string, outcome: string, odds: number) => ({
        match_id: match,
        market_id: market,
        specifier,
        outcome_id: outcome,
        odds,
      });
      const place = (match: number, market: number, specifier: string, outcome: string, odds: number) =>
        placeBet(player, {
          type: "single",
          stake: { value: 10_00, currency: "EUR" },
          selections: [leg(match, market, specifier, outcome, odds)],
        });
      /** A player holding the sign-up bonuses, with the freebet of `kind` activated. */
      const withFreebet = async (kind: string) => {
        const who = await signedIn();
        const listed = JSON.parse(
          (await api.app.inject({ method: "GET", url: "/api/bonuses", headers: who.headers })).body,
        ) as { data: { id: number; name: string }[] };
        const bonusId = listed.data.find((b) => b.name === kind)?.id ?? 0;
        const res = await api.app.inject({
          method: "POST",
          url: `/api/bonuses/${bonusId}/activate`,
          headers: who.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        return { who, bonusId };
      };
      const usesOf = async (who: Bettor, bonusId: number) =>
        (
          await handle.db
            .select()
            .from(playerBonuses)
            .where(and(eq(playerBonuses.playerId, who.playerId), eq(playerBonuses.bonusId, bonusId)))
        )[0]?.timesUsed;
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
        player = await signedIn();
        await seedBonuses(api.ctx, bonusSeed);
        for (const [urn, n] of [
          ["sr:match:501", 5],
          ["sr:match:502", 6],
          ["sr:match:503", 7],
          ["sr:match:504", 8],
          ["sr:match:505", 9],
          ["sr:match:506", 10],
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
        // the markets are settled and every outcome holds its result and factors
        const stored = await handle.db
          .select({
            market: markets.marketId,
            status: markets.status,
            outcome: outcomes.outcomeId,
            result: outcomes.result,
            voidFactor: outcomes.voidFactor,
          })
          .from(outcomes)
          .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
          .where(eq(markets.matchId, m))
          .orderBy(markets.marketId, outcomes.outcomeId);
        expect(stored).toEqual([
          { market: 1, status: MARKET_STATUS.settled, outcome: "1", result: 0, voidFactor: null },
          { market: 1, status: MARKET_STATUS.settled, outcome: "2", result: 1, voidFactor: null },
          { market: 1, status: MARKET_STATUS.settled, outcome: "3", result: 0, voidFactor: null },
          { market: 16, status: MARKET_STATUS.settled, outcome: "1714", result: 0, voidFactor: 500 },
          { market: 16, status: MARKET_STATUS.settled, outcome: "1715", result: 1, voidFactor: 500 },
          { market: 18, status: MARKET_STATUS.settled, outcome: "12", result: 0, voidFactor: null },
          { market: 18, status: MARKET_STATUS.settled, outcome: "13", result: 1, voidFactor: null },
        ]);
        const settledMarkets = rec.events.findLast(
          (e) => e.channel === matchChannel(m) && e.data.type === "markets_changed",
        )?.data.markets as { id: number; status: string }[] | undefined;
        const settled = realtimeMarketStatus(MARKET_STATUS.settled);
        expect(settledMarkets?.map((x) => [x.id, x.status])).toEqual([
          [1, settled],
          [16, settled],
          [18, settled],
        ]);
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
        // The back office's ticker hears each settled bet, as the database now holds it.
        const ticked = rec.events
          .filter((e) => e.channel === "$staff:bets" && e.data.kind === "settled")
          .map((e) => [e.data.bet_id, e.data.result, e.data.amount]);
        expect(ticked).toEqual(
          expect.arrayContaining([
            [lose, "lose_entire", 0],
            [half, "refund_half_lose_other", 5_00],
            [win, "win_entire", 18_00],
          ]),
        );
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

      it("freebets settle by kind and a boosted combo pays its bonus odds", async () => {
        const [m3, m4] = [await matchId("sr:match:503"), await matchId("sr:match:504")];
        const under = leg(m3, 18, "total=2.5", "13", 1800);
        const freebetOn = async (kind: string, selection: object) => {
          const { who, bonusId } = await withFreebet(kind);
          await placeBet(who, {
            type: "single",
            stake: { value: 5_00, currency: "EUR" },
            selections: [selection],
            bonus: { id: bonusId, type: kind },
          });
          return who;
        };
        const plain = await freebetOn("freebet", under);
        const allWin = await freebetOn("freebet_all_win", under);
        const onlyWin = await freebetOn("freebet_only_win", under);
        const noRisk = await freebetOn("freebet_no_risk", leg(m3, 1, "", "1", 2100));
        expect(await balance(noRisk)).toBe(95_00);
        const booster = await signedIn();
        await api.app.inject({ method: "GET", url: "/api/bonuses", headers: booster.headers });
        const boostId =
          (
            JSON.parse(
              (
                await api.app.inject({
                  method: "GET",
                  url: "/api/bonuses/comboboosts",
                  headers: booster.headers,
                })
              ).body,
            ) as { data: { id: number }[] }
          ).data[0]?.id ?? 0;
        const boosted = await placeBet(booster, {
          type: "combo",
          stake: { value: 10_00, currency: "EUR" },
          selections: [under, leg(m4, 18, "total=2.5", "13", 1800)],
          bonus: { id: boostId, type: "comboboost", odds: 1050 },
        });

        await ingest.handle(frame(settle("sr:match:503", T + 10_000, 1)));
        await ingest.handle(frame(settle("sr:match:504", T + 10_000, 1)));
        // 5.00 at 1.80 returns 9.00: the plain and only-win freebets keep the 5.00 stake back
        expect(await balance(plain)).toBe(100_00 + 4_00);
        expect(await balance(onlyWin)).toBe(100_00 + 4_00);
        expect(await balance(allWin)).toBe(100_00 + 9_00);
        // the no-risk freebet lost: the player's own 5.00 comes back
        expect(await balance(noRisk)).toBe(100_00);
        // 10.00 × 1.80 × 1.80 × 1.05 = 34.02
        expect(await betRow(boosted)).toMatchObject({ result: "win_entire", winAmount: 34_02 });
        expect(await balance(booster)).toBe(90_00 + 34_02);
        // settling again pays nothing twice
        await ingest.handle(frame(settle("sr:match:503", T + 20_000, 2)));
        expect(await balance(allWin)).toBe(100_00 + 9_00);
        expect(await ledgerImbalance(handle.db)).toBe(0);
      });

      it("a void freebet bet gives the freebet back, but not an only-win one; a rollback takes it again", async () => {
        const m5 = await matchId("sr:match:505");
        const bets: { who: Bettor; bonusId: number }[] = [];
        for (const kind of ["freebet", "freebet_only_win"]) {
          const held = await withFreebet(kind);
          await placeBet(held.who, {
            type: "single",
            stake: { value: 5_00, currency: "EUR" },
            selections: [leg(m5, 1, "", "2", 3300)],
            bonus: { id: held.bonusId, type: kind },
          });
          expect(await usesOf(held.who, held.bonusId)).toBe(1);
          bets.push(held);
        }
        const [plain, onlyWin] = bets as [(typeof bets)[0], (typeof bets)[0]];
        const cancel = { ...env("sr:match:505", T + 20_000), markets: [{ id: 1, specifiers: "" }] };
        await ingest.handle(
          frame({ kind: "bet_cancel", ...cancel, markets: [{ id: 1, specifiers: "", voidReason: 5 }] }),
        );
        expect(await usesOf(plain.who, plain.bonusId)).toBe(0);
        expect(await usesOf(onlyWin.who, onlyWin.bonusId)).toBe(1);
        // neither freebet's stake becomes cash
        expect([await balance(plain.who), await balance(onlyWin.who)]).toEqual([100_00, 100_00]);
        // repeated, it changes nothing
        await ingest.handle(
          frame({ kind: "bet_cancel", ...cancel, markets: [{ id: 1, specifiers: "", voidReason: 5 }] }),
        );
        expect(await usesOf(plain.who, plain.bonusId)).toBe(0);

        await ingest.handle(frame({ kind: "rollback_bet_cancel", ...cancel, timestamp: T + 30_000 }));
        expect(await usesOf(plain.who, plain.bonusId)).toBe(1);
        expect(await ledgerImbalance(handle.db)).toBe(0);
      });

      it("a cancelled bet gives back the points it farmed and frees its match; a rollback farms them again", async () => {
        const m6 = await matchId("sr:match:506");
        const who = await signedIn();
        const listed = JSON.parse(
          (await api.app.inject({ method: "GET", url: "/api/bonuses", headers: who.headers })).body,
        ) as { data: { id: number; name: string }[] };
        const cupId = listed.data.find((b) => b.name === "tournament")?.id ?? 0;
        const copy = async () =>
          (
            await handle.db
              .select()
              .from(playerBonuses)
              .where(and(eq(playerBonuses.playerId, who.playerId), eq(playerBonuses.bonusId, cupId)))
          )[0];
        await placeBet(who, {
          type: "single",
          stake: { value: 7_00, currency: "EUR" },
          selections: [leg(m6, 1, "", "2", 3300)],
          bonus: { id: cupId, type: "tournament" },
        });
        expect(await copy()).toMatchObject({ points: 7, farmedEventIds: [String(m6)] });
        const cancel = {
          ...env("sr:match:506", T + 20_000),
          markets: [{ id: 1, specifiers: "", voidReason: 5 }],
        };
        await ingest.handle(frame({ kind: "bet_cancel", ...cancel }));
        expect(await copy()).toMatchObject({ points: 0, farmedEventIds: [] });
        await ingest.handle(frame({ kind: "bet_cancel", ...cancel }));
        expect((await copy())?.points).toBe(0);
        await ingest.handle(
          frame({
            kind: "rollback_bet_cancel",
            ...env("sr:match:506", T + 30_000),
            markets: [{ id: 1, specifiers: "" }],
          }),
        );
        expect(await copy()).toMatchObject({ points: 7, farmedEventIds: [String(m6)] });
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
