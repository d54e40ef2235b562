import pg from "pg";
import { startCluster } from "./cluster.js";
import { type FailoverReport, runFailover } from "./failover.js";
import { provision, type ServerUrls } from "./provision.js";

export interface VerifyOptions {
  appNodes: number;
  log: (line: string) => void;
  /** Seconds of steady load around the kill (default 5). */
  steadySeconds?: number;
}

/**
 * The whole check behind `npm run cluster -- --verify` and its suite test: a cluster of its own
 * (database, Redis prefix, RabbitMQ virtual host), the node-failure test and the rolling restart,
 * then everything stopped and removed.
 */
export async function verifyCluster(urls: ServerUrls, options: VerifyOptions): Promise<FailoverReport> {
  const { log } = options;
  const servers = await provision(urls);
  if (servers.amqpNote) log(servers.amqpNote);
  try {
    const cluster = await startCluster({
      appNodes: options.appNodes,
      databaseUrl: servers.databaseUrl,
      redisUrl: servers.redisUrl,
      redisPrefix: servers.redisPrefix,
      amqpUrl: servers.amqpUrl,
      pages: false,
      // live matches that reprice every couple of seconds, prematch ones that stay open for bets
      env: { FEED_SPEED: "10", FEED_MATCHES: "40", FEED_SEED: "cluster-verify" },
      log,
    });
    log(`cluster up at ${cluster.url}`);
    const sql = new pg.Client({ connectionString: servers.databaseUrl });
    await sql.connect();
    try {
      return await runFailover(cluster, sql, {
        bettors: 4,
        watchers: 24,
        channelsPerWatcher: 3,
        steadySeconds: options.steadySeconds ?? 5,
        stake: 10,
        log,
      });
    } finally {
      await sql.end();
      await cluster.stop();
    }
  } finally {
    await servers.release();
  }
}
