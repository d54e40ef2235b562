import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type StandInProvider, startStandInProvider } from "@sportsbook/feed/standin";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

const amqpUrl = process.env.TEST_AMQP_URL;
/** The stand-in makes its virtual host with `rabbitmqctl`, which needs to manage the broker. */
const rabbitmqctlWorks = spawnSync("rabbitmqctl", ["-q", "list_vhosts"], { timeout: 20_000 }).status === 0;

describe.skipIf(!amqpUrl || !rabbitmqctlWorks)(
  "FEED_PROVIDER=betradar against the provider stand-in (skipped without TEST_AMQP_URL or rabbitmqctl)",
  { timeout: 90_000 },
  () => {
    let standIn: StandInProvider;
    let server: Server;
    let address: string;
    let driving: NodeJS.Timeout;

    beforeAll(async () => {
      standIn = await startStandInProvider({
        provider: "betradar",
        adminUrl: amqpUrl as string,
        seed: "server",
        matches: 4,
        startTime: Date.now(),
      });
      driving = setInterval(() => void standIn.advanceTo(Date.now()), 100);
      server = await createServer({
        ...readConfig({
          SERVE_PAGES: "off",
          LOG_LEVEL: "silent",
          HOST: "127.0.0.1",
          DATA_DIR: mkdtempSync(join(tmpdir(), "sb-provider-feed-")),
          HOUSEKEEPING_INTERVAL_SECONDS: "0",
          FEED_PROVIDER: "betradar",
          FEED_PROVIDER_TOKEN: standIn.token,
          FEED_PROVIDER_AMQP_URL: standIn.endpoints.amqpUrl,
          FEED_PROVIDER_API_URL: standIn.endpoints.apiUrl,
          FEED_NODE_ID: "5",
          FEED_PUBLIC_LOCALES: "en,de",
        }),
        PORT: 0,
      });
      address = await server.start();
    }, 60_000);
    afterAll(async () => {
      clearInterval(driving);
      await server?.stop();
      await standIn?.stop();
    });

    it("reads the provider's feed: matches from its fixtures, producers recovered for this node, readiness per producer", async () => {
      await vi.waitFor(
        async () => {
          const ready = await (await fetch(`${address}/api/ready`)).json();
          expect(ready.links).toMatchObject({
            feed: { state: "up" },
            "betradar.producer.1": { state: "up" },
            "betradar.producer.3": { state: "up" },
          });
          const list = await (await fetch(`${address}/api/matches`)).json();
          expect(list.data.length).toBeGreaterThan(0);
        },
        { timeout: 60_000, interval: 250 },
      );
      expect(standIn.recoveries.every((r) => r.nodeId === 5)).toBe(true);
      const metrics = await (await fetch(`${address}/api/metrics`)).text();
      expect(metrics).toMatch(
        /sportsbook_feed_recoveries_total\{provider="betradar",step="completed"\} [2-9]/,
      );
      expect(metrics).toMatch(/sportsbook_feed_link_up\{link="betradar"\} 1/);
    });

    it("the provider's API failing (500) and its connection closed: producers down, the HTTP API answers throughout", async () => {
      let asking = true;
      const answered = { ok: 0, failed: [] as string[] };
      const loop = (async () => {
        while (asking) {
          const res = await fetch(`${address}/api/matches`).catch((err: unknown) => String(err));
          if (typeof res === "string") answered.failed.push(res);
          else if (res.status === 200) answered.ok++;
          else answered.failed.push(String(res.status));
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const asked = standIn.recoveries.length;
      standIn.api.fail(/\/recovery\/initiate_request$/, { status: 500, message: "maintenance" }, 2);
      expect(await standIn.broker.closeClientConnections()).toBeGreaterThan(0);
      await vi.waitFor(
        async () => {
          const ready = await (await fetch(`${address}/api/ready`)).json();
          expect(ready.links["betradar.producer.1"]).toMatchObject({ state: "up" });
          expect(ready.links["betradar.producer.3"]).toMatchObject({ state: "up" });
          expect(standIn.recoveries.length).toBeGreaterThanOrEqual(asked + 2);
        },
        { timeout: 60_000, interval: 250 },
      );
      asking = false;
      await loop;
      expect(answered.failed).toEqual([]);
      expect(answered.ok).toBeGreaterThan(0);
      const metrics = await (await fetch(`${address}/api/metrics`)).text();
      expect(metrics).toMatch(/sportsbook_feed_api_failures_total\{provider="betradar",kind="server"\} 2/);
    });
  },
);
