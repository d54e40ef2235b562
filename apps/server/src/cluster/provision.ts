import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { EXIT_OK } from "./haproxy.js";

/** The machine's servers a cluster runs against, each given a name of its own that `release` removes. */
export interface Provisioned {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** The feed's broker in a virtual host of its own; absent when none could be made. */
  amqpUrl: string | undefined;
  /** Why the broker is absent. */
  amqpNote?: string;
  release(): Promise<void>;
}

export interface ServerUrls {
  databaseUrl: string;
  redisUrl: string;
  amqpUrl: string;
}

/** The servers named by the environment, else those of a development machine's defaults. */
export function serverUrls(env: NodeJS.ProcessEnv): ServerUrls {
  return {
    databaseUrl: env.DATABASE_URL ?? env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    redisUrl: env.REDIS_URL ?? env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    amqpUrl: env.AMQP_URL ?? env.TEST_AMQP_URL ?? "amqp://guest:guest@127.0.0.1:5672",
  };
}

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * A virtual host of RabbitMQ's own for the cluster's feed: through `rabbitmqctl` on this machine,
 * else the management API (port 15672) with the URL's credentials.
 */
async function makeVhost(amqpUrl: string, vhost: string): Promise<(() => Promise<void>) | undefined> {
  const ctl = (args: string[]) =>
    spawnSync("rabbitmqctl", args, { stdio: "ignore", timeout: 60_000 }).status === EXIT_OK;
  if (
    ctl(["add_vhost", vhost]) &&
    ctl([
      "set_permissions",
      "-p",
      vhost,
      decodeURIComponent(new URL(amqpUrl).username || "guest"),
      ".*",
      ".*",
      ".*",
    ])
  )
    return async () => {
      ctl(["delete_vhost", vhost]);
    };
  const u = new URL(amqpUrl);
  const api = `http://${u.hostname}:15672/api`;
  const auth = `Basic ${Buffer.from(`${decodeURIComponent(u.username || "guest")}:${decodeURIComponent(u.password || "guest")}`).toString("base64")}`;
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${api}${path}`, {
      method,
      headers: { authorization: auth, "content-type": "application/json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(5_000),
    });
  try {
    if (!(await call("PUT", `/vhosts/${encodeURIComponent(vhost)}`)).ok) return undefined;
    await call(
      "PUT",
      `/permissions/${encodeURIComponent(vhost)}/${encodeURIComponent(decodeURIComponent(u.username || "guest"))}`,
      {
        configure: ".*",
        write: ".*",
        read: ".*",
      },
    );
    return async () => {
      await call("DELETE", `/vhosts/${encodeURIComponent(vhost)}`);
    };
  } catch {
    return undefined; // no management API either: the caller runs the feed without the broker
  }
}

/** A database, a Redis key prefix and a RabbitMQ virtual host, each named with a random suffix. */
export async function provision(urls: ServerUrls): Promise<Provisioned> {
  const suffix = randomBytes(4).toString("hex");
  const name = `sb_cluster_${suffix}`;
  await withAdmin(urls.databaseUrl, (c) => c.query(`create database "${name}"`));
  const db = new URL(urls.databaseUrl);
  db.pathname = `/${name}`;
  const redisPrefix = `sb-cluster-${suffix}`;
  const vhost = `sb-cluster-${suffix}`;
  const dropVhost = await makeVhost(urls.amqpUrl, vhost);
  const amqp = new URL(urls.amqpUrl);
  amqp.pathname = `/${encodeURIComponent(vhost)}`;
  return {
    databaseUrl: db.toString(),
    redisUrl: urls.redisUrl,
    redisPrefix,
    amqpUrl: dropVhost ? amqp.toString() : undefined,
    ...(dropVhost ? {} : { amqpNote: "no RabbitMQ virtual host could be made; the feed runs in process" }),
    async release() {
      await withAdmin(urls.databaseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
      const redis = new Redis(urls.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      try {
        let cursor = "0";
        do {
          const [next, keys] = await redis.scan(cursor, "MATCH", `${redisPrefix}:*`, "COUNT", 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== "0");
      } finally {
        redis.disconnect();
      }
      await dropVhost?.();
    },
  };
}
