import { parseArgs } from "node:util";
import { startCluster } from "./cluster.js";
import { failoverLine } from "./failover.js";
import { provision, serverUrls } from "./provision.js";
import { verifyCluster } from "./verify.js";

/**
 * `npm run cluster [-- --nodes N] [--port P] [--no-pages] [--verify]`: N app nodes, a feed node and
 * HAProxy on this machine's PostgreSQL, Redis and RabbitMQ; prints the one URL and runs until Ctrl-C.
 * With --verify it runs the node-failure test and the rolling restart instead, and ends with one line.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      nodes: { type: "string", default: "2" },
      port: { type: "string" },
      "no-pages": { type: "boolean", default: false },
      verify: { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
    },
  });
  const appNodes = Number(values.nodes);
  if (!Number.isInteger(appNodes) || appNodes < 1 || appNodes > 16) throw new Error("--nodes takes 1 to 16");
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535))
    throw new Error("--port takes a port number");
  const urls = serverUrls(process.env);
  const log = (line: string) => console.log(line);

  if (values.verify) {
    const report = await verifyCluster(urls, {
      appNodes: Math.max(appNodes, 2),
      log: values.verbose ? log : quiet(log),
    });
    const { unbalanced, driftedAccounts, stakesPerBetOff } = report.ledger;
    console.log(
      `ledger: ${unbalanced} unbalanced postings, ${driftedAccounts} balances off their entries, ${stakesPerBetOff} bets without exactly one stake; ${report.retriedAfterKill} bets retried with their key after the kill, ${report.rollingRequests} requests during the rolling restart`,
    );
    console.log(failoverLine(report));
    const clean =
      report.lost +
        report.duplicated +
        report.gaps +
        report.rollingFailed +
        unbalanced +
        driftedAccounts +
        stakesPerBetOff ===
      0;
    process.exitCode = clean ? 0 : 1;
    return;
  }

  const servers = await provision(urls);
  if (servers.amqpNote) log(servers.amqpNote);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      log("stopping the cluster…");
      await cluster?.stop();
      await servers.release();
    })();
    return stopping;
  };
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  // Ctrl-C reaches the whole process group, and a launcher may pass it on again: every signal
  // after the first joins the stop under way instead of ending the process before it cleaned up.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop());
  try {
    cluster = await startCluster({
      appNodes,
      databaseUrl: servers.databaseUrl,
      redisUrl: servers.redisUrl,
      redisPrefix: servers.redisPrefix,
      amqpUrl: servers.amqpUrl,
      pages: !values["no-pages"],
      ...(port ? { port } : {}),
      log: values.verbose ? log : quiet(log),
    });
  } catch (err) {
    await stop();
    throw err;
  }
  log(`\nThe sportsbook runs on ${appNodes} app nodes behind HAProxy: ${cluster.url}`);
  log("Ctrl-C stops every node and HAProxy and removes the cluster's database, Redis keys and broker.");
}

/** Start-up progress and errors only: a node's warnings go to --verbose. */
function quiet(log: (line: string) => void) {
  return (line: string) => {
    if (!line.startsWith("[") || /"level":(50|60)/.test(line)) log(line);
  };
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
