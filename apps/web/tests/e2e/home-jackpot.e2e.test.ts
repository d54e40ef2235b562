import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";

const base = inject("baseUrl");

/** The demo Matchday jackpot is seen in the default layout, not only where an operator places it. */
describe("the jackpot in the default layout", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the home page shows the running jackpot's banner; promotions its card", async () => {
    const phone = await browser.newPage({ viewport: MOBILE });
    await phone.goto(`${base}/`);
    const banner = phone.getByRole("region", { name: "Jackpots" }).locator("[data-jackpot-banner]", {
      hasText: "Matchday jackpot",
    });
    await banner.waitFor();
    expect(Number(await banner.locator("[data-jackpot-total]").getAttribute("data-amount"))).toBeGreaterThan(
      0,
    );
    await phone.close();

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/promotions`);
    await page.locator("main [data-jackpot-card]", { hasText: "Matchday jackpot" }).waitFor();
    await page.close();
  });

  it("the banner is in the page as the server first sends it, so it never pushes the page down", async () => {
    // Without scripts, a part streamed after the shell stays hidden in its template: the banner
    // must be visible in the markup itself, above the lists it would otherwise shift.
    const context = await browser.newContext({ viewport: MOBILE, javaScriptEnabled: false });
    const phone = await context.newPage();
    await phone.goto(`${base}/`);
    const banner = phone.locator("[data-jackpot-banner]", { hasText: "Matchday jackpot" });
    expect(await banner.isVisible()).toBe(true);
    const bannerBox = await banner.boundingBox();
    const firstCard = await phone.locator("[data-match-card]").first().boundingBox();
    expect(bannerBox).not.toBeNull();
    expect(firstCard).not.toBeNull();
    expect((bannerBox?.y ?? 0) < (firstCard?.y ?? 0)).toBe(true);
    await context.close();
  });
});
