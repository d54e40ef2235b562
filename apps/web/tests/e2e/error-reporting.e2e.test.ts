import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "./app";
import { DESKTOP, launchChromium } from "./browser";
import { removeSettings, writeSettings } from "./settings";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

/** How many errors of a kind the server has counted (`sportsbook_client_errors_total`). */
async function counted(kind: string): Promise<number> {
  const text = await (await fetch(`${base}/api/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`sportsbook_client_errors_total{kind="${kind}"}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/**
 * SPEC §8 error reporting: one reporter drops the noise the SPEC names and sends the rest to a
 * Sentry-compatible DSN (here a local stand-in that keeps every envelope it is sent) and, always,
 * to the server's log and metrics.
 */
describe("errors a page meets are reported", () => {
  let browser: Browser;
  let standIn: Server;
  const envelopes: string[] = [];
  let dsn = "";
  beforeAll(async () => {
    standIn = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        if (req.method === "POST") envelopes.push(body);
        res.writeHead(200, { "access-control-allow-origin": "*", "content-type": "application/json" });
        res.end("{}");
      });
    });
    await new Promise<void>((r) => standIn.listen(0, "127.0.0.1", r));
    dsn = `http://public@127.0.0.1:${(standIn.address() as AddressInfo).port}/1`;
    writeSettings(dataDir, { errorReporting: { dsn, environment: "e2e" } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    removeSettings(dataDir);
    await browser?.close();
    await new Promise<void>((r) => standIn?.close(() => r()));
  });

  it("sends a real error to the DSN and the server, and drops the SPEC's noise", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    // The page server takes the document on its next request: wait until the page has the DSN.
    await expect
      .poll(
        async () => {
          await page.goto(`${base}/results`);
          return page.locator("html[data-error-reporting=dsn]").count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const before = { error: await counted("error"), rejection: await counted("unhandled_rejection") };

    await page.evaluate(() => {
      const later = (f: () => void) => setTimeout(f, 0);
      later(() => {
        throw new Error("ResizeObserver loop completed with undelivered notifications.");
      });
      void Promise.reject(new DOMException("The user aborted a request.", "AbortError"));
      void Promise.reject(new TypeError("Failed to fetch"));
      later(() => {
        throw new Error("the odds board broke in a test");
      });
    });

    await expect
      .poll(() => envelopes.some((e) => e.includes("the odds board broke in a test")), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => counted("error"), { timeout: 10_000 }).toBe(before.error + 1);
    const sent = envelopes.join("\n");
    expect(sent).toContain('"environment":"e2e"');
    expect(sent).not.toMatch(/ResizeObserver|aborted a request|Failed to fetch/);
    expect(await counted("unhandled_rejection")).toBe(before.rejection);
    // The server's log names it too (the app writes its output beside the suites).
    const log = readFileSync(join(ROOT, ".cache", `e2e-app-${new URL(base).port}.log`), "utf8");
    expect(log).toContain("the odds board broke in a test");
    await context.close();
  }, 90_000);
});
