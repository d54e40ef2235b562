import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";

const base = inject("baseUrl");

/** SPEC §2 error pages answer with their own HTTP status and title. */
describe("error pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("/500 answers 500 and an unknown path 404, each titled by its own text", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const failed = await page.goto(`${base}/500`);
    expect(failed?.status()).toBe(500);
    expect(await page.title()).toMatch(/^Oops! Sorry, something went wrong\./);
    await page.getByRole("link", { name: "Go to home page" }).waitFor();
    expect((await page.goto(`${base}/de/500`))?.status()).toBe(500);

    const missing = await page.goto(`${base}/no-such-page/at-all`);
    expect(missing?.status()).toBe(404);
    expect(await page.title()).toMatch(/^Oops, sorry\. We can't find that page\./);
    const picture = page.locator('[data-error="notFound"] img');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(240);
    await page.close();
  });

  it("other pages fetch no error page's picture, though their payload carries the not-found page", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const fetched: string[] = [];
    page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(`${base}/live`, { waitUntil: "load" });
    await page.goto(`${base}/about`, { waitUntil: "load" });
    expect(fetched).toContain("/about");
    expect(fetched.filter((p) => p.startsWith("/errors/"))).toEqual([]);
    await page.close();
  });

  it("/blocked names the country of the link, and says 'your country' without one", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/blocked?country=FR`);
    await page.getByRole("heading", { name: "Sorry, we're not available in France right now." }).waitFor();
    await page.goto(`${base}/blocked`);
    await page
      .getByRole("heading", { name: "Sorry, we're not available in your country right now." })
      .waitFor();
    expect(await page.title()).toMatch(/^Sorry, we're not available in your country right now\./);
    await page.close();
  });
});
