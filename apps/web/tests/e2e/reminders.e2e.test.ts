import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { signedInPlayer } from "./players";
import { removeSettings, writeSettings } from "./settings";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

describe("deposit and sign-up reminders (SPEC §3 site config, §9)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    writeSettings(dataDir, {
      depositReminder: { showDepositReminder: true, remindAfter: 1 },
      signUpReminderSeconds: 1,
    });
  });
  afterAll(async () => {
    removeSettings(dataDir);
    await browser?.close();
  });

  it("invites a visitor to sign up once", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const reminder = page.locator("dialog[data-modal=sign-up-reminder]");
    await reminder.waitFor();
    expect(await page.evaluate(() => localStorage.getItem("signUpReminder"))).toBe("1");
    await reminder.locator("[data-action=reminder-sign-up]").click();
    await page.locator("dialog[data-modal=sign_up]").waitFor();
    await context.close();
  });

  it("reminds a player with an empty balance to deposit, then not again that day", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const reminder = page.locator("dialog[data-modal=deposit-reminder]");
    await reminder.waitFor();
    // No sign-up invitation for someone signed in.
    expect(await page.locator("dialog[data-modal=sign-up-reminder]").count()).toBe(0);
    const suppressed = (await context.cookies()).find((c) => c.name === "sb_deposit_reminder");
    expect(suppressed?.expires).toBeGreaterThan(Date.now() / 1000 + 86_000);
    await reminder.locator("[data-action=reminder-deposit]").click();
    await page.locator("dialog[data-modal=deposit]").waitFor();
    await context.close();
  });
});
