import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { showUntaken } from "./fields";
import { csrfOf, fund, signedInPlayer } from "./players";

const base = inject("baseUrl");

async function balance(context: BrowserContext): Promise<number> {
  const res = await context.request.get(`${base}/api/player/accounts`);
  return ((await res.json()) as { data: { balance: number }[] }).data[0]?.balance ?? 0;
}

/** Opens the deposit modal from the header and goes to the provider's page with `amount`. */
async function depositThroughHeader(page: Page, amount: string): Promise<void> {
  await page.locator("[data-action=header-deposit]").click();
  const dialog = page.locator("dialog[data-modal=deposit]");
  await dialog.locator("input[name=amount]").fill(amount);
  await Promise.all([
    page.waitForURL(/\/psp\/checkout\/cs_/),
    dialog.locator("[data-action=checkout]").click(),
  ]);
}

describe("the wallet: deposits through the provider's page, withdrawals, history (SPEC §2 wallet paths)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a deposit paid on the provider's page credits the balance; the header and the page say so", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const header = page.locator("header [data-balance]");
    await expect.poll(() => header.getAttribute("data-balance")).toBe("0");
    await depositThroughHeader(page, "25");
    await expect.poll(() => page.locator("[data-amount]").getAttribute("data-amount")).toBe("2500");
    await Promise.all([
      page.waitForURL(/\/profile\/wallet\/deposit$/),
      page.getByRole("button", { name: "Pay now" }).click(),
    ]);
    await expect
      .poll(() => page.locator("[data-payment-status]").getAttribute("data-payment-status"))
      .toBe("succeeded");
    expect(await page.locator("[data-payment-status]").innerText()).toContain("deposit is complete");
    await expect.poll(() => page.locator("header [data-balance]").getAttribute("data-balance")).toBe("2500");
    expect(await balance(context)).toBe(2500);
    await expect
      .poll(() => page.locator("[data-payment][data-direction=deposit]").first().getAttribute("data-status"))
      .toBe("succeeded");

    // The transactions page lists the posting with its cause.
    await page.goto(`${base}/profile/wallet/transactions`);
    const row = page.locator("[data-transactions] tr[data-kind=deposit]").first();
    await row.waitFor();
    expect(await row.locator("[data-amount]").getAttribute("data-amount")).toBe("2500");

    // A forged callback for another amount changes nothing.
    const forged = await context.request.post(`${base}/api/payments/callbacks/sandbox`, {
      headers: {
        "content-type": "application/json",
        "psp-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
      },
      data: {
        id: "evt_forged",
        type: "payment.succeeded",
        created: 1,
        data: { reference: "1", session: "x", amount: 1, currency: "EUR" },
      },
    });
    expect(forged.status()).toBe(400);
    expect(await balance(context)).toBe(2500);
    await context.close();
  });

  it("a declined payment credits nothing and says why; the amount typed stays on a refusal", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/profile/wallet/deposit`);
    // A submit before hydration would be lost: the form takes it once the page is live.
    await page.waitForSelector("html[data-realtime]", { timeout: 20_000 });
    const form = page.locator("form[data-form=deposit]");
    await form.locator("input[name=amount]").fill("12.5");
    await Promise.all([
      page.waitForURL(/\/psp\/checkout\/cs_/),
      form.locator("[data-action=checkout]").click(),
    ]);
    await Promise.all([
      page.waitForURL(/\/profile\/wallet\/deposit$/),
      page.getByRole("button", { name: "Decline (test)" }).click(),
    ]);
    await expect
      .poll(() => page.locator("[data-payment-status]").getAttribute("data-payment-status"))
      .toBe("failed");
    expect(await page.locator("[data-payment-status]").innerText()).toContain("card declined");
    expect(await balance(context)).toBe(0);

    // A deposit limit set by the player refuses a bigger deposit, next to the field.
    const limit = await context.request.post(`${base}/api/player/limits`, {
      headers: { "x-csrf-token": await csrfOf(context) },
      data: { type: "deposit", value: 20_00, period: "day" },
    });
    expect(limit.ok()).toBe(true);
    await page.reload();
    await expect
      .poll(() => form.locator("[data-deposit-limit]").getAttribute("data-deposit-limit"))
      .toBe("2000");
    await form.locator("input[name=amount]").fill("30");
    await form.locator("[data-action=checkout]").click();
    const error = form.locator("[role=alert]");
    await error.waitFor();
    expect(await error.innerText()).toMatch(/limit/i);
    expect(await form.locator("input[name=amount]").inputValue()).toBe("30");
    expect(await form.locator("input[name=amount]").getAttribute("aria-invalid")).toBe("true");
    expect(page.url()).toContain("/profile/wallet/deposit");
    await context.close();
  });

  it("sends the amount the field shows, even one the page has not taken in yet", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/profile/wallet/deposit`);
    const form = page.locator("form[data-form=deposit]");
    await showUntaken(form.locator("input[name=amount]"), "12.50");
    await Promise.all([
      page.waitForURL(/\/psp\/checkout\/cs_/),
      form.locator("[data-action=checkout]").click(),
    ]);
    await expect.poll(() => page.locator("[data-amount]").getAttribute("data-amount")).toBe("1250");
    await context.close();
  });

  it("a withdrawal holds the funds and shows pending; cancelling gives them back", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/profile/wallet/deposit`);
    await depositThroughHeader(page, "40");
    await Promise.all([
      page.waitForURL(/\/profile\/wallet\/deposit$/),
      page.getByRole("button", { name: "Pay now" }).click(),
    ]);
    await expect.poll(() => balance(context)).toBe(4000);

    const form = page.locator("form[data-form=withdraw]");
    await form.locator("input[name=amount]").fill("15");
    await form.locator("[data-action=withdraw]").click();
    const requested = page.locator("[data-payment][data-direction=withdrawal]").first();
    await expect.poll(() => requested.getAttribute("data-status")).toBe("requested");
    await expect.poll(() => page.locator("header [data-balance]").getAttribute("data-balance")).toBe("2500");
    expect(await form.locator("input[name=amount]").inputValue()).toBe("");

    // More than the balance is refused with the API's message.
    await form.locator("input[name=amount]").fill("100");
    await form.locator("[data-action=withdraw]").click();
    await form.locator("[role=alert]").waitFor();
    expect(await balance(context)).toBe(2500);

    await requested.locator("[data-action=cancel-withdrawal]").click();
    await expect.poll(() => requested.getAttribute("data-status")).toBe("cancelled");
    await expect.poll(() => page.locator("header [data-balance]").getAttribute("data-balance")).toBe("4000");
    await context.close();
  });

  it("on a 360 px phone in German the transactions scroll in their box, never the page", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signedInPlayer(base, context);
    await fund(base, context, 1_234_567);
    const page = await context.newPage();
    await page.goto(`${base}/de/profile/wallet/transactions`);
    await page.locator("[data-transactions] tr[data-kind=deposit]").first().waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    // The box the table scrolls in is reachable by keyboard.
    expect(await page.locator("section:has(> [data-transactions])").getAttribute("tabindex")).toBe("0");
    await context.close();
  });

  it("axe finds no serious violation on the wallet pages and the deposit modal", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    const pages = [
      ["/profile/wallet/deposit", "form[data-form=deposit]"],
      ["/profile/wallet/transactions", "text=No transactions yet."],
    ] as const;
    for (const [path, loaded] of pages) {
      await page.goto(`${base}${path}`);
      await page.locator(loaded).waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.locator("[data-action=header-deposit]").click();
    await page.locator("dialog[data-modal=deposit] input[name=amount]").waitFor();
    expect(await seriousViolations(page, "dialog[data-modal=deposit]")).toEqual([]);
    await context.close();
  });
});
