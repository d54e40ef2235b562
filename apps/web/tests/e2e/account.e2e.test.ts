import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { mailedLink, signedInPlayer } from "./players";

const base = inject("baseUrl");

describe("a visitor becomes a player through the auth modals (SPEC §2 forms, §4 favourites)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("refuses a sign-up under the minimum age with the reason, and opens no account", async () => {
    const email = `young${Date.now()}@example.test`;
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/users/sign-up`);
    const signUp = page.getByRole("dialog", { name: "Sign up" });
    await signUp.getByLabel("E-mail").fill(email);
    await signUp.getByLabel("Password").fill("correct horse 42");
    expect(await signUp.getByText("You must be 18 or older to open an account.").count()).toBe(1);
    // seventeen years old today
    const today = new Date();
    const seventeen = new Date(
      Date.UTC(today.getUTCFullYear() - 17, today.getUTCMonth(), today.getUTCDate()),
    );
    await signUp.getByLabel("Date of birth").fill(seventeen.toISOString().slice(0, 10));
    await signUp.getByLabel("Country of residence").selectOption({ label: "Germany" });
    await signUp.getByRole("checkbox").check();
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/player/sign-up"));
    await signUp.getByRole("button", { name: "Continue" }).click();
    const body = (await (await answer).json()) as { code: number; error: string };
    expect(body).toMatchObject({ code: 1130, error: "underMinimumAge" });
    expect(await signUp.getByRole("alert").textContent()).toBe(
      "You are under the minimum age to open an account.",
    );
    // no account: no confirmation e-mail was sent
    const mail = (await (
      await fetch(`${base}/api/dev/mailbox/messages?recipient=${encodeURIComponent(email)}`)
    ).json()) as { data: unknown[] };
    expect(mail.data).toEqual([]);
    await page.close();
  });

  it("signs up, confirms the e-mail from the link, signs in and keeps a favourite", async () => {
    const email = `player${Date.now()}@example.test`;
    const password = "correct horse 42";
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();

    await page.goto(`${base}/users/sign-up?btag=aff7`);
    const signUp = page.locator("dialog[data-modal=sign_up]");
    await signUp.locator("input[name=email]").fill(email);
    await signUp.locator("input[name=password]").fill(password);
    await signUp.getByLabel("Date of birth").fill("1990-04-12");
    await signUp.getByLabel("Country of residence").selectOption({ label: "Austria" });
    await signUp.locator("input[name=terms_accepted]").check();
    await signUp.locator("button[type=submit]").click();
    await signUp.locator("[data-result=signed-up]").waitFor();

    // The confirmation link opens the sign-in form with the result; its token leaves the URL.
    await page.goto(`${base}${await mailedLink(base, email, "/users/confirmation")}`);
    const signIn = page.locator("dialog[data-modal=sign_in]");
    await signIn.getByText("Your e-mail address is confirmed").waitFor();
    expect(new URL(page.url()).search).toBe("");

    await signIn.locator("input[name=email]").fill(email);
    await signIn.locator("input[name=password]").fill("wrong password 1");
    await signIn.locator("button[type=submit]").click();
    await signIn.locator("[role=alert]").waitFor();

    await signIn.locator("input[name=password]").fill(password);
    await Promise.all([page.waitForEvent("load"), signIn.locator("button[type=submit]").click()]);
    expect((await context.cookies()).some((c) => c.name === "sb_csrf")).toBe(true);
    await page.locator("header [data-action=sign-out]").waitFor();
    expect(await page.locator("header [data-action=sign-up]").count()).toBe(0);

    // A favourite is shown at once and kept by the server.
    await page.goto(`${base}/live`);
    const star = page.locator("[data-match-card] [data-action=favorite]").first();
    const matchId = await page.locator("[data-match-card]").first().getAttribute("data-match");
    const saved = page.waitForResponse((r) => r.url().includes(`/api/favourites/match/${matchId}`));
    await star.click();
    expect(await star.getAttribute("aria-pressed")).toBe("true");
    expect((await saved).ok()).toBe(true);
    await page.goto(`${base}/favorites`);
    await page.locator(`[data-match-card][data-match="${matchId}"]`).waitFor();
    await context.close();
  });

  it("a visitor's favourite star asks to sign in instead", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/live`);
    const star = page.locator("[data-match-card] [data-action=favorite]").first();
    await star.click();
    await page.locator("dialog[data-modal=sign_in]").waitFor();
    expect(await star.getAttribute("aria-pressed")).toBe("false");
    await page.close();
  });

  it("wrong passwords lock the account; the unlock e-mail's link opens it again", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const player = await signedInPlayer(base, context);
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${base}/users/sign-in`);
    const signIn = page.locator("dialog[data-modal=sign_in]");
    await signIn.locator("input[name=email]").fill(player.email);
    // Five wrong passwords in a row lock the account (the default threshold).
    for (let i = 1; i <= 5; i++) {
      await signIn.locator("input[name=password]").fill(`wrong password ${i}`);
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/player/sign-in"));
      await signIn.locator("button[type=submit]").click();
      expect((await answered).ok()).toBe(false);
      await signIn.locator("[role=alert]").waitFor();
    }
    // Locked: even the right password is refused, with the same words as a wrong one.
    const refusal = await signIn.locator("[role=alert]").innerText();
    await signIn.locator("input[name=password]").fill(player.password);
    const locked = page.waitForResponse((r) => r.url().endsWith("/api/player/sign-in"));
    await signIn.locator("button[type=submit]").click();
    expect((await locked).ok()).toBe(false);
    expect(await signIn.locator("[role=alert]").innerText()).toBe(refusal);
    expect(await signIn.locator("input[name=email]").inputValue()).toBe(player.email);

    await page.goto(`${base}${await mailedLink(base, player.email, "/users/sign-in")}`);
    const reopened = page.locator("dialog[data-modal=sign_in]");
    await reopened.getByText("Your account is unlocked").waitFor();
    expect(new URL(page.url()).searchParams.get("unlock_token")).toBeNull();
    await reopened.locator("input[name=email]").fill(player.email);
    await reopened.locator("input[name=password]").fill(player.password);
    await Promise.all([page.waitForEvent("load"), reopened.locator("button[type=submit]").click()]);
    await page.locator("header [data-action=sign-out]").waitFor();
    await context.close();
  });

  it("a sign-in from a blocked country leads to the page that names the country", async () => {
    // The app under test blocks XK (BLOCKED_COUNTRIES); the operator's proxy header says where the visitor is.
    const context = await browser.newContext({
      viewport: DESKTOP,
      extraHTTPHeaders: { "x-country-code": "XK" },
    });
    const page = await context.newPage();
    await page.goto(`${base}/users/sign-in`);
    const signIn = page.locator("dialog[data-modal=sign_in]");
    await signIn.locator("input[name=email]").fill("abroad@example.test");
    await signIn.locator("input[name=password]").fill("correct horse 42");
    await signIn.locator("button[type=submit]").click();
    await page.waitForURL(/\/blocked\?country=XK$/);
    await page.getByText("Sorry, we're not available in Kosovo right now.").waitFor();
    await context.close();
  });
});
