import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { fund, signedInPlayer } from "./players";
import { balanceOf, openPrices, placeSlip } from "./slip-actions";

const base = inject("baseUrl");

/** SPEC §2 quick deposit: a stake above the balance is paid in from the slip, and the bet follows. */
describe("the quick deposit", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens for a stake above the balance, pays the shortfall through the provider, and the bet is placed", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 1_00);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance='100']").waitFor();
    const [price] = await openPrices(page, 1);
    await price?.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.getByLabel("Stake", { exact: true }).fill("4.50");
    const place = slip.getByRole("button", { name: "Place bet" });
    await expect.poll(() => place.isDisabled()).toBe(true);
    await expect
      .poll(() => slip.getByText("Your stakes are more than your balance of €1.00.").count())
      .toBe(1);

    await slip.getByRole("button", { name: "Quick deposit" }).click();
    const dialog = page.getByRole("dialog", { name: "Quick deposit" });
    await dialog.waitFor();
    expect(await dialog.getByText("Your stakes need €3.50 more than your balance.").count()).toBe(1);
    // the shortfall, rounded up to whole euros
    expect(await dialog.getByLabel("Amount (EUR)").inputValue()).toBe("4.00");
    await Promise.all([
      page.waitForURL(/\/psp\/checkout\/cs_/),
      dialog.getByRole("button", { name: "Continue to payment" }).click(),
    ]);
    await Promise.all([
      page.waitForURL(/\/schedule(\?|$)/),
      page.getByRole("button", { name: "Pay now" }).click(),
    ]);

    // back on the same page: told so, the balance topped up, the slip as it was
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Your deposit is complete" }).count())
      .toBe(1);
    await expect.poll(() => balanceOf(page)).toBe(5_00);
    expect(new URL(page.url()).search).toBe("");
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(1);
    const stake = slip.getByLabel("Stake", { exact: true });
    if ((await stake.inputValue()) !== "4.50") await stake.fill("4.50");
    expect(await slip.getByRole("button", { name: "Quick deposit" }).count()).toBe(0);
    await placeSlip(slip);
    await expect.poll(() => balanceOf(page)).toBe(50);
    await context.close();
  });

  it("on a phone, a declined quick deposit says so and leaves the balance", async () => {
    const context = await browser.newContext({ viewport: MOBILE, isMobile: true, hasTouch: true });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance='0']").waitFor();
    await page.locator("[data-consent] .btn-primary").click();
    const [price] = await openPrices(page, 1);
    await price?.click();
    const sheet = page.getByRole("region", { name: "Bet slip and my bets" });
    await expect
      .poll(() => sheet.getByRole("button", { name: /^Bet slip/ }).getAttribute("aria-expanded"))
      .toBe("true");
    await sheet.getByLabel("Stake", { exact: true }).fill("2");
    await sheet.getByRole("button", { name: "Quick deposit" }).click();
    const dialog = page.getByRole("dialog", { name: "Quick deposit" });
    expect(await dialog.getByLabel("Amount (EUR)").inputValue()).toBe("2.00");
    await Promise.all([
      page.waitForURL(/\/psp\/checkout\/cs_/),
      dialog.getByRole("button", { name: "Continue to payment" }).click(),
    ]);
    await Promise.all([
      page.waitForURL(/\/schedule(\?|$)/),
      page.getByRole("button", { name: "Decline (test)" }).click(),
    ]);
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "The deposit did not go through" }).count())
      .toBe(1);
    expect(await balanceOf(page)).toBe(0);
    await context.close();
  });
});
