import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "./app";
import { DESKTOP, launchChromium } from "./browser";
import { removeSettings, writeSettings } from "./settings";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

/**
 * SPEC §5 realtime transports: the client takes the configured list in order and falls back to the
 * gateway's HTTP streaming or SSE when WebSocket cannot connect (a proxy that refuses upgrades).
 */
describe("realtime transports", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    removeSettings(dataDir);
    await browser?.close();
  });

  it("connects over SSE when the WebSocket endpoint refuses the connection", async () => {
    // A port nothing listens on: the WebSocket is refused as a blocking proxy would refuse it.
    const refused = `ws://127.0.0.1:${await freePort()}/connection/websocket`;
    writeSettings(dataDir, {
      realtime: {
        transports: [
          { transport: "websocket", endpoint: refused },
          { transport: "sse", endpoint: "/connection/sse" },
        ],
      },
    });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    const streams: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/connection/")) streams.push(`${r.method()} ${path}`);
    });
    // The page server re-reads the document on its next request: poll until the page has it.
    await expect
      .poll(
        async () => {
          await page.goto(`${base}/live`);
          await page.waitForSelector("html[data-realtime]", { timeout: 20_000 });
          return sockets.some((u) => u === refused);
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 30_000 });
    expect(streams).toContain("GET /connection/sse");
    // The emulated transport's commands (subscriptions of the public channel) go through the gateway.
    await expect.poll(() => streams.includes("POST /connection/emulation"), { timeout: 10_000 }).toBe(true);
    await context.close();
  }, 120_000);
});
