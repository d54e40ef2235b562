import { randomBytes } from "node:crypto";
import { publicChannel } from "@sportsbook/contracts/realtime";
import { createRedisPublisher } from "@sportsbook/gateway";
import { Redis } from "ioredis";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startApp } from "./app";
import { DESKTOP, launchChromium } from "./browser";

const REDIS_URL = process.env.TEST_REDIS_URL;

/**
 * SPEC §4 provider status: `provider_status_changed` on `public:{lang}` locks that provider's prices
 * in the lists and its picks on the slip, and frees them when it comes back, without a reload. The
 * app shares a Redis of its own prefix with this suite, which publishes as the feed of another node
 * would (the feed's own announcements are covered by the feed's tests).
 */
describe.runIf(REDIS_URL)("a provider going down and up, live", () => {
  const prefix = `e2e-provider-${randomBytes(4).toString("hex")}`;
  let app: RunningApp;
  let browser: Browser;
  let publisher: ReturnType<typeof createRedisPublisher>;
  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ REDIS_URL: REDIS_URL ?? "", REDIS_PREFIX: prefix }),
      launchChromium(),
    ]);
    publisher = createRedisPublisher({ url: REDIS_URL ?? "", prefix });
  }, 240_000);
  afterAll(async () => {
    await publisher?.close();
    await browser?.close();
    await app?.stop();
    // The shared Redis keeps nothing of this suite.
    const redis = new Redis(REDIS_URL ?? "");
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }))
      if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    redis.disconnect();
  });

  const announce = (provider: string, status: "up" | "down") =>
    publisher.publish(publicChannel("en"), { type: "provider_status_changed", provider, status });

  it("locks the provider's price on its card and its pick on the slip, then frees both", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    // Matches yet to start: their prices do not suspend on their own while the test looks.
    await page.goto(`${app.baseUrl}/schedule`);
    // The public channel delivers, and the statuses it may have missed have been read.
    await page.waitForSelector("html[data-realtime-public=live]", { timeout: 30_000 });
    const open = page
      .locator("[data-match-card]:not([data-unavailable])")
      .filter({ has: page.locator("button[data-outcome]:not([disabled])") })
      .first();
    const matchId = await open.getAttribute("data-match");
    const card = page.locator(`[data-match-card][data-match="${matchId}"]`);
    // The schedule's first match may be of any sport: the announcement names its own provider.
    const res = await fetch(`${app.baseUrl}/api/matches/${matchId}`);
    expect(res.status).toBe(200);
    const { provider } = ((await res.json()) as { data: { provider: string } }).data;
    const outcome = await card
      .locator("button[data-outcome]:not([disabled])")
      .first()
      .getAttribute("data-outcome");
    const priced = card.locator(`button[data-outcome="${outcome}"]`);
    const other = card.locator(`button[data-outcome]:not([data-outcome="${outcome}"])`).first();
    expect(await other.isDisabled()).toBe(false);
    await priced.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(1);
    await expect.poll(() => priced.getAttribute("aria-pressed")).toBe("true");

    await announce(provider, "down");
    await expect.poll(() => slip.getByText("No longer available").count(), { timeout: 10_000 }).toBe(1);
    // A selected price stays operable (to take it off the slip) but shows the lock, not a price.
    await expect.poll(() => priced.getAttribute("data-suspended")).toBe("true");
    await expect.poll(() => other.isDisabled()).toBe(true);
    expect(await other.getAttribute("aria-label")).toMatch(/—$/);

    await announce(provider, "up");
    await expect.poll(() => slip.getByText("No longer available").count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => priced.getAttribute("data-suspended")).toBeNull();
    await expect.poll(() => other.isDisabled()).toBe(false);
    await context.close();
  }, 120_000);
});
