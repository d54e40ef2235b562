import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { signedInPlayer } from "./players";

const base = inject("baseUrl");

/** A bonus issued to the player is a notification too, kept in the list beside bets and payments. */
describe("the bonus notification", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("tells a new player of each sign-up bonus in the notifications, by name", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    // the player's first look issues the sign-up bonuses; each arrives as a notification, unread
    await page.goto(`${base}/`);
    const bell = page.getByRole("button", { name: /^Notifications, [1-9]\d* unread$/ });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole("region", { name: "Notifications" });
    await panel.getByText("Welcome freebet is yours: find it under bonuses.").waitFor();
    expect(await panel.getByText("New bonus").count()).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});
