import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { mailedLink, signedInPlayer } from "./players";

const base = inject("baseUrl");

describe("the confirm-password modal (SPEC §2: the password reset link)", { timeout: 120_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a forgotten password's link opens Confirm password; the new one typed twice signs in", async () => {
    const owner = await browser.newContext({ viewport: DESKTOP });
    const player = await signedInPlayer(base, owner);
    await owner.close();

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${base}/#forgot-password`);
    const forgot = page.getByRole("dialog", { name: "Forgot password" });
    await forgot.getByLabel("E-mail").fill(player.email);
    await forgot.getByRole("button", { name: "Continue" }).click();
    await forgot.getByText("Check your e-mail").waitFor();

    await page.goto(`${base}${await mailedLink(base, player.email, "/users/password/edit")}`);
    const confirm = page.getByRole("dialog", { name: "Confirm password" });
    await confirm.waitFor();
    // the token is read, then removed from the address (SPEC §2)
    expect(new URL(page.url()).searchParams.has("reset_password_token")).toBe(false);
    // a reset needs no current password: the link proves the owner
    expect(await confirm.getByLabel("Current password").count()).toBe(0);

    await confirm.getByLabel("Password", { exact: true }).fill("a new secret 77");
    await confirm.getByLabel("Repeat the password").fill("a new secret 78");
    await confirm.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => confirm.getByRole("alert").textContent()).toContain("The two passwords differ");

    await confirm.getByLabel("Repeat the password").fill("a new secret 77");
    await confirm.getByRole("button", { name: "Continue" }).click();
    await confirm.getByText("Your password is changed").waitFor();

    const oldOne = await context.request.post(`${base}/api/player/sign-in`, { data: player });
    expect(oldOne.ok()).toBe(false);
    const newOne = await context.request.post(`${base}/api/player/sign-in`, {
      data: { email: player.email, password: "a new secret 77" },
    });
    expect(newOne.status()).toBe(200);
    await context.close();
  });
});
