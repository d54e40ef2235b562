import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { mailedLink } from "./players";
import { openPrices } from "./slip-actions";

const base = inject("baseUrl");

/** Signs up, confirms and signs in (in `context`) a player whose account is in `currency`. */
async function playerIn(context: BrowserContext, currency: string): Promise<void> {
  const player = { email: `e2e${Date.now()}fx@example.test`, password: "correct horse 42" };
  const api = context.request;
  const signUp = await api.post(`${base}/api/player/sign-up`, {
    data: { ...player, currency, language: "en", terms_accepted: true, date_of_birth: "1990-04-12" },
  });
  if (!signUp.ok()) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`);
  const link = new URL(await mailedLink(base, player.email, "/users/confirmation"), base);
  const confirmed = await api.post(`${base}/api/player/confirmation`, {
    data: { token: link.searchParams.get("confirmation_token") },
  });
  if (!confirmed.ok()) throw new Error(`confirmation answered ${confirmed.status()}`);
  const signIn = await api.post(`${base}/api/player/sign-in`, { data: player });
  if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}: ${await signIn.text()}`);
}

/** SPEC §4 persistence: a slip restored in another currency than it was saved in is converted. */
describe("a restored slip in another currency", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a visitor's EUR stake comes back converted once a USD player signs in, at the book's rates", async () => {
    const rates = (await (await fetch(`${base}/api/currencies/rates`)).json()) as {
      data: { base: string; scale: number; rates: { code: string; rate: number }[] };
    };
    const rate = (code: string) => rates.data.rates.find((r) => r.code === code)?.rate ?? 0;
    expect(rates.data.base).toBe("EUR");
    expect(rate("EUR")).toBe(rates.data.scale);
    expect(rate("USD")).toBeGreaterThan(0);
    // 10.00 EUR in USD cents, rounded half away from zero (integers only)
    const n = 10_00 * rate("EUR");
    const d = rate("USD");
    const expected = Math.floor((2 * n + d) / (2 * d));

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    const [price] = await openPrices(page, 1);
    await price?.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.getByLabel("Stake", { exact: true }).fill("10.00");
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("sb.ticket.bets") ?? ""))
      .toContain('"stake":1000');

    await playerIn(context, "USD");
    await page.reload();
    await page.locator("header [data-balance='0']").waitFor();
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(1);
    await expect
      .poll(() => slip.getByLabel("Stake", { exact: true }).inputValue())
      .toBe((expected / 100).toFixed(2));
    const saved = await page.evaluate(() => sessionStorage.getItem("sb.ticket.bets") ?? "");
    expect(saved).toContain('"currency":"USD"');
    expect(saved).toContain(`"stake":${expected}`);
    await context.close();
  }, 120_000);
});
