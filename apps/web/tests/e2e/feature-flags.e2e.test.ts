import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startApp } from "./app";
import { DESKTOP, launchChromium } from "./browser";
import { fund, signedInPlayer } from "./players";
import { writeSettings } from "./settings";
import { openPrices } from "./slip-actions";

/**
 * SPEC §6 feature flags of the site settings: quick_deposit (`features.quickDeposit`) and
 * responsible_gambling (`features.responsibleGambling`). On an app of its own, since the suite
 * rewrites the site settings document.
 */
describe("the quick deposit and responsible gambling flags", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Reloads `path` until the page server has read the new document and `probe` counts `want`. */
  async function reloadUntil(page: Page, path: string, probe: () => Promise<number>, want: number) {
    await expect
      .poll(
        async () => {
          await page.goto(`${app.baseUrl}${path}`);
          await page.locator("header [data-balance]").waitFor();
          return probe();
        },
        { timeout: 20_000 },
      )
      .toBe(want);
  }

  it("off, the slip offers no quick deposit and the menus no way to the limits, which still open", async () => {
    writeSettings(app.dataDir, { features: { quickDeposit: false, responsibleGambling: false } });
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 1_00);
    const page = await context.newPage();
    const limitsLink = page.getByRole("navigation", { name: "More of your account" }).getByRole("link", {
      name: "Responsible gambling",
    });
    await reloadUntil(page, "/profile", () => page.getByRole("link", { name: "Transactions" }).count(), 1);
    expect(await limitsLink.count()).toBe(0);
    await page.goto(`${app.baseUrl}/profile/wallet/deposit`);
    await page.getByRole("link", { name: "Transactions" }).first().waitFor();
    expect(await page.locator("[data-link=limits]").count()).toBe(0);
    // Limits required by regulation stay reachable by their address.
    expect((await page.goto(`${app.baseUrl}/profile/limits`))?.status()).toBe(200);
    await page.getByRole("heading", { name: "Responsible gambling" }).first().waitFor();

    await page.goto(`${app.baseUrl}/schedule?sport=soccer`);
    await page.locator("header [data-balance='100']").waitFor();
    const [price] = await openPrices(page, 1);
    await price?.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.getByLabel("Stake", { exact: true }).fill("4.50");
    await expect
      .poll(() => slip.getByText("Your stakes are more than your balance of €1.00.").count())
      .toBe(1);
    expect(await slip.getByRole("button", { name: "Quick deposit" }).count()).toBe(0);

    // Back on (the defaults): the quick deposit and the limits link return.
    writeSettings(app.dataDir, {});
    await reloadUntil(page, "/profile", () => limitsLink.count(), 1);
    await page.goto(`${app.baseUrl}/profile/wallet/deposit`);
    await expect.poll(() => page.locator("[data-link=limits]").count()).toBe(1);
    await page.goto(`${app.baseUrl}/schedule?sport=soccer`);
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(1);
    const stake = slip.getByLabel("Stake", { exact: true });
    if ((await stake.inputValue()) !== "4.50") await stake.fill("4.50");
    await expect.poll(() => slip.getByRole("button", { name: "Quick deposit" }).count()).toBe(1);
    await context.close();
  }, 120_000);
});
