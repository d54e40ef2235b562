import { type Api, createApi, ensureDemoAdmin, totpCode } from "@sportsbook/api";
import type { DatabaseHandle } from "@sportsbook/db";
import { markets, outcomes } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFrame } from "../src/adapters.js";
import { loadMatchRef, type MatchRef } from "../src/ingest/catalogue.js";
import { createIngest } from "../src/ingest/ingest.js";
import { prepareOddsChange } from "../src/ingest/odds-change.js";
import { writeOddsChanges } from "../src/ingest/odds-write.js";
import type { FeedEvent, MarketOdds, Provider } from "../src/model.js";
import { recordingPublisher, simulatedFrames, T0 } from "./helpers.js";

type OddsChange = Extract<FeedEvent, { kind: "odds_change" }>;

const PASSWORD = "admin password 1";

function oddsChange(ref: MatchRef, timestamp: number, list: MarketOdds[]): OddsChange {
  return {
    kind: "odds_change",
    provider: ref.provider,
    producer: 1,
    eventUrn: ref.urn,
    timestamp,
    markets: list,
  };
}

const market = (id: number, prices: [number, number]): MarketOdds => ({
  id,
  specifiers: "",
  status: 1,
  outcomes: [
    { id: "1", odds: prices[0], active: true },
    { id: "2", odds: prices[1], active: true },
  ],
});

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(
    `a trader's suspension against the feed's odds write (${target.kind})`,
    { timeout: 60_000 },
    () => {
      let handle: DatabaseHandle;
      let api: Api;
      let ref: MatchRef;
      let headers: Record<string, string>;
      const published: { channel: string; data: unknown }[] = [];
      let clock = new Date(T0);
      let at = T0 + 60_000;

      const write = async (list: MarketOdds[]) => {
        at += 1000;
        const [r] = await writeOddsChanges(handle.db, [prepareOddsChange(ref, oddsChange(ref, at, list))]);
        return r;
      };
      const stored = async (marketId: number) => {
        const [m] = await handle.db
          .select()
          .from(markets)
          .where(and(eq(markets.matchId, ref.id), eq(markets.marketId, marketId)));
        if (!m) throw new Error(`no market ${marketId}`);
        const outs = await handle.db
          .select()
          .from(outcomes)
          .where(eq(outcomes.marketRowId, m.id))
          .orderBy(asc(outcomes.outcomeId));
        return { id: m.id, status: m.status, outcomes: outs.map((o) => [o.outcomeId, o.odds, o.active]) };
      };
      const post = async (url: string, payload?: unknown) => {
        const res = await api.app.inject({
          method: "POST",
          url: `/api/backoffice${url}`,
          headers,
          ...(payload ? { payload } : {}),
        });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        return (JSON.parse(res.body) as { data: { id: number } }).data;
      };
      const lastPublished = () =>
        published.at(-1)?.data as {
          markets: { status: string; outcomes: { id: string; active: boolean }[] }[];
        };

      beforeAll(async () => {
        handle = await target.open("feed_manual_hold");
        const ingest = createIngest({ db: handle.db, publisher: recordingPublisher().publisher });
        let first: { provider: Provider; urn: string } | undefined;
        for (const f of simulatedFrames({ seed: 5, matches: 2, minutes: 1 })) {
          const d = decodeFrame(f);
          const e = d.ok ? d.events[0] : undefined;
          if (e?.kind !== "fixture" || e.fixture.type !== "match") continue;
          await ingest.handle(f);
          first ??= { provider: e.provider, urn: e.eventUrn };
        }
        const loaded = first && (await loadMatchRef(handle.db, first.provider, first.urn));
        if (!loaded) throw new Error("the session has no match");
        ref = loaded;
        api = await createApi({
          database: handle,
          realtimeTokenSecret: "a-test-secret-of-at-least-32-bytes!!",
          now: () => clock,
          publisher: { publish: async (channel, data) => void published.push({ channel, data }) },
        });
        const admin = await ensureDemoAdmin(api.ctx, { password: PASSWORD });
        const secret = new URL(admin.otpauthUri).searchParams.get("secret") ?? "";
        clock = new Date(T0 + 30_000);
        const res = await api.app.inject({
          method: "POST",
          url: "/api/backoffice/session",
          payload: { email: admin.email, password: PASSWORD, code: totpCode(admin.email, secret, clock) },
        });
        const cookie = res.cookies.find((c) => c.name === "sb_staff")?.value;
        const csrf = (JSON.parse(res.body) as { data: { csrf_token: string } }).data.csrf_token;
        headers = { cookie: `sb_staff=${cookie}`, "x-csrf-token": csrf };
        await write([market(901, [2000, 1800]), market(902, [1500, 2500])]);
      });
      afterAll(async () => {
        await api?.stop();
        await handle?.close();
      });

      it("holds a suspended market whatever the feed sends, tells players it is suspended, and reopens on lift", async () => {
        const m = await stored(901);
        const hold = await post("/trading/suspensions", {
          scope: "market",
          match_id: ref.id,
          market_row_id: m.id,
          reason: "sharp money",
        });
        expect((await stored(901)).status).toBe(-1);
        expect(lastPublished().markets[0]?.status).toBe("suspended");

        const written = await write([market(901, [2100, 1700])]);
        expect(written?.markets[0]?.status).toBe("suspended");
        const held = await stored(901);
        expect(held.status).toBe(-1);
        expect(held.outcomes).toEqual([
          ["1", 2100, true],
          ["2", 1700, true],
        ]);

        await post(`/trading/suspensions/${hold.id}/lift`);
        expect((await stored(901)).status).toBe(1);
        expect(lastPublished().markets[0]?.status).toBe("active");
        expect((await write([market(901, [2200, 1650])]))?.markets[0]?.status).toBe("active");
      });

      it("keeps a feed's suspension sent during the hold after the lift", async () => {
        const m = await stored(902);
        const hold = await post("/trading/suspensions", {
          scope: "market",
          match_id: ref.id,
          market_row_id: m.id,
          reason: "news",
        });
        await write([{ ...market(902, [1500, 2500]), status: -1 }]);
        await post(`/trading/suspensions/${hold.id}/lift`);
        expect((await stored(902)).status).toBe(-1);
        await write([market(902, [1550, 2450])]);
        expect((await stored(902)).status).toBe(1);
      });

      it("holds one outcome inactive while the feed prices it, and gives it back on lift", async () => {
        const m = await stored(901);
        const hold = await post("/trading/suspensions", {
          scope: "outcome",
          match_id: ref.id,
          market_row_id: m.id,
          outcome_id: "2",
          reason: "injury news",
        });
        const written = await write([market(901, [2300, 1600])]);
        expect(written?.markets[0]?.outcomes.map((o) => [o.id, o.active])).toEqual([
          ["1", true],
          ["2", false],
        ]);
        expect((await stored(901)).outcomes).toEqual([
          ["1", 2300, true],
          ["2", 1600, false],
        ]);
        await post(`/trading/suspensions/${hold.id}/lift`);
        expect((await stored(901)).outcomes[1]).toEqual(["2", 1600, true]);
        expect(lastPublished().markets[0]?.outcomes.find((o) => o.id === "2")?.active).toBe(true);
      });

      it("holds every market of a suspended match, a market the feed opens later included", async () => {
        const hold = await post("/trading/suspensions", {
          scope: "match",
          match_id: ref.id,
          reason: "match under review",
        });
        const written = await write([market(901, [2400, 1550]), market(903, [1900, 1900])]);
        expect(written?.markets.map((x) => x.status)).toEqual(["suspended", "suspended"]);
        expect((await stored(903)).status).toBe(-1);
        await post(`/trading/suspensions/${hold.id}/lift`);
        expect([(await stored(901)).status, (await stored(903)).status]).toEqual([1, 1]);
      });
    },
  );
}
