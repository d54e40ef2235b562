/**
 * Realtime scale-out: the same client population (5,000 clients on 200 match channels) served by
 * one gateway node and by two gateway nodes sharing the Redis broker, fed by a publisher that
 * writes into Redis as the feed service does on several machines (`createRedisPublisher`), at the
 * same offered load as the fan-out benchmark (2,000 odds updates/s, 50,000 messages/s).
 *
 * What is measured, and why: the figure that says whether a second node adds capacity is how
 * many messages a node delivers per CPU-second it uses. Summed over the nodes, it is what the
 * cluster delivers when each node has a core of its own, which is how nodes are deployed. The
 * wall-clock rate cannot say it on the 2-core machine these figures come from: there the nodes,
 * Redis, the publisher and 5,000 clients all share both cores, and below saturation one node and
 * two deliver the same 50,000 messages/s. What a second node costs is work done on both: each
 * receives every publication from Redis and encodes it, and only the writes to clients are
 * split. So the verdict is the ratio of the two nodes' summed capacity to the single node's, the
 * median of per-round ratios (the configurations take turns in short windows, so a burst of other
 * load falls on both); it also prints delivered messages per CPU-second of both nodes together
 * (what the second node's share of duplicated work costs), and Redis's own CPU.
 * The client i connects to node ⌊i / channels⌋ mod 2, so every channel has subscribers on both
 * nodes, as behind a load balancer, and both nodes subscribe to every channel.
 *
 * The age of a price is end to end: from the publisher call accepting the update (in the
 * publisher's process) through Redis and a node to the client's message callback.
 *
 *   npx tsx bench/gateway-scaleout.bench.ts [--clients 5000] [--channels 200] [--rate 2000]
 *     [--seconds 3] [--warmup 1] [--rounds 5]
 *   BENCH_REDIS_URL (default redis://127.0.0.1:6379/12): the Redis both configurations use, each
 *   under a key prefix of its own that the benchmark deletes at the end.
 *   FANOUT_PROF=<dir> writes a CPU profile of each node process into <dir>.
 */

import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createGateway, createRedisPublisher } from "@sportsbook/gateway";
import WebSocket from "ws";
import {
  arg,
  child as benchChild,
  childRole,
  fmt,
  median,
  now,
  oddsUpdate,
  parentChannel,
  percentile,
  pooled,
  progress,
  redisCommand,
  Samples,
  sleep,
  verdict,
} from "./gateway-bench-kit.js";

interface Plan {
  redisUrl: string;
  /** Redis key prefix of the configuration (nodes) or of both (publisher). */
  prefixes: string[];
  clients: number;
  channels: number;
  rate: number;
  /** Clients: the nodes' WebSocket URLs. */
  urls?: string[];
}

type ToChild =
  | { cmd: "start"; prefix: string }
  | { cmd: "stop" }
  | { cmd: "mark" }
  | { cmd: "reset" }
  | { cmd: "report" };
type FromChild =
  | { kind: "listening"; url: string }
  | { kind: "ready"; connected: number }
  | { kind: "mark"; cpu: number; published: number; failed: number; errors: number; at: number }
  | { kind: "report"; perNode: number[]; ages: Float64Array; cpu: number }
  | { kind: "error"; message: string };

const file = fileURLToPath(import.meta.url);
const cpuSeconds = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

// ---------------------------------------------------------------------------------------------
// A gateway node on Redis

async function runNode(plan: Plan): Promise<void> {
  const parent = parentChannel<ToChild, FromChild>();
  let errors = 0;
  const gw = createGateway({
    tokenSecret: "benchmark-secret-benchmark-secret",
    port: 0,
    host: "127.0.0.1",
    redisUrl: plan.redisUrl,
    redisPrefix: plan.prefixes[0] as string,
    commandRate: { perSecond: 1000, burst: 1000 },
    onError: (err) => {
      errors += 1;
      if (errors <= 5) console.error("gateway node:", err);
    },
  });
  await gw.start();
  parent.on((msg) => {
    if (msg.cmd === "mark")
      parent.send({ kind: "mark", cpu: cpuSeconds(), published: 0, failed: 0, errors, at: now() });
  });
  parent.send({
    kind: "listening",
    url: `${(gw.url() as string).replace("http", "ws")}/connection/websocket`,
  });
}

// ---------------------------------------------------------------------------------------------
// The publisher: the feed service's side, writing into Redis

async function runPublisher(plan: Plan): Promise<void> {
  const parent = parentChannel<ToChild, FromChild>();
  const publishers = new Map(
    plan.prefixes.map((prefix) => [prefix, createRedisPublisher({ url: plan.redisUrl, prefix })]),
  );
  let seq = 0;
  let failed = 0;
  const fail = (err: unknown) => {
    failed += 1;
    if (failed <= 5) console.error("publish failed:", err);
  };
  let timer: NodeJS.Timeout | undefined;
  parent.on((msg) => {
    if (msg.cmd === "start" && !timer) {
      const publisher = publishers.get(msg.prefix);
      if (!publisher) return;
      // The fan-out benchmark's schedule: a fixed rate round-robin over the channels, catching up
      // on timer drift up to 100 ms.
      let carry = 0;
      let last = now();
      timer = setInterval(() => {
        const t = now();
        const owed = (Math.min(t - last, 100) / 1000) * plan.rate + carry;
        const due = Math.floor(owed);
        carry = owed - due;
        last = t;
        for (let i = 0; i < due; i++, seq++) {
          const matchId = seq % plan.channels;
          publisher.publish(`match:${matchId}`, oddsUpdate(matchId, seq)).catch(fail);
        }
      }, 5);
    } else if (msg.cmd === "stop") {
      clearInterval(timer);
      timer = undefined;
    } else if (msg.cmd === "mark") {
      parent.send({ kind: "mark", cpu: cpuSeconds(), published: seq, failed, errors: 0, at: now() });
    }
  });
  parent.send({ kind: "listening", url: "" });
}

// ---------------------------------------------------------------------------------------------
// Clients: one process per configuration, the same population split over its nodes

async function runClients(plan: Plan & { urls: string[] }): Promise<void> {
  const parent = parentChannel<ToChild, FromChild>();
  const ages = new Samples();
  const perNode = plan.urls.map(() => 0);
  function open(i: number): Promise<void> {
    const channel = `match:${i % plan.channels}`;
    const node = Math.floor(i / plan.channels) % plan.urls.length;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(plan.urls[node] as string, {
        perMessageDeflate: false,
        handshakeTimeout: 20_000,
      });
      ws.on("error", reject);
      ws.on("open", () => ws.send(`{"id":1,"connect":{}}\n{"id":2,"subscribe":{"channel":"${channel}"}}`));
      const onLine = (line: string) => {
        if (line.startsWith('{"push"')) {
          // The fan-out benchmark's read: the acceptance time is the last `"t":` of the message.
          ages.add(now() - Number.parseFloat(line.slice(line.lastIndexOf('"t":') + 4)));
          perNode[node] = (perNode[node] as number) + 1;
        } else if (line === "{}") ws.send("{}");
        else if (line.startsWith('{"id":2')) resolve();
      };
      ws.on("message", (raw) => {
        const text = String(raw);
        if (!text.includes("\n")) return onLine(text);
        for (const line of text.split("\n")) onLine(line);
      });
    });
  }
  try {
    for (let i = 0; i < plan.clients; i += 250) {
      const batch = [];
      for (let j = i; j < Math.min(plan.clients, i + 250); j++) batch.push(open(j));
      await Promise.all(batch);
    }
  } catch (e) {
    parent.send({ kind: "error", message: String(e) });
    return;
  }
  parent.send({ kind: "ready", connected: plan.clients });
  let cpu0 = cpuSeconds();
  parent.on((msg) => {
    if (msg.cmd === "reset") {
      ages.reset();
      perNode.fill(0);
      cpu0 = cpuSeconds();
    } else if (msg.cmd === "report") {
      parent.send({ kind: "report", perNode: [...perNode], ages: ages.take(), cpu: cpuSeconds() - cpu0 });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Orchestration

type Child = ReturnType<typeof benchChild<ToChild, FromChild>>;

interface Config {
  name: "one node" | "two nodes";
  prefix: string;
  nodes: Child[];
  clients: Child;
}

interface Window {
  delivered: number;
  offered: number;
  /** Per node: CPU in cores, delivered messages per second, capacity (messages per CPU-second). */
  nodes: { busy: number; delivered: number; capacity: number }[];
  /** Σ of the nodes' capacities: the cluster with a core per node. */
  capacity: number;
  /** Delivered messages per CPU-second of all nodes together. */
  perCpuSecond: number;
  redisBusy: number;
  clientBusy: number;
  ages: Float64Array;
  errors: number;
}

/** CPU seconds Redis has used, user and system (the whole server: other users of it count too). */
async function redisCpu(url: string): Promise<number> {
  const info = await redisCommand(url, ["INFO", "cpu"]);
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
  return field("used_cpu_sys") + field("used_cpu_user");
}

/** Deletes every key under a prefix (the benchmark's own streams and offsets). */
const dropPrefix = (url: string, prefix: string) =>
  redisCommand(url, [
    "EVAL",
    "local k = redis.call('keys', ARGV[1]) for i = 1, #k, 1000 do redis.call('del', unpack(k, i, math.min(i + 999, #k))) end return #k",
    "0",
    `${prefix}:*`,
  ]);

async function measure(
  config: Config,
  publisher: Child,
  redisUrl: string,
  opts: { seconds: number; warmup: number; target: number },
): Promise<Window> {
  publisher.send({ cmd: "start", prefix: config.prefix });
  await sleep(opts.warmup * 1000);
  config.clients.send({ cmd: "reset" });
  const marks = async () => {
    for (const c of [publisher, ...config.nodes]) c.send({ cmd: "mark" });
    const [p, ...n] = await Promise.all([publisher, ...config.nodes].map((c) => c.next("mark")));
    return { p: p as Extract<FromChild, { kind: "mark" }>, n, redis: await redisCpu(redisUrl) };
  };
  const m0 = await marks();
  await sleep(opts.seconds * 1000);
  const m1 = await marks();
  config.clients.send({ cmd: "report" });
  const report = await config.clients.next("report");
  publisher.send({ cmd: "stop" });
  const seconds = (m1.p.at - m0.p.at) / 1000;
  const nodes = config.nodes.map((_, i) => {
    const busy = ((m1.n[i]?.cpu ?? 0) - (m0.n[i]?.cpu ?? 0)) / seconds;
    const delivered = (report.perNode[i] ?? 0) / seconds;
    return { busy, delivered, capacity: delivered / Math.max(busy, 0.01) };
  });
  const delivered = report.perNode.reduce((a, b) => a + b, 0) / seconds;
  return {
    delivered,
    offered: ((m1.p.published - m0.p.published) * opts.target) / seconds,
    nodes,
    capacity: nodes.reduce((a, n) => a + n.capacity, 0),
    perCpuSecond:
      delivered /
      Math.max(
        nodes.reduce((a, n) => a + n.busy, 0),
        0.01,
      ),
    redisBusy: (m1.redis - m0.redis) / seconds,
    clientBusy: report.cpu / seconds,
    ages: report.ages,
    errors: m1.n.reduce((a, m) => a + m.errors, 0) + m1.p.failed,
  };
}

function line(name: string, w: Omit<Window, "ages">, ages: Float64Array): string {
  const sorted = ages.slice().sort();
  const nodes = w.nodes
    .map((n) => `${(n.busy * 100).toFixed(0)}% → ${fmt(n.capacity).trim()}/core`)
    .join(", ");
  return (
    `${name.padEnd(9)} delivered ${fmt(w.delivered)} msg/s (offered ${fmt(w.offered)})` +
    `  price age p50 ${percentile(sorted, 50).toFixed(1).padStart(5)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms` +
    `  node CPU [${nodes}] → capacity ${fmt(w.capacity)} msg/s  (${fmt(w.perCpuSecond).trim()} per CPU-second of all nodes;` +
    ` Redis ${(w.redisBusy * 100).toFixed(0)}%, clients ${(w.clientBusy * 100).toFixed(0)}%)`
  );
}

async function main(): Promise<void> {
  const opts = {
    clients: arg("clients", 5000),
    channels: arg("channels", 200),
    rate: arg("rate", 2000),
    seconds: arg("seconds", 3),
    warmup: arg("warmup", 1),
  };
  const rounds = arg("rounds", 5);
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/12";
  const target = opts.clients / opts.channels;
  console.log(
    `scale-out: ${opts.clients} clients over ${opts.channels} channels, ${opts.rate} publications/s ` +
      `(${opts.rate * target} messages/s offered) through Redis, one node against two, ${rounds} rounds of ` +
      `${opts.seconds} s windows taken in turn`,
  );
  const run = randomUUID().slice(0, 8);
  const prefixes = { one: `bench-so-${run}-1`, two: `bench-so-${run}-2` };
  const running: Child[] = [];
  const spawn = (role: string, plan: Plan) => {
    const prof = role === "node" ? process.env.FANOUT_PROF : undefined;
    const c = benchChild<ToChild, FromChild>(file, role, plan, prof);
    running.push(c);
    return c;
  };
  const base = { redisUrl, clients: opts.clients, channels: opts.channels, rate: opts.rate };
  try {
    const publisher = spawn("publisher", { ...base, prefixes: [prefixes.one, prefixes.two] });
    await publisher.next("listening");
    const configs: Config[] = [];
    for (const [name, prefix, n] of [
      ["one node", prefixes.one, 1],
      ["two nodes", prefixes.two, 2],
    ] as const) {
      const nodes = Array.from({ length: n }, () => spawn("node", { ...base, prefixes: [prefix] }));
      const urls = (await Promise.all(nodes.map((c) => c.next("listening")))).map((m) => m.url);
      progress(`${name}: connecting ${opts.clients} clients`);
      const clients = spawn("clients", { ...base, prefixes: [prefix], urls });
      await clients.next("ready", 120_000);
      configs.push({ name, prefix, nodes, clients });
    }

    const windows = new Map<string, Window[]>(configs.map((c) => [c.name, []]));
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 ? configs : [...configs].reverse();
      for (const config of order) {
        progress(`round ${round}: ${config.name}`);
        const w = await measure(config, publisher, redisUrl, { ...opts, target });
        windows.get(config.name)?.push(w);
        console.log(`  round ${round} ${line(config.name, w, w.ages)}`);
      }
    }

    console.log("median over rounds (price age over every message of every window):");
    for (const config of configs) {
      const ws = windows.get(config.name) as Window[];
      const med = (f: (w: Window) => number) => median(ws.map(f));
      const summary = {
        delivered: med((w) => w.delivered),
        offered: med((w) => w.offered),
        nodes: config.nodes.map((_, i) => ({
          busy: med((w) => w.nodes[i]?.busy ?? 0),
          delivered: med((w) => w.nodes[i]?.delivered ?? 0),
          capacity: med((w) => w.nodes[i]?.capacity ?? 0),
        })),
        capacity: med((w) => w.capacity),
        perCpuSecond: med((w) => w.perCpuSecond),
        redisBusy: med((w) => w.redisBusy),
        clientBusy: med((w) => w.clientBusy),
        errors: ws.reduce((a, w) => Math.max(a, w.errors), 0),
      };
      console.log(`  ${line(config.name, summary, pooled(ws.map((w) => w.ages)))}`);
    }
    const one = windows.get("one node") as Window[];
    const two = windows.get("two nodes") as Window[];
    const ratio = median(two.map((w, i) => w.capacity / (one[i] as Window).capacity));
    const efficiency = median(two.map((w, i) => w.perCpuSecond / (one[i] as Window).perCpuSecond));
    const wall = median(two.map((w, i) => w.delivered / (one[i] as Window).delivered));
    console.log(
      `two nodes vs one: delivered capacity ${ratio.toFixed(2)}× (Σ of per-node messages per CPU-second, ` +
        `median of per-round ratios) → target ≥ 1.7×: ${verdict(ratio >= 1.7)}   ` +
        `[per CPU-second of all nodes ${(efficiency * 100).toFixed(0)}%; wall-clock delivered ${wall.toFixed(2)}×, ` +
        "both below saturation]",
    );
    const errors = [...one, ...two].reduce((a, w) => a + w.errors, 0);
    if (errors > 0) console.log(`failed publications and node errors: ${errors} (see stderr)`);
  } finally {
    for (const c of running) c.close();
    for (const prefix of Object.values(prefixes)) {
      await dropPrefix(redisUrl, prefix).catch((err) => console.error(`could not delete ${prefix}:*`, err));
    }
  }
}

const started = childRole<Plan>();
if (started?.role === "node") void runNode(started.plan);
else if (started?.role === "publisher") void runPublisher(started.plan);
else if (started?.role === "clients" && started.plan.urls)
  void runClients({ ...started.plan, urls: started.plan.urls });
else {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
