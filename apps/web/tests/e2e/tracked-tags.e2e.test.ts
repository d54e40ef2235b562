import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { signedInPlayer } from "./players";

const base = inject("baseUrl");

/**
 * SPEC §3 storage and §7 GET /player: the tracked tags a visit arrives with are kept in the
 * affiliate cookie (30 days) and sent on the player's read, on later pages too; the device id is a
 * cookie of 7,300 days as well as in local storage.
 */
describe("tracked tags and the device id", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("sends the tags of the landing address on GET /player, and still on the next page", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    const reads: URL[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (r.method() === "GET" && url.pathname === "/api/player") reads.push(url);
    });
    await page.goto(`${base}/results?btag=partner-7&gclid=g-123&utm_source=mail`);
    await expect.poll(() => reads.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(Object.fromEntries(reads[0]?.searchParams ?? [])).toEqual({ btag: "partner-7", gclid: "g-123" });

    const cookies = await context.cookies();
    const affiliate = cookies.find((c) => c.name === "affiliate_id");
    const days = ((affiliate?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    reads.length = 0;
    await page.goto(`${base}/live`);
    await expect.poll(() => reads.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(reads[0]?.searchParams.get("btag")).toBe("partner-7");
    await context.close();
  }, 60_000);

  it("keeps the device id in a long-lived cookie beside local storage", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${base}/schedule`);
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 30_000 });
    // The slip's engine keeps the device id once it loads: a price click loads it.
    await page.locator("[data-match-card] button[data-outcome]:not([disabled])").first().click();
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === "device_id"), { timeout: 20_000 })
      .toBe(true);
    const cookie = (await context.cookies()).find((c) => c.name === "device_id");
    const stored = await page.evaluate(() => window.localStorage.getItem("deviceId"));
    expect(cookie?.value).toBe(stored);
    // Asked for 7,300 days; Chromium keeps a cookie at most 400 (RFC 6265bis), and each slip load
    // writes it again, so a device that comes back keeps its id.
    expect(((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400).toBeGreaterThan(399);
    await context.close();
  }, 60_000);
});
