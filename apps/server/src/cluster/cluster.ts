import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateVapidKeys } from "../secrets.js";
import { type Backend, ensureHaproxy, haproxyConfig } from "./haproxy.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../../..");

/** What every node of one cluster shares: the servers behind it and its secrets. */
export interface ClusterOptions {
  appNodes: number;
  databaseUrl: string;
  redisUrl: string;
  /** The feed node's broker; without it the feed node runs its simulator in process. */
  amqpUrl?: string | undefined;
  redisPrefix: string;
  pages: boolean;
  /** Extra environment of every node (FEED_SPEED …). */
  env?: Record<string, string>;
  /** Port of the load balancer; a free one when absent. */
  port?: number;
  log?: (line: string) => void;
}

export interface ClusterNode {
  name: string;
  port: number;
  role: "app" | "feed";
  url: string;
  pid(): number | undefined;
  /** Sends a signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts the node again (same port and data) and waits until it is ready. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The load balancer's URL: the one address players and operators use. */
  url: string;
  nodes: ClusterNode[];
  appNodes: ClusterNode[];
  feedNode: ClusterNode;
  /** Waits until HAProxy routes to each app node that is up (its checks passed). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nobody listens on now, from the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Waits for `fn` to return true; throws naming `what` after `ms`. */
export async function until(what: string, fn: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    // a check that throws is not yet true: it is tried again until the deadline
    if (await fn().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const readyAt = async (url: string) => (await fetch(`${url}/api/ready`)).status === 200;

/**
 * Starts a cluster on this machine: the feed node (odds feed, settlement; no pages, outside the
 * load balancer), N app nodes (pages, API, realtime, scheduled jobs) and HAProxy in front of the
 * app nodes, every process with its data in one temporary folder that `stop` removes.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), "sportsbook-cluster-"));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString("hex");
  // one key pair for every node: a browser subscribed through one node is pushed to by any other
  const vapid = generateVapidKeys();
  const children = new Set<ChildProcess>();
  let haproxy: ChildProcess | undefined;

  const common: Record<string, string> = {
    HOST: "127.0.0.1",
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.redisPrefix,
    REALTIME_TOKEN_SECRET: secret,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUBLIC_URL: url,
    TRUST_PROXY: "loopback",
    LOG_LEVEL: "warn",
    DATABASE_POOL_SIZE: "4",
    // the cluster is a try-out on one machine: demo sign-in and the demo player as `npm start` has them
    DEMO_MODE: "on",
    DEV_MAILBOX: "off",
    HOST_DEMO: "off",
    SANDBOX_PAYMENTS: "off",
    NEXT_TELEMETRY_DISABLED: "1",
    ...options.env,
  };

  function node(name: string, role: "app" | "feed", nodePort: number): ClusterNode {
    const dataDir = join(dir, name);
    mkdirSync(dataDir, { recursive: true });
    const env: Record<string, string> = {
      ...common,
      PORT: String(nodePort),
      DATA_DIR: dataDir,
      NODE_NAME: name,
      ...(role === "feed"
        ? {
            FEED_ENABLED: "on",
            JOBS_ENABLED: "off",
            SERVE_PAGES: "off",
            DEMO_PLAYER: "on",
            ...(options.amqpUrl ? { AMQP_URL: options.amqpUrl } : {}),
          }
        : {
            FEED_ENABLED: "off",
            JOBS_ENABLED: "on",
            SERVE_PAGES: options.pages ? "on" : "off",
            DEMO_PLAYER: "off",
            // above HAProxy's check interval (500 ms) × its fall count (1), with a margin
            SHUTDOWN_DRAIN_MS: "1500",
          }),
    };
    let child: ChildProcess | undefined;
    const nodeUrl = `http://127.0.0.1:${nodePort}`;
    return {
      name,
      port: nodePort,
      role,
      url: nodeUrl,
      pid: () => child?.pid,
      async start() {
        // node itself with tsx's loader, not the tsx wrapper: a signal must reach the server's own process
        const c = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
          cwd: root,
          env: { ...process.env, ...env },
          stdio: ["ignore", "ignore", "pipe"],
        });
        child = c;
        children.add(c);
        c.stderr?.on("data", (chunk: Buffer) => {
          for (const line of chunk.toString().split("\n")) if (line.trim()) log(`[${name}] ${line}`);
        });
        const exited = new Promise<never>((_, reject) =>
          c.once("exit", (code, signal) => {
            children.delete(c);
            reject(new Error(`${name} exited while starting (${signal ?? code})`));
          }),
        );
        exited.catch(() => {}); // a later exit is expected (kill); only the race below reads it
        await Promise.race([until(`${name} to be ready`, () => readyAt(nodeUrl)), exited]);
      },
      async kill(signal) {
        const c = child;
        if (!c || c.exitCode !== null || c.signalCode !== null) return;
        const ended = new Promise<void>((resolve) => c.once("exit", () => resolve()));
        c.kill(signal);
        await ended;
        children.delete(c);
      },
    };
  }

  const stop = async () => {
    haproxy?.kill("SIGTERM");
    await Promise.all(
      [...children].map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once("exit", () => resolve());
            c.kill("SIGTERM");
            // a node that has not ended its draining in time is ended
            setTimeout(() => c.kill("SIGKILL"), 15_000).unref();
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The feed node first: it applies the migrations and ensures the demo player before anyone reads.
    const feedNode = node("feed-1", "feed", await freePort());
    log(`starting ${feedNode.name} (odds feed, settlement) on ${feedNode.url}`);
    await feedNode.start();
    const appNodes: ClusterNode[] = [];
    for (let i = 1; i <= options.appNodes; i += 1) appNodes.push(node(`app-${i}`, "app", await freePort()));
    log(`starting ${appNodes.map((n) => `${n.name} on ${n.url}`).join(", ")}`);
    await Promise.all(appNodes.map((n) => n.start()));

    const binary = ensureHaproxy(log);
    const backends: Backend[] = appNodes.map((n) => ({ name: n.name, port: n.port }));
    const config = join(dir, "haproxy.cfg");
    writeFileSync(config, haproxyConfig({ port, backends }));
    const h = spawn(binary, ["-db", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
    haproxy = h;
    h.stderr?.on("data", (chunk: Buffer) => log(`[haproxy] ${chunk.toString().trim()}`));
    const haproxyEnded = new Promise<never>((_, reject) =>
      h.once("exit", (code) => reject(new Error(`HAProxy exited (${code}); see its messages above`))),
    );
    haproxyEnded.catch(() => {}); // read by the race below; a later exit is the stop's own
    const settled = () =>
      until("HAProxy to route to every ready app node", async () => {
        // a node that cannot be reached is not ready
        const up = await Promise.all(appNodes.map((n) => readyAt(n.url).catch(() => false)));
        if (!up.some(Boolean)) return false;
        // every ready node answers through the balancer within a few round-robin turns
        const seen = new Set<string>();
        for (let i = 0; i < appNodes.length * 3; i += 1) {
          const r = await fetch(`${url}/api/ready`);
          await r.arrayBuffer();
          if (r.status !== 200) return false;
          seen.add(r.headers.get("x-served-by") ?? "");
        }
        return appNodes.every((n, i) => !up[i] || seen.has(n.name));
      });
    await Promise.race([settled(), haproxyEnded]);
    return { url, nodes: [feedNode, ...appNodes], appNodes, feedNode, settled, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
