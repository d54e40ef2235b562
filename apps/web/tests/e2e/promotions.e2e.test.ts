import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { signedInPlayer } from "./players";

const base = inject("baseUrl");

/** The embedded default's demo bonuses: a welcome freebet and a comboboost for all, a promo-code freebet. */
describe("promotions (SPEC §1 bonuses, §4 states and list filter, §7 bonus calls)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows a visitor the running promotions, each inviting to sign in, and no upcoming ones", async () => {
    const context = await browser.newContext({ viewport: MOBILE, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${base}/promotions`);
    const welcome = page.locator("[data-bonus-card]", { hasText: "Welcome freebet" });
    expect(await welcome.getAttribute("data-status")).toBe("not_available");
    expect(await welcome.locator("[data-banner] img").getAttribute("src")).toBe(
      "/promotions/welcome-freebet.svg",
    );
    await expect
      .poll(() => welcome.locator("[data-banner] img").evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBe(720);
    expect(await welcome.locator("[data-action=activate]").count()).toBe(0);
    await welcome.locator("[data-action=sign-in]").click();
    await page.locator("dialog[data-modal=sign_in]").waitFor();
    await page.keyboard.press("Escape");
    expect(await page.locator("[data-bonus-card]", { hasText: "Acca boost" }).count()).toBe(1);
    await page.locator("[data-tab=upcoming]").click();
    await page.waitForURL(/tab=upcoming/);
    await page.locator("p.empty").waitFor();
    expect(await seriousViolations(page, "main")).toEqual([]);
    await context.close();
  });

  it("gives a player the welcome freebet to read and activate, and a promo code's freebet once", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    // any page announces a bonus the player has not seen, once
    await page.goto(`${base}/about`);
    const announced = page.locator("[data-alerts] [data-alert]", { hasText: "Welcome freebet" });
    await announced.waitFor();
    // a new player holds every sign-up bonus at once: they share one alert, named together
    const told = await announced.textContent();
    expect(told).toMatch(/^5 new bonuses for you/);
    for (const name of ["Acca boost", "Season cup", "Treasure chest", "Bet ladder"])
      expect(told).toContain(name);
    await page.goto(`${base}/promotions`);
    const welcome = page.locator("[data-bonus-card]", { hasText: "Welcome freebet" });
    expect(await welcome.getAttribute("data-status")).toBe("available");
    expect(await page.locator("[data-alerts] [data-alert]", { hasText: "Welcome freebet" }).count()).toBe(0);
    await expect.poll(() => welcome.locator("[data-amount]").textContent()).toBe("Stake: €5.00");

    await welcome.locator("[data-action=details]").click();
    const detail = page.locator("dialog[data-modal=bonus-detail][open]");
    await expect.poll(() => detail.locator("[data-terms]").textContent()).toContain("One use.");
    await detail.locator("button[type=submit]").click();

    await welcome.locator("[data-action=activate]").click();
    await expect.poll(() => welcome.getAttribute("data-status")).toBe("active");
    expect(await welcome.locator("[data-bonus-status]").textContent()).toBe("Active");

    const form = page.locator("form[data-form=promo-code]");
    await form.locator("input[name=code]").fill("welcome10");
    await form.locator("button[type=submit]").click();
    await form.locator("[data-result=redeemed]").waitFor();
    const promo = page.locator("[data-bonus-card]", { hasText: "Promo code freebet" });
    await expect.poll(() => promo.getAttribute("data-status")).toBe("available");
    // one freebet active at a time: the API's refusal is shown on the card
    await promo.locator("[data-action=activate]").click();
    await expect
      .poll(() => promo.locator("[role=alert]").textContent())
      .toBe("Another freebet is active: use it first.");

    await form.locator("input[name=code]").fill("WELCOME10");
    await form.locator("button[type=submit]").click();
    await expect
      .poll(() => form.locator("[data-result=refused]").textContent())
      .toBe("You have already used this promo code.");
    expect(await seriousViolations(page, "main")).toEqual([]);
    await context.close();
  });
});
