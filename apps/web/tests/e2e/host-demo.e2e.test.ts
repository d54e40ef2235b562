import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type RunningApp, startApp } from "./app";
import { DESKTOP, launchChromium } from "./browser";
import { signedInPlayer } from "./players";
import { removeSettings, writeSettings } from "./settings";

const OPERATOR_KEY = "host-demo-e2e-operator-key-0123456789abcdef";

/**
 * The host demo `npm start` runs beside the sportsbook, opened on another site (localhost against
 * 127.0.0.1), so the frame lives on third-party (partitioned) cookies as in a real casino.
 */
describe("the host demo: a casino that embeds the sportsbook (SPEC §5, §7)", () => {
  let app: RunningApp;
  let host: string;
  let hostPort: number;
  let browser: Browser;
  beforeAll(async () => {
    hostPort = await freePort();
    app = await startApp({
      HOST_DEMO: "on",
      HOST_DEMO_PORT: String(hostPort),
      FRAME_COOKIES: "on",
      OPERATOR_API_KEY: OPERATOR_KEY,
    });
    host = `http://localhost:${hostPort}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const hostBalance = (page: Page) => page.locator("[data-host-balance]").getAttribute("data-minor");
  const frameOf = (page: Page): FrameLocator => page.frameLocator("#sportsbook");

  it("takes the frame's sign-in to the casino, hands its player over, and keeps the header balance", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(host);
    const frame = frameOf(page);
    // the host listens for sign-in (it says so once the frame has started): the frame's button
    // leads to the casino's own page
    await frame.locator("header [data-action=sign-in][data-route=host]").click();
    await page.waitForURL(/\/sign-in\?return=/);
    await page.locator("a", { hasText: "Open an account" }).click();
    const email = `casino${Date.now()}@example.test`;
    await page.locator("input[name=email]").fill(email);
    await page.locator("input[name=password]").fill("casino password 1");
    await page.locator("button[type=submit]").click();
    await page.waitForURL(`${host}/`);

    // signed in inside the frame on the casino's word, with the balance in the casino's header
    await frame.locator("header [data-balance='0']").waitFor();
    await expect.poll(() => hostBalance(page)).toBe("0");
    expect(await page.locator("[data-host-balance]").textContent()).toBe("0.00 EUR");
    // the frame's token is spent and gone from its address
    expect(page.frames().find((f) => f.url().includes("token="))).toBeUndefined();

    // the frame's deposit goes to the casino's payment page, then to the provider and back
    await frame.locator("header [data-action=header-deposit]").click();
    await page.waitForURL(/\/profile\/wallet\/deposit\?redirect=/);
    await page.locator("input[name=amount]").fill("10");
    await page.locator("#deposit button[type=submit]").click();
    await page.waitForURL(`${app.baseUrl}/psp/checkout/**`);
    await page.locator("button.pay").click();
    await page.waitForURL(/\/payments\/success\?/);
    expect(await page.locator("[data-payment-result=success] [data-payment]").textContent()).toMatch(/^\d+$/);
    await page.locator("a", { hasText: "Continue" }).click();
    await page.waitForURL(`${host}/`);
    await expect.poll(() => hostBalance(page)).toBe("1000");
    await page.goto(`${host}/assets`);
    expect(await page.locator("tr[data-currency=EUR] td").textContent()).toBe("10.00");
    expect(await hostBalance(page)).toBe("1000");

    // a bet inside the frame moves the casino's header balance
    await page.goto(`${host}/?path=${encodeURIComponent("/schedule?sport=soccer")}`);
    await frame.locator("header [data-balance='1000']").waitFor();
    const price = frame
      .locator("[data-match-card]:not([data-unavailable]) button[data-outcome]:not([disabled])")
      .first();
    await price.click();
    const slip = frame.locator("[data-ticket-panel=docked]");
    await slip.locator("[data-stake-input='0']").fill("2");
    const place = slip.locator("[data-action=place]");
    await expect
      .poll(async () => {
        const accept = slip.locator("[data-action=accept-odds]");
        if (await accept.isVisible()) await accept.click({ timeout: 2_000 });
        return place.isEnabled();
      })
      .toBe(true);
    await place.click();
    await expect.poll(() => hostBalance(page)).toBe("800");
    await context.close();
  });

  it("follows the casino's language, keeps the frame as tall as its page, and restores a shared slip", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${host}/?path=${encodeURIComponent("/schedule?sport=soccer")}`);
    const frame = frameOf(page);
    await frame.locator("[data-match-card]").first().waitFor();
    // The host sizes the frame to the height its page reports: above the frame's 600 px minimum,
    // and the page then fits it exactly (no scrolling inside the frame).
    const frameHeight = async () =>
      Number.parseInt(await page.locator("#sportsbook").evaluate((f) => f.style.height), 10);
    await expect.poll(frameHeight).toBeGreaterThan(600);
    await expect
      .poll(
        async () =>
          (await frame.locator("html").evaluate((html) => html.scrollHeight)) - (await frameHeight()),
      )
      .toBe(0);

    // a shared slip, opened by its code from the host
    const picks = frame.locator(
      "[data-match-card]:not([data-unavailable]) button[data-outcome]:not([disabled])",
    );
    await picks.first().click();
    const slip = frame.locator("[data-ticket-panel=docked]");
    const id = await slip.locator("[data-selection]").first().getAttribute("data-selection");
    await slip.locator("[data-action=share]").click();
    const code = new URL(await slip.locator("[data-share-link]").inputValue()).searchParams.get("betCode");
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await slip.locator("[data-action=clear]").click();
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(0);
    const send = (message: unknown) =>
      page.evaluate(
        ([m, to]) =>
          (document.getElementById("sportsbook") as HTMLIFrameElement).contentWindow?.postMessage(
            m,
            to as string,
          ),
        [message, app.baseUrl] as const,
      );
    await send({ type: "apply_bet_code", payload: { code } });
    await expect.poll(() => slip.locator("[data-selection]").first().getAttribute("data-selection")).toBe(id);

    await page.locator("[data-host-language]").selectOption("de");
    await expect.poll(() => frame.locator("html").getAttribute("lang")).toBe("de");
    await page.close();
  });

  it("shows the casino's deposit page in the iframe deposit modal, and links the balance to its assets page", async () => {
    // the casino on the sportsbook's own site (127.0.0.1), whose session its framed page then keeps
    const casino = `http://127.0.0.1:${hostPort}`;
    writeSettings(app.dataDir, {
      platform: { depositPage: `${casino}/profile/wallet/deposit`, assetsPage: `${casino}/assets` },
    });
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const player = await signedInPlayer(app.baseUrl, context);
      const signUp = await context.request.post(`${casino}/sign-in`, {
        form: { mode: "sign-up", email: player.email, password: player.password, return: "/" },
        maxRedirects: 0,
      });
      expect(signUp.status()).toBe(303);
      const page = await context.newPage();
      const back = `${app.baseUrl}/schedule?sport=soccer`;
      await page.goto(back);
      const header = page.locator("header");
      const assets = header.getByRole("link", { name: /€0\.00/ });
      await expect
        .poll(() => assets.getAttribute("href"))
        .toBe(`${casino}/assets?redirect=${encodeURIComponent(back)}`);
      expect(await assets.getAttribute("title")).toBe("My assets");

      await header.getByRole("link", { name: "Deposit" }).click();
      const dialog = page.getByRole("dialog", { name: "Deposit" });
      await dialog.waitFor();
      const platform = dialog.frameLocator("iframe[title='Deposit on the platform']");
      await platform.getByRole("heading", { name: "Deposit", level: 1 }).waitFor();
      await platform.getByLabel("Amount").fill("7");
      // the payment leaves the frame: a provider's page is never framed
      await Promise.all([
        page.waitForURL(`${app.baseUrl}/psp/checkout/**`),
        platform.getByRole("button", { name: "Pay", exact: true }).click(),
      ]);
      await page.getByRole("button", { name: "Pay now" }).click();
      await page.waitForURL(/\/payments\/success\?/);
      await Promise.all([page.waitForURL(back), page.getByRole("link", { name: "Continue" }).click()]);
      await page.locator("header [data-balance='700']").waitFor();

      // the assets page lists the balance and leads back to the page the player left
      await Promise.all([
        page.waitForURL(`${casino}/assets?**`),
        header.getByRole("link", { name: /€7\.00/ }).click(),
      ]);
      expect(await page.locator("tr[data-currency=EUR] td").textContent()).toBe("7.00");
      await Promise.all([
        page.waitForURL(back),
        page.getByRole("link", { name: "Back to the sportsbook" }).click(),
      ]);
    } finally {
      removeSettings(app.dataDir);
      await context.close();
    }
  });

  it("lets a visitor sign up on the casino only with a real address and password", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${host}/sign-in?mode=sign-up`);
    await page.locator("input[name=email]").fill("someone@example.test");
    const password = page.locator("input[name=password]");
    await password.fill("short");
    // the browser's own check stops a short password; the server answers the same without it
    await page.locator("button[type=submit]").click();
    expect(await password.evaluate((i: HTMLInputElement) => i.validity.tooShort)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    const res = await page.request.post(`${host}/sign-in`, {
      form: { mode: "sign-up", email: "someone@example.test", password: "short", return: "/" },
    });
    expect(res.status()).toBe(400);
    const wrong = await page.request.post(`${host}/sign-in`, {
      form: { mode: "sign-in", email: "nobody@example.test", password: "long enough 1", return: "/" },
    });
    expect(wrong.status()).toBe(401);
    await page.close();
  });
});
