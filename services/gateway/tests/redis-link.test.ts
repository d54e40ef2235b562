import { randomUUID } from "node:crypto";
import type { LinkStatus } from "@sportsbook/contracts";
import { startTcpProxy, type TcpProxy } from "@sportsbook/contracts/testing/tcp-proxy";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGateway, type Gateway } from "../src/gateway.js";
import { dropKeys, secret } from "./helpers.js";

const redisUrl = process.env.TEST_REDIS_URL;
const retry = { firstMs: 50, maxMs: 400, refusedMs: 60_000 };

/** A request every 100 ms to the gateway's own HTTP server while Redis is away; every answer a 200. */
function keepAsking(base: string) {
  let asking = true;
  const result = { ok: 0, failed: [] as string[] };
  const loop = (async () => {
    while (asking) {
      try {
        const res = await fetch(`${base}/health`);
        if (res.status === 200) result.ok++;
        else result.failed.push(String(res.status));
      } catch (err) {
        result.failed.push(String(err));
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      asking = false;
      await loop;
      return result;
    },
  };
}

describe.skipIf(!redisUrl)(
  "the realtime Redis fails into its own part (through a TCP proxy)",
  { timeout: 60_000 },
  () => {
    const target = new URL(redisUrl ?? "redis://127.0.0.1:6379/15");
    const prefix = `test-link-${randomUUID()}`;
    const changes: LinkStatus[] = [];
    let proxy: TcpProxy;
    let gateway: Gateway;

    beforeAll(async () => {
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      gateway = createGateway({
        tokenSecret: secret,
        port: 0,
        host: "127.0.0.1",
        redisUrl: `redis://127.0.0.1:${proxy.port}${target.pathname}`,
        redisPrefix: prefix,
        retry,
        random: () => 0.5,
        onLinkChange: (s) => changes.push(s),
      });
      await gateway.start();
      await gateway.publisher.publish("public:en", { type: "ping" });
    });
    afterAll(async () => {
      await gateway?.stop();
      await proxy?.close();
      if (redisUrl) await dropKeys(redisUrl, prefix);
    });

    it("Redis stopped and started again: told once, counted, retried with backoff; the node answers throughout", async () => {
      expect(gateway.link()?.state).toBe("up");
      expect(await gateway.metrics.registry.metrics()).toMatch(/realtime_redis_up 1/);
      const asking = keepAsking(gateway.url() ?? "");
      await proxy.refuse();
      await vi.waitFor(() => expect(gateway.link()?.failures).toBeGreaterThanOrEqual(4), {
        timeout: 20_000,
        interval: 50,
      });
      // a lost connection, then refused attempts: at most one word per cause, not one per attempt
      expect(changes.length).toBeLessThanOrEqual(2);
      expect(changes.every((c) => c.state === "down")).toBe(true);
      expect(gateway.link()?.cause).toMatch(/REDIS_URL is out of reach \(.*ECONNREFUSED/);
      const text = await gateway.metrics.registry.metrics();
      expect(text).toMatch(/realtime_redis_up 0/);
      expect(
        Number(/realtime_redis_failures_total\{kind="lost"\} (\d+)/.exec(text)?.[1]),
      ).toBeGreaterThanOrEqual(4);
      await expect(gateway.publisher.publish("public:en", { type: "ping" })).rejects.toThrow();

      await proxy.restore();
      await vi.waitFor(() => expect(gateway.link()?.state).toBe("up"), { timeout: 20_000, interval: 50 });
      expect(changes.at(-1)?.state).toBe("up");
      await gateway.publisher.publish("public:en", { type: "ping" });
      expect(await gateway.metrics.registry.metrics()).toMatch(/realtime_redis_up 1/);
      const answered = await asking.stop();
      expect(answered.failed).toEqual([]);
      expect(answered.ok).toBeGreaterThan(0);
    });

    it("a refused login is told as the credentials in REDIS_URL, retried at the slow pace", async () => {
      const told: LinkStatus[] = [];
      const refused = createGateway({
        tokenSecret: secret,
        redisUrl: `redis://sb-no-such-user-${randomUUID()}:wrong@${target.host}${target.pathname}`,
        redisPrefix: prefix,
        retry,
        random: () => 0.5,
        onLinkChange: (s) => told.push(s),
      });
      try {
        await refused.start();
        void refused.publisher.publish("public:en", { type: "ping" }).catch(() => "refused, as expected");
        await vi.waitFor(() => expect(told.length).toBeGreaterThan(0), { timeout: 20_000, interval: 50 });
        expect(told[0]).toMatchObject({ state: "down", refused: true });
        expect(told[0]?.cause).toMatch(/WRONGPASS.*REDIS_URL/);
      } finally {
        await refused.stop();
      }
    });
  },
);
