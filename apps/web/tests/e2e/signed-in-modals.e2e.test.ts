import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { mailedLink, signedInPlayer } from "./players";

const base = inject("baseUrl");

/** The open dialogs once the page has settled: the auth dialog's code loads over the network first. */
async function openDialogs(page: Page): Promise<(string | null)[]> {
  await page.waitForLoadState("networkidle");
  return page.locator("dialog[open]").evaluateAll((ds) => ds.map((d) => d.getAttribute("data-modal")));
}

/** SPEC §2 auth modals from a hash, `?modal=` or a `/users/...` path are for visitors only. */
describe("a signed-in player never sees the sign-in or sign-up modals", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("signing in after the confirmation link opens no other modal", async () => {
    const email = `confirm${Date.now()}@example.test`;
    const password = "correct horse 42";
    const context = await browser.newContext({ viewport: DESKTOP });
    const signUp = await context.request.post(`${base}/api/player/sign-up`, {
      data: { email, password, language: "en", terms_accepted: true, date_of_birth: "1990-04-12" },
    });
    expect(signUp.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(`${base}${await mailedLink(base, email, "/users/confirmation")}`);
    const signIn = page.getByRole("dialog", { name: "Sign in" });
    await signIn.getByText("Your e-mail address is confirmed").waitFor();
    await signIn.getByLabel("E-mail", { exact: true }).fill(email);
    await signIn.getByLabel("Password", { exact: true }).fill(password);
    await Promise.all([page.waitForEvent("load"), signIn.locator("button[type=submit]").click()]);
    await page.locator("header [data-action=sign-out]").waitFor();
    expect(await openDialogs(page)).toEqual([]);
    await context.close();
  });

  it("a hash, ?modal= or /users/ path asks in vain once signed in; a visitor gets the modal", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    for (const path of [
      "/#sign-in",
      "/?modal=sign-up",
      "/users/sign-in",
      "/users/sign-up",
      "/users/confirmation",
    ]) {
      await page.goto(`${base}${path}`);
      await page.locator("header [data-action=sign-out]").waitFor();
      expect(await openDialogs(page), path).toEqual([]);
    }
    const visitor = await browser.newPage({ viewport: DESKTOP });
    await visitor.goto(`${base}/?modal=sign-up`);
    await visitor.locator("dialog[data-modal=sign_up][open]").waitFor();
    await visitor.close();
    await context.close();
  });
});
