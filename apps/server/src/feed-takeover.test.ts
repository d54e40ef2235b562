import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorCatalogue } from "@sportsbook/contracts";
import { MARKET_STATUS, MATCH_STATUS } from "@sportsbook/domain";
import { Centrifuge, type PublicationContext } from "centrifuge";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** The live threshold of this test: short, so the test is too; above the write and read intervals. */
const THRESHOLD_MS = 3_000;

interface Selection {
  matchId: number;
  provider: string;
  marketId: number;
  specifier: string;
  outcomeId: string;
  odds: number;
}
interface Attempt {
  sentAt: number;
  selection: Selection;
  status: number;
  code?: number | undefined;
  createdAt?: number | undefined;
}

/** Waits for a condition the nodes reach on their own; fails with `what` after `ms`. */
async function until<T>(
  what: string,
  fn: () => Promise<T | undefined> | T | undefined,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!databaseUrl || !redisUrl)("the feed on two nodes over PostgreSQL and Redis", () => {
  const dbName = `sb_feed_takeover_${randomBytes(4).toString("hex")}`;
  const redisPrefix = `test-feed-takeover-${randomBytes(4).toString("hex")}`;
  let url: string;
  let a: Server;
  let b: Server;
  let addressA: string;
  let addressB: string;
  let sql: pg.Client;
  const clients: Centrifuge[] = [];

  async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  const node = async (name: string) => {
    const server = await createServer({
      ...readConfig({
        SERVE_PAGES: "off",
        LOG_LEVEL: "silent",
        HOST: "127.0.0.1",
        DATA_DIR: mkdtempSync(join(tmpdir(), `sb-${name}-`)),
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: "4",
        REDIS_URL: redisUrl,
        REDIS_PREFIX: redisPrefix,
        REALTIME_TOKEN_SECRET: "feed-takeover-test-secret-of-32-bytes-or-more",
        DEMO_PLAYER: "on",
        DEMO_PLAYER_PASSWORD: "Feed-takeover-1",
        HOUSEKEEPING_INTERVAL_SECONDS: "0",
        FEED_SPEED: "60",
        FEED_MATCHES: "8",
        FEED_STALE_LIVE_MS: String(THRESHOLD_MS),
        // the standby campaigns when the test says so, so the feed's silence outlasts the threshold
        FEED_LEADER_POLL_MS: "60000",
        NODE_NAME: name,
      }),
      PORT: 0,
    });
    return { server, address: await server.start() };
  };

  beforeAll(async () => {
    await admin((c) => c.query(`create database "${dbName}"`));
    const u = new URL(databaseUrl as string);
    u.pathname = `/${dbName}`;
    url = u.toString();
    ({ server: a, address: addressA } = await node("node-a"));
    ({ server: b, address: addressB } = await node("node-b"));
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await sql?.end();
    await b?.stop();
    await a?.stop();
    await admin((c) => c.query(`drop database if exists "${dbName}" with (force)`));
    const redis = new Redis(redisUrl as string);
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  /** An open, active outcome of a live match, as the database has it now. */
  async function liveSelection(matchId?: number): Promise<Selection | undefined> {
    const r = await sql.query<{
      match_id: string;
      provider: string;
      market_id: number;
      specifier: string;
      outcome_id: string;
      odds: number;
    }>(
      `select m.id as match_id, m.provider, mk.market_id, mk.specifier, o.outcome_id, o.odds
       from matches m join markets mk on mk.match_id = m.id join outcomes o on o.market_row_id = mk.id
       where m.status = $1 and mk.status = $2 and o.active and o.odds between 1100 and 20000
         and ($3::bigint is null or m.id = $3)
       order by m.start_time desc, m.id, mk.market_id, o.outcome_id limit 1`,
      [MATCH_STATUS.live, MARKET_STATUS.allowed, matchId ?? null],
    );
    const row = r.rows[0];
    return row
      ? {
          matchId: Number(row.match_id),
          provider: row.provider,
          marketId: row.market_id,
          specifier: row.specifier,
          outcomeId: row.outcome_id,
          odds: row.odds,
        }
      : undefined;
  }

  async function signIn(address: string) {
    const res = await fetch(`${address}/api/player/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@sportsbook.local", password: "Feed-takeover-1" }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const body = (await res.json()) as { data: { csrf_token: string } };
    return { cookie, "x-csrf-token": body.data.csrf_token, "content-type": "application/json" };
  }

  async function place(address: string, headers: Record<string, string>, s: Selection): Promise<Attempt> {
    const sentAt = Date.now();
    const res = await fetch(`${address}/api/bets`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        meta: { device_id: "feed-takeover" },
        bets: [
          {
            type: "single",
            stake: { value: 100, currency: "EUR" },
            selections: [
              {
                match_id: s.matchId,
                market_id: s.marketId,
                specifier: s.specifier,
                outcome_id: s.outcomeId,
                odds: s.odds,
              },
            ],
          },
        ],
      }),
    });
    const body = (await res.json()) as {
      data?: { errors_by_bet?: Record<string, { code: number }> };
      code?: number;
    };
    const created =
      res.status === 200 ? (body as { data: { created_at: string }[] }).data[0]?.created_at : undefined;
    return {
      sentAt,
      selection: s,
      status: res.status,
      code: res.status === 200 ? undefined : (body.data?.errors_by_bet?.["0"]?.code ?? body.code),
      createdAt: created ? Date.parse(created) : undefined,
    };
  }

  const ready = async (address: string) =>
    (await (await fetch(`${address}/api/ready`)).json()) as {
      status: string;
      feed?: {
        status: string;
        leader: string | null;
        producers: { provider: string; kind: string; stale: boolean }[];
      };
    };

  const metrics = async (address: string) => (await fetch(`${address}/api/metrics`)).text();

  const marketStatus = async (address: string, s: Selection) => {
    const res = await fetch(`${address}/api/matches/${s.matchId}/markets?market_id=${s.marketId}&limit=100`);
    const body = (await res.json()) as { data: { id: number; specifier: string; status: number }[] };
    return body.data.find((m) => m.id === s.marketId && m.specifier === s.specifier)?.status;
  };

  it("stops live betting within the threshold when the leader stops, and the standby takes over", async () => {
    // Node A leads and feeds; node B stands by, and both say so.
    expect(a.feedLeadership?.isLeader()).toBe(true);
    expect(b.feedLeadership?.isLeader()).toBe(false);
    await until("both nodes naming node-a the leader", async () =>
      (await ready(addressA)).feed?.leader === "node-a" && (await ready(addressB)).feed?.leader === "node-a"
        ? true
        : undefined,
    );
    const selection = await until("a live selection", () => liveSelection());
    const headers = await signIn(addressB);

    // A realtime client on node A hears the markets of that match.
    const client = new Centrifuge(`${addressA.replace("http", "ws")}/connection/websocket`, {
      websocket: WebSocket,
    });
    clients.push(client);
    const sub = client.newSubscription(`match:${selection.matchId}`);
    // (a bet stop suspends markets too, so what counts is a suspension after the leader stopped)
    const suspendedOverRealtime: number[] = [];
    sub.on("publication", (ctx: PublicationContext) => {
      const data = ctx.data as { type: string; markets?: { status: string }[] };
      if (data.type === "markets_changed" && data.markets?.some((m) => m.status === "suspended"))
        suspendedOverRealtime.push(Date.now());
    });
    const subscribed = new Promise((resolve) => sub.once("subscribed", resolve));
    sub.subscribe();
    client.connect();
    await subscribed;

    // A stream of live bets on node B, each at the price the database has at that moment.
    const attempts: Attempt[] = [];
    let streaming = true;
    const stream = (async () => {
      while (streaming) {
        const s = (await liveSelection(selection.matchId)) ?? selection;
        attempts.push(await place(addressB, headers, s));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    try {
      await until("a live bet accepted on node B", () => attempts.some((t) => t.status === 200) || undefined);
      await leaderStopsAndStandbyTakesOver(selection, attempts, suspendedOverRealtime);
    } finally {
      streaming = false;
      await stream;
    }
  }, 180_000);

  async function leaderStopsAndStandbyTakesOver(
    selection: Selection,
    attempts: Attempt[],
    suspendedOverRealtime: number[],
  ): Promise<void> {
    // The leader stops; when its ingest last applied each producer is the truth to check against.
    const feedA = a.feed();
    expect(feedA).toBeDefined();
    await a.feedLeadership?.stop();
    const heard = feedA?.ingest.heard() ?? [];
    const producer = heard.find((h) => h.provider === selection.provider && h.producer !== 0 && h.messageAt);
    const live = heard.filter((h) => h.provider === selection.provider);
    const lastHeard = Math.max(...live.map((h) => Math.max(h.messageAt ?? 0, h.aliveAt ?? 0)));
    expect(producer).toBeDefined();

    // Within the threshold node B refuses live bets as suspended (the catalogue's code).
    const refused = await until("a live bet refused as suspended", () =>
      attempts.find(
        (t) => t.sentAt > lastHeard && t.status !== 200 && t.code === errorCatalogue.selectionSuspended.code,
      ),
    );
    expect(refused.sentAt - lastHeard).toBeLessThanOrEqual(THRESHOLD_MS + 1_500);
    // The markets read suspended on both nodes and over realtime.
    await until("the market suspended on node A", async () =>
      (await marketStatus(addressA, selection)) === MARKET_STATUS.suspended ? true : undefined,
    );
    expect(await marketStatus(addressB, selection)).toBe(MARKET_STATUS.suspended);
    await until(
      "a suspension over realtime",
      () => suspendedOverRealtime.some((t) => t > lastHeard) || undefined,
    );
    const staleReport = await until("node B reporting the feed stale", async () => {
      const r = await ready(addressB);
      return r.feed?.status === "stale" ? r : undefined;
    });
    expect(staleReport.status).toBe("ready");
    expect(staleReport.feed?.leader).toBeNull();

    // The standby takes the lead, recovers the producer, and prices move again.
    const tookOverAt = Date.now();
    await b.feedLeadership?.campaign();
    expect(b.feedLeadership?.isLeader()).toBe(true);
    await until("node A naming node-b the leader", async () =>
      (await ready(addressA)).feed?.leader === "node-b" ? true : undefined,
    );
    // Both nodes' metrics tell who leads and how silent each producer was last read.
    await until("node A's metrics naming it no leader and node B's naming it the leader", async () => {
      const [ma, mb] = await Promise.all([metrics(addressA), metrics(addressB)]);
      return /^sportsbook_feed_leader 0$/m.test(ma) && /^sportsbook_feed_leader 1$/m.test(mb)
        ? true
        : undefined;
    });
    const silence = new RegExp(
      `^sportsbook_feed_producer_silence_seconds\\{provider="${selection.provider}",producer="\\d+"\\} [\\d.e+-]+$`,
      "m",
    );
    expect(await metrics(addressA)).toMatch(silence);
    expect(await metrics(addressB)).toMatch(/^sportsbook_feed_leader_terms_total 1$/m);
    await until("the market open again on node A", async () =>
      (await marketStatus(addressA, selection)) === MARKET_STATUS.allowed ? true : undefined,
    );
    const oddsBefore = await sql.query<{ at: Date }>(
      "select max(updated_at) as at from markets where match_id = $1",
      [selection.matchId],
    );
    await until("a price moving after the takeover", async () => {
      const r = await sql.query<{ n: string }>(
        "select count(*) as n from markets where match_id = $1 and updated_at > $2",
        [selection.matchId, oddsBefore.rows[0]?.at],
      );
      return Number(r.rows[0]?.n) > 0 ? true : undefined;
    });
    await until(
      "a live bet accepted again after the takeover",
      () => attempts.some((t) => t.status === 200 && t.sentAt > tookOverAt) || undefined,
    );

    // No bet stood on a producer silent longer than the threshold: between the leader's last
    // applied message plus the threshold and the takeover, nothing was accepted.
    const accepted = attempts.filter((t) => t.status === 200);
    const duringSilence = accepted.filter(
      (t) => (t.createdAt ?? t.sentAt) > lastHeard + THRESHOLD_MS && t.sentAt < tookOverAt,
    );
    expect(duringSilence).toEqual([]);
    expect(attempts.filter((t) => t.status === 500)).toEqual([]);
  }
});
