import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { signedInPlayer } from "./players";

const base = inject("baseUrl");

describe("the player's settings follow the account (SPEC §3 activeOddsType, §7 settings)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the odds-format choice survives sign-out and sign-in, on this device and another", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const player = await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.locator("header [data-action=sign-out]").waitFor();
    const format = page.locator("header select[name=odds-format]");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/settings") && r.request().method() === "POST",
    );
    await format.selectOption("fractional");
    expect((await saved).status()).toBe(200);

    // Signed out, the visitor's own choice stays on the device and is not sent.
    await page.locator("header [data-action=sign-out]").click();
    await page.locator("header [data-action=sign-in]").waitFor();
    const posted: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/settings") && r.method() === "POST") posted.push(r.url());
    });
    await format.selectOption("american");
    expect(await page.evaluate(() => localStorage.getItem("activeOddsType"))).toBe("american");

    // Signing in reads the account's choice back.
    await page.locator("header [data-action=sign-in]").click();
    const signIn = page.locator("dialog[data-modal=sign_in]");
    await signIn.locator("input[name=email]").fill(player.email);
    await signIn.locator("input[name=password]").fill(player.password);
    await Promise.all([page.waitForEvent("load"), signIn.locator("button[type=submit]").click()]);
    await expect.poll(() => format.inputValue()).toBe("fractional");
    expect(posted).toEqual([]);

    // Another device of the same player starts from it too.
    const other = await browser.newContext({ viewport: DESKTOP });
    const signedIn = await other.request.post(`${base}/api/player/sign-in`, { data: player });
    expect(signedIn.ok()).toBe(true);
    const second = await other.newPage();
    await second.goto(`${base}/live`);
    await expect
      .poll(() => second.locator("header select[name=odds-format]").inputValue())
      .toBe("fractional");
    await other.close();
    await context.close();
  });
});
