/**
 * What another app node buys: the same load on one app node and on two, on the machine's
 * PostgreSQL, Redis and RabbitMQ, with the feed node running beside them.
 *
 * Load of a window: bettors (players of their own, signed up and funded through the API) placing single bets flat out (each one after the other, concurrency
 * fixed) and a publisher writing odds updates into Redis at a fixed rate, as the feed node does,
 * to match channels that realtime clients subscribe to. One node: every bettor and client talks to
 * app-1. Two nodes: half to each (a balancer's split, without the balancer's own cost). The two
 * configurations take turns in short windows, so a burst of other work falls on both; the verdict
 * is the median of per-round ratios of bets per second, printed with each node's CPU.
 *
 * On the 2-core machine the figures come from, the nodes share both cores with PostgreSQL, Redis,
 * the feed node and the load itself, so the ratio is bounded well below 2. What sizes a deployment
 * is the per-node cost, measured apart on one node: CPU per bet (bets only), per delivered message
 * (publications only) and, on the feed node, per ingested feed message.
 *
 *   npx tsx bench/cluster-scale.bench.ts [--bettors 8] [--clients 100] [--channels 10] [--rate 50]
 *     [--seconds 6] [--rounds 3]
 *   BENCH_DATABASE_URL / BENCH_REDIS_URL / BENCH_AMQP_URL, else the TEST_ ones, else the machine's
 *   defaults; the benchmark makes its own database, Redis prefix and virtual host and removes them.
 */

import { createRedisPublisher } from "@sportsbook/gateway";
import {
  type Cluster,
  type ClusterNode,
  fundedPlayer,
  newTally,
  placeOnce,
  provision,
  selectionSource,
  serverUrls,
  startCluster,
  until,
  type Watcher,
  watch,
} from "@sportsbook/server/cluster";
import pg from "pg";
import { arg, median, oddsUpdate, progress, sleep, verdict } from "./gateway-bench-kit.js";
import { processCpu } from "./process-cpu.js";

const bettors = arg("bettors", 8);
const clients = arg("clients", 100);
const channelCount = arg("channels", 10);
const rate = arg("rate", 50);
const seconds = arg("seconds", 6);
const rounds = arg("rounds", 3);

interface Window {
  bets: number;
  /** Bets the book refused, by code (odds moved, a market closed): work done, not counted as bets. */
  refused: Map<string, number>;
  /** Bet requests that got no answer or a 5xx (each retried with its key). */
  failures: number;
  delivered: number;
  seconds: number;
  /** CPU-seconds per second the load generator (this process: bettors, clients, publisher) used. */
  load: number;
  /** CPU-seconds per second of each node used. */
  cpu: Map<string, number>;
}

const cpuOf = (n: ClusterNode) => processCpu(n.pid() ?? 0)?.cpuMs ?? 0;

async function feedMessages(feed: ClusterNode): Promise<number> {
  const text = await (await fetch(`${feed.url}/api/metrics`)).text();
  let sum = 0;
  for (const m of text.matchAll(/^sportsbook_feed_messages_total\{[^}]*\} (\d+(?:\.\d+)?)/gm))
    sum += Number(m[1]);
  return sum;
}

async function main(): Promise<void> {
  const env = {
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL,
    AMQP_URL: process.env.BENCH_AMQP_URL ?? process.env.TEST_AMQP_URL,
  };
  const servers = await provision(serverUrls(env));
  let cluster: Cluster | undefined;
  const sql = new pg.Client({ connectionString: servers.databaseUrl });
  const watchers: Watcher[] = [];
  try {
    progress("starting a feed node and two app nodes");
    cluster = await startCluster({
      appNodes: 2,
      databaseUrl: servers.databaseUrl,
      redisUrl: servers.redisUrl,
      redisPrefix: servers.redisPrefix,
      amqpUrl: servers.amqpUrl,
      pages: false,
      // Placement is measured here, not the feed's freshness: on the busy 2-core machine the feed
      // node's writes of its producers' last messages fell behind the prematch threshold in a first
      // run and bets were refused as suspended (104), so the thresholds are out of the way.
      env: {
        FEED_SPEED: "10",
        FEED_MATCHES: "40",
        FEED_SEED: "cluster-bench",
        FEED_STALE_LIVE_MS: "600000",
        FEED_STALE_PREMATCH_MS: "3600000",
        SIGN_UPS_PER_IP_PER_HOUR: "1000",
      },
    });
    const [a, b] = cluster.appNodes as [ClusterNode, ClusterNode];
    const feed = cluster.feedNode;
    await sql.connect();
    const selections = selectionSource(sql);
    await until("prematch selections", async () => (await selections.refresh()) > 0);
    const matchIds = (
      await sql.query<{ id: string }>("select id from matches order by id limit $1", [channelCount])
    ).rows.map((r) => Number(r.id));
    const channels = matchIds.map((id) => `match:${id}`);

    // Clients: client i on app-1 in the one-node configuration; on app-(i mod 2 + 1) in the other.
    progress(`connecting ${clients} realtime clients twice (one set per configuration)`);
    const one: Watcher[] = [];
    const two: Watcher[] = [];
    for (let i = 0; i < clients; i += 1) {
      const ch = [channels[i % channels.length] as string];
      one.push(await watch(a.url, ch));
      two.push(await watch(i % 2 === 0 ? a.url : b.url, ch));
    }
    watchers.push(...one, ...two);
    progress(`signing up ${bettors} players and funding them`);
    const sessions: Record<string, string>[] = [];
    for (let i = 0; i < bettors; i += 1)
      sessions.push(await fundedPlayer(a.url, sql, `bench-${i}@cluster.example`, 1_000_000));
    const publisher = createRedisPublisher({ url: servers.redisUrl, prefix: servers.redisPrefix });

    /** One window of load: bettors on `urls` (in turn), publications to every channel at `rate`. */
    async function window(
      urls: string[],
      audience: Watcher[],
      load: { bets: boolean; publish: boolean },
    ): Promise<Window> {
      const tally = newTally();
      const nodes = [a, b, feed];
      const cpuBefore = nodes.map(cpuOf);
      const ownBefore = process.cpuUsage();
      const receivedBefore = audience.reduce((n, w) => n + w.received(), 0);
      // the other set of clients is subscribed too and receives the same publications; only the
      // audience of this configuration counts, the other set's nodes' work is the same in both
      const started = performance.now();
      let running = true;
      const loops = load.bets
        ? sessions.map(async (headers, i) => {
            const url = urls[i % urls.length] as string;
            while (running) {
              const s = selections.next();
              if (s) await placeOnce(url, headers, s, 10, tally);
            }
          })
        : [];
      let seq = 0;
      const pub = load.publish
        ? (async () => {
            const interval = 1000 / rate;
            let next = performance.now();
            while (running) {
              const id = matchIds[seq % matchIds.length] as number;
              seq += 1;
              await publisher.publish(`match:${id}`, oddsUpdate(id, seq));
              next += interval;
              const wait = next - performance.now();
              if (wait > 0) await sleep(wait);
            }
          })()
        : Promise.resolve();
      await sleep(seconds * 1000);
      running = false;
      await Promise.all([...loops, pub]);
      const elapsed = (performance.now() - started) / 1000;
      const cpuAfter = nodes.map(cpuOf);
      const own = process.cpuUsage(ownBefore);
      return {
        load: (own.user + own.system) / 1e6 / elapsed,
        bets: tally.acknowledged.size,
        refused: tally.refusedBy,
        failures: tally.firstTryFailures + tally.abandoned,
        delivered: audience.reduce((n, w) => n + w.received(), 0) - receivedBefore,
        seconds: elapsed,
        cpu: new Map(
          nodes.map((n, i) => [n.name, ((cpuAfter[i] ?? 0) - (cpuBefore[i] ?? 0)) / 1000 / elapsed]),
        ),
      };
    }

    // a failed refresh keeps the previous selections; the next second tries again
    const refresher = setInterval(() => void selections.refresh().catch(() => {}), 1_000);
    const ratios: number[] = [];
    const rows: string[] = [];
    try {
      for (let r = 0; r < rounds; r += 1) {
        const w1 = await window([a.url], one, { bets: true, publish: true });
        const w2 = await window([a.url, b.url], two, { bets: true, publish: true });
        const bps1 = w1.bets / w1.seconds;
        const bps2 = w2.bets / w2.seconds;
        ratios.push(bps2 / bps1);
        const cpu = (w: Window) =>
          [...w.cpu, ["load", w.load] as const].map(([n, c]) => `${n} ${(c * 100).toFixed(0)}%`).join(", ");
        rows.push(
          `round ${r + 1}: 1 node ${bps1.toFixed(0)} bets/s, ${(w1.delivered / w1.seconds).toFixed(0)} msg/s delivered (CPU ${cpu(w1)}) | 2 nodes ${bps2.toFixed(0)} bets/s, ${(w2.delivered / w2.seconds).toFixed(0)} msg/s (CPU ${cpu(w2)}) | ratio ${(bps2 / bps1).toFixed(2)}`,
        );
        progress(rows[rows.length - 1] as string);
      }

      // Per-node costs, measured apart on one app node.
      progress("per-node costs: bets only, then publications only, on app-1");
      const betsOnly = await window([a.url], one, { bets: true, publish: false });
      const pubsOnly = await window([a.url], one, { bets: false, publish: true });
      const idle = await window([a.url], one, { bets: false, publish: false });
      const node = (w: Window) => (w.cpu.get(a.name) ?? 0) - (idle.cpu.get(a.name) ?? 0);
      const msPerBet = ((node(betsOnly) * betsOnly.seconds) / Math.max(1, betsOnly.bets)) * 1000;
      // app-1 delivers to `one` and to half of `two`: its share of the deliveries of both sets
      const deliveredByA = pubsOnly.delivered * 1.5;
      const usPerDelivered = ((node(pubsOnly) * pubsOnly.seconds) / Math.max(1, deliveredByA)) * 1e6;
      const feedStart = await feedMessages(feed);
      const feedCpuStart = cpuOf(feed);
      await sleep(seconds * 1000);
      const ingested = (await feedMessages(feed)) - feedStart;
      const feedCpu = cpuOf(feed) - feedCpuStart;
      const msPerIngested = ingested > 0 ? feedCpu / ingested : Number.NaN;

      if (betsOnly.failures > 0)
        console.log(`bet requests unanswered or 5xx while measuring bets: ${betsOnly.failures}`);
      if (betsOnly.refused.size > 0)
        console.log(
          `refused while measuring bets: ${[...betsOnly.refused].map(([c, n]) => `${c} ×${n}`).join(", ")}`,
        );
      console.log("\nCluster scale-out (same-run baseline: one app node)");
      for (const row of rows) console.log(row);
      console.log(
        `per-node cost: ${msPerBet.toFixed(2)} ms CPU per bet (app node; PostgreSQL's own not included), ` +
          `${usPerDelivered.toFixed(1)} µs CPU per delivered message (app node), ` +
          `${msPerIngested.toFixed(2)} ms CPU per ingested feed message (feed node, simulator included; ${ingested} messages in ${seconds} s)`,
      );
      const ratio = median(ratios);
      console.log(
        `verdict: two app nodes ${ratio.toFixed(2)}× one node's bets/s (median of ${rounds} rounds) — ${verdict(ratio >= 0.9)} (≥ 0.9×: a second node never costs throughput; on 2 shared cores more is not on offer)`,
      );
    } finally {
      clearInterval(refresher);
      await publisher.close();
    }
  } finally {
    for (const w of watchers) w.close();
    await sql.end().catch(() => {});
    await cluster?.stop();
    await servers.release();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
