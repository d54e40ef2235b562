import { describe, expect, it } from "vitest";
import { failoverLine } from "./failover.js";
import { verifyCluster } from "./verify.js";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const amqpUrl = process.env.TEST_AMQP_URL;

// The node processes, HAProxy and the machine's servers: what `npm run cluster -- --verify` runs.
describe.skipIf(!databaseUrl || !redisUrl || !amqpUrl)("a cluster of two app nodes behind HAProxy", () => {
  it("keeps every acknowledged bet once, the ledger whole and every client's channels gapless when a node dies, and fails no request in a rolling restart", async () => {
    const lines: string[] = [];
    const report = await verifyCluster(
      { databaseUrl: databaseUrl as string, redisUrl: redisUrl as string, amqpUrl: amqpUrl as string },
      { appNodes: 2, log: (line) => lines.push(line) },
    );
    // bets went on through the surviving node (the machine's load sets how many)
    expect(report.acknowledgedAfterKill, lines.join("\n")).toBeGreaterThan(0);
    expect(report.lost).toBe(0);
    expect(report.duplicated).toBe(0);
    expect(report.ledger).toEqual({ unbalanced: 0, driftedAccounts: 0, stakesPerBetOff: 0 });
    // every client was on a node that was killed or restarted, and came back whole
    expect(report.recovered).toBe(24);
    expect(report.gaps).toBe(0);
    expect(report.rollingRequests).toBeGreaterThan(0);
    expect(report.rollingFailed).toBe(0);
    expect(failoverLine(report)).toMatch(
      /^failover: \d+ bets acknowledged, 0 lost, 0 duplicated; 24 clients recovered, 0 gaps; rolling restart 0 failed$/,
    );
  }, 600_000);
});
