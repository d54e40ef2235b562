import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";

const base = inject("baseUrl");

/** How many errors of a kind the server has counted (`sportsbook_client_errors_total`). */
async function counted(kind: string): Promise<number> {
  const text = await (await fetch(`${base}/api/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`sportsbook_client_errors_total{kind="${kind}"}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/**
 * Centrifuge replies, one JSON command per line, with each resubscription told its history was not
 * recovered: what the gateway answers when a reconnect comes after the history it keeps.
 */
function historyLost(frame: string): string {
  return frame
    .split("\n")
    .map((line) => {
      if (!line.includes('"was_recovering"')) return line;
      const reply = JSON.parse(line) as { subscribe?: { was_recovering?: boolean; recovered?: boolean } };
      if (reply.subscribe?.was_recovering) reply.subscribe.recovered = false;
      return JSON.stringify(reply);
    })
    .join("\n");
}

/**
 * Updates lost in a reconnect are read again; when that read fails the prices on screen may be old:
 * the page says so, reports it, and reads again until it succeeds.
 */
describe("prices whose updates were lost", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("are marked stale while reading them again fails, and current once it succeeds", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.routeWebSocket(
      (url) => url.pathname === "/connection/websocket",
      (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((m) => server.send(m));
        server.onMessage((m) => ws.send(typeof m === "string" ? historyLost(m) : m));
      },
    );
    let failing = true;
    const reads: string[] = [];
    await page.route(
      (url) => url.pathname === "/api/matches" && url.searchParams.has("id"),
      async (route) => {
        reads.push(route.request().url());
        if (failing) await route.fulfill({ status: 503, contentType: "application/json", body: "{}" });
        else await route.continue();
      },
    );
    const reportedBefore = await counted("error");

    await page.goto(`${base}/live`);
    await page.waitForSelector("[data-match-card] [data-match-live]", { timeout: 60_000 });
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    expect(await page.locator("[data-prices-stale]").count()).toBe(0);

    // A dropped connection: on its return the match channels resubscribe and their history is lost.
    await context.setOffline(true);
    await page
      .locator("[data-alerts] [role=alert]", { hasText: "You are offline" })
      .waitFor({ timeout: 15_000 });
    await context.setOffline(false);
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 30_000 });

    const marker = page.locator("[data-match-card] [data-prices-stale]").first();
    await marker.waitFor({ state: "visible", timeout: 15_000 });
    expect(await marker.textContent()).toContain("Prices may be out of date");
    expect(reads.length).toBeGreaterThan(0);
    await expect.poll(() => counted("error"), { timeout: 10_000 }).toBeGreaterThan(reportedBefore);

    // The next try reads the matches and the mark goes.
    failing = false;
    await page.waitForFunction(() => document.querySelectorAll("[data-prices-stale]").length === 0, null, {
      timeout: 30_000,
    });
    await context.close();
  });
});
