import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedLogger } from "../src/ingest/ingest.js";
import { createAmqpTransport, type RetryTimer } from "../src/transport/amqp.js";
import type { FeedTransport } from "../src/transport/transport.js";
import { type PrivateVhost, privateVhost, rabbitmqctlWorks } from "./rabbit.js";

const url = process.env.TEST_AMQP_URL;
const port = url ? Number(new URL(url).port || 5672) : 0;
const policy = { firstMs: 100, maxMs: 1_000, refusedMs: 60_000 };

/** A retry timer the test fires by hand; each wait asked for is recorded. */
function handTimer() {
  const waits: number[] = [];
  let pending: (() => void) | undefined;
  let asked: (() => void) | undefined;
  const timer: RetryTimer = {
    set(fn, ms) {
      waits.push(ms);
      pending = fn;
      asked?.();
      return waits.length;
    },
    clear() {
      pending = undefined;
    },
  };
  return {
    timer,
    waits,
    /** Runs the pending retry and resolves when the next one is asked for. */
    fire(): Promise<void> {
      const next = new Promise<void>((resolve) => {
        asked = resolve;
      });
      const run = pending;
      pending = undefined;
      run?.();
      return next;
    },
    runPending(): void {
      const run = pending;
      pending = undefined;
      run?.();
    },
  };
}

function logs() {
  const lines: { level: string; msg: string | undefined }[] = [];
  const log: FeedLogger = {
    info: (_o, msg) => lines.push({ level: "info", msg }),
    warn: (_o, msg) => lines.push({ level: "warn", msg }),
    error: (_o, msg) => lines.push({ level: "error", msg }),
  };
  return { log, lines };
}

const upAgain = (t: FeedTransport) =>
  new Promise<void>((resolve) => t.onStatus((s) => s.state === "up" && resolve()));

describe.skipIf(!url || !rabbitmqctlWorks)(
  "AMQP refusals retrying cannot fix (own vhost and user by rabbitmqctl; skipped without it or without TEST_AMQP_URL)",
  { timeout: 60_000 },
  () => {
    let vh: PrivateVhost;
    beforeAll(async () => {
      vh = await privateVhost("refusal");
    });
    afterAll(async () => vh?.remove());

    it("reports a user without configure permission once, naming AMQP_URL, retries every minute, and connects once granted", async () => {
      await vh.grant("", ".*", ".*");
      const t = handTimer();
      const { log, lines } = logs();
      const transport = await createAmqpTransport({
        url: vh.url(port),
        log,
        timer: t.timer,
        policy,
        random: () => 0.5,
      });
      try {
        expect(transport.status()).toMatchObject({ state: "down", refused: true, failures: 1 });
        expect(transport.status().cause).toMatch(/ACCESS_REFUSED.*configure.*AMQP_URL|AMQP_URL.*configure/);
        await t.fire();
        await t.fire();
        expect(t.waits).toEqual([60_000, 60_000, 60_000]);
        expect(transport.status().failures).toBe(3);
        expect(lines.filter((l) => l.level === "error")).toHaveLength(1);
        expect(lines[0]?.msg).toMatch(/refused.*AMQP_URL/);
        await expect(
          transport.publish({
            frame: { provider: "betradar", routingKey: "-.-.-.alive.-.-.-.-", body: "<alive/>" },
          }),
        ).rejects.toThrow(/broker connection is down/);

        await vh.grant(".*", ".*", ".*");
        const up = upAgain(transport);
        t.runPending();
        await up;
        expect(transport.status()).toMatchObject({ state: "up", failures: 0 });
        await transport.publish({
          frame: { provider: "betradar", routingKey: "-.-.-.alive.-.-.-.-", body: "<alive/>" },
        });
        expect(lines.filter((l) => l.level === "info").map((l) => l.msg)).toEqual([
          "the feed's broker connection is up again",
        ]);
      } finally {
        await transport.close();
      }
    });

    it("works without configure permission when the exchanges are declared beforehand", async () => {
      await vh.grant(".*", ".*", ".*");
      await (await createAmqpTransport({ url: vh.url(port) })).close();
      await vh.grant("", ".*", ".*");
      const transport = await createAmqpTransport({ url: vh.url(port), timer: handTimer().timer });
      try {
        expect(transport.status().state).toBe("up");
        await transport.publish({
          frame: { provider: "oddin", routingKey: "-.-.-.alive.-.-.-.-", body: "<alive/>" },
        });
      } finally {
        await transport.close();
      }
    });

    it("reports a refused login as the credentials in AMQP_URL, at the slow pace", async () => {
      const t = handTimer();
      const transport = await createAmqpTransport({ url: vh.url(port, "wrong"), timer: t.timer, policy });
      try {
        expect(transport.status()).toMatchObject({ state: "down", refused: true });
        expect(transport.status().cause).toMatch(/login.*user name and password in AMQP_URL/);
        expect(t.waits).toEqual([expect.any(Number)]);
        expect(t.waits[0]).toBeGreaterThanOrEqual(54_000);
      } finally {
        await transport.close();
      }
    });
  },
);

describe.skipIf(!url)("AMQP broker out of reach", () => {
  it("resolves down and retries with growing, jittered waits instead of throwing", async () => {
    const t = handTimer();
    // a port nothing listens on: connection refused
    const transport = await createAmqpTransport({
      url: "amqp://guest:guest@127.0.0.1:1",
      timer: t.timer,
      policy,
      random: () => 0,
    });
    try {
      expect(transport.status()).toMatchObject({ state: "down", failures: 1 });
      expect(transport.status().refused).toBeUndefined();
      expect(transport.status().cause).toMatch(/cannot be reached \(ECONNREFUSED\)/);
      await t.fire();
      await t.fire();
      await t.fire();
      expect(t.waits).toEqual([50, 100, 200, 400]);
    } finally {
      await transport.close();
    }
  });
});
