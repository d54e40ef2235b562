import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort, ROOT, type RunningApp, startApp } from "./app";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { removeSettings, writeSettings } from "./settings";

const OPERATOR_KEY = "host-session-e2e-operator-key-0123456789abcdef";
const SCREENS = join(ROOT, ".cache", "screens");

/** Waits for the frame to leave the handover's entry page, then says whom its header shows. */
async function frameAccount(page: Page): Promise<"player" | "visitor"> {
  const frame = await page.locator("#sportsbook").elementHandle();
  await expect
    .poll(async () => (await frame?.contentFrame())?.url() ?? "")
    .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/(?!init-sportsbook)/);
  // a frame that keeps its session itself learns of it only once its script runs: its server-drawn
  // header is a visitor's until then, so only the player's balance is a settled answer. Its wait
  // starts once the page's code has run (the realtime client starts after hydration): on a busy
  // machine the two loads of a reload (the handover page, then the page) took longer than it.
  const shown = page.frameLocator("#sportsbook");
  await shown.locator("html[data-realtime]").waitFor({ timeout: 60_000 });
  const balance = shown.locator("header [data-balance]");
  return balance.waitFor({ timeout: 20_000 }).then(
    () => "player",
    () => "visitor",
  );
}

/** Every 401 the page's frames meet: a session that ended under the player. */
function unauthorized(page: Page): string[] {
  const calls: string[] = [];
  page.on("response", (r) => {
    if (r.status() === 401) calls.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return calls;
}

/**
 * The host demo on another site than the sportsbook (localhost against 127.0.0.1), as a casino
 * embeds it: once with the session in partitioned cookies, once kept by the frame itself after the
 * token handover, where a browser keeps none of the frame's cookies.
 */
describe.each([
  { mode: "partitioned cookies", FRAME_COOKIES: "on" },
  { mode: "token handover", FRAME_COOKIES: "off" },
])("the host demo keeps its player signed in the frame ($mode)", ({ FRAME_COOKIES }) => {
  let app: RunningApp;
  let host: string;
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    const hostPort = await freePort();
    app = await startApp({
      HOST_DEMO: "on",
      HOST_DEMO_PORT: String(hostPort),
      FRAME_COOKIES,
      OPERATOR_API_KEY: OPERATOR_KEY,
    });
    host = `http://localhost:${hostPort}`;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: DESKTOP });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it("signs up on the casino from the frame's Sign In, then through 5 reloads and 5 returns from a deposit", {
    timeout: 300_000,
  }, async () => {
    const page = await context.newPage();
    const calls = unauthorized(page);
    await page.goto(host);
    // delegation: the SDK told the frame the casino takes sign-in, so the frame's button leads there
    await page.frameLocator("#sportsbook").locator("header [data-action=sign-in][data-route=host]").click();
    await page.waitForURL(/\/sign-in\?return=/);
    await page.locator("a", { hasText: "Open an account" }).click();
    await page.locator("input[name=email]").fill(`session${Date.now()}@example.test`);
    await page.locator("input[name=password]").fill("casino password 1");
    await page.locator("button[type=submit]").click();
    await page.waitForURL(`${host}/`);
    expect(await frameAccount(page)).toBe("player");

    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.reload();
      seen.push(await frameAccount(page));
    }
    for (let i = 0; i < 5; i++) {
      await page.goto(`${host}/profile/wallet/deposit?redirect=${encodeURIComponent("/?path=/results")}`);
      await page.locator("input[name=amount]").fill("1");
      await page.locator("#deposit button[type=submit]").click();
      await page.waitForURL(`${app.baseUrl}/psp/checkout/**`);
      await page.locator("button.pay").click();
      await page.waitForURL(/\/payments\/success\?/);
      // the casino's header shows the balance the deposit made
      expect(await page.locator("[data-host-balance]").getAttribute("data-minor")).toBe(
        String((i + 1) * 100),
      );
      await page.locator("a", { hasText: "Continue" }).click();
      await page.waitForURL(`${host}/?path=%2Fresults`);
      seen.push(await frameAccount(page));
    }
    // signed in every time, and no call ever met an ended session
    expect({ seen, calls }).toEqual({ seen: Array(10).fill("player"), calls: [] });
    await page.close();
  });

  it("tells the casino when the session ends, and the casino hands a new one over", {
    timeout: 120_000,
  }, async () => {
    const page = await context.newPage();
    await page.goto(`${host}/?path=${encodeURIComponent("/schedule?sport=soccer")}`);
    expect(await frameAccount(page)).toBe("player");
    const frame = await (await page.locator("#sportsbook").elementHandle())?.contentFrame();
    // the player signs out elsewhere: every session of theirs ends (the devices list's "sign out all")
    await frame?.evaluate(async () => {
      const token = sessionStorage.getItem("sb.frameSession");
      const csrf = /(?:^|;\s*)sb_csrf=([^;]+)/.exec(document.cookie)?.[1];
      const res = await fetch("/api/player/logout", {
        method: "POST",
        credentials: "include",
        headers: token ? { authorization: `Bearer ${token}` } : { "x-csrf-token": csrf ?? "" },
      });
      if (!res.ok) throw new Error(`logout answered ${res.status}`);
    });
    // the frame's next call meets the ended session: it tells the casino, which hands a new one over
    const told = page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          addEventListener("message", (e) => {
            if (e.data?.type === "session-ended") resolve(e.data.payload);
          }),
        ),
    );
    await page
      .frameLocator("#sportsbook")
      .locator("[data-match-card] button[data-action=favorite]")
      .first()
      .click();
    expect(await told).toEqual({ reason: "expired" });
    await page.waitForURL(`${host}/**`);
    // a call may wait out the frame's whole load (see frameAccount)
    await expect
      .poll(() => frameAccount(page).catch(() => "between pages"), { timeout: 90_000 })
      .toBe("player");
    expect(await frameAccount(page)).toBe("player");
    await page.close();
  });
});

describe("the host demo's frame fits its page, on a desktop and on a phone", () => {
  let app: RunningApp;
  let host: string;
  let browser: Browser;
  beforeAll(async () => {
    const hostPort = await freePort();
    app = await startApp({ HOST_DEMO: "on", HOST_DEMO_PORT: String(hostPort), FRAME_COOKIES: "on" });
    host = `http://localhost:${hostPort}`;
    browser = await launchChromium();
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const frameHeight = (page: Page) =>
    page.locator("#sportsbook").evaluate((f) => Math.round(f.getBoundingClientRect().height));
  const pageHeight = (page: Page) =>
    page
      .frameLocator("#sportsbook")
      .locator("body")
      .evaluate((b) => b.scrollHeight);
  const send = (page: Page, message: unknown) =>
    page.evaluate(
      ([m, to]) =>
        (document.getElementById("sportsbook") as HTMLIFrameElement).contentWindow?.postMessage(
          m,
          to as string,
        ),
      [message, app.baseUrl] as const,
    );

  it("follows a long page, a short one and a long one again within a second each way", {
    timeout: 120_000,
  }, async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(host);
    const frame = page.frameLocator("#sportsbook");
    await frame.locator('[data-list="top-events"] [data-match]').first().waitFor();
    // the frame's side of the protocol is loaded and listening
    await frame.locator("html[data-framed]").waitFor({ state: "attached" });
    const heights: number[] = [];
    const took: number[] = [];
    for (const [path, pageId] of [
      ["/about", "about"],
      ["/", "sports"],
    ] as const) {
      await send(page, { type: "page_changed", payload: { path } });
      await frame.locator(`[data-page=${pageId}]`).waitFor();
      const shown = Date.now();
      await expect
        .poll(async () => (await frameHeight(page)) === (await pageHeight(page)), { interval: 20 })
        .toBe(true);
      took.push(Date.now() - shown);
      heights.push(await frameHeight(page));
    }
    const [short, long] = heights as [number, number];
    expect(short).toBeLessThan(long - 300);
    for (const ms of took) expect(ms).toBeLessThan(1000);
    // the page fits the frame: nothing scrolls inside it
    expect(await frame.locator("html").evaluate((h) => h.scrollHeight - h.clientHeight)).toBe(0);
    await page.screenshot({ path: join(SCREENS, "host-demo-1366.png") });
    await page.close();
  });

  it("on a phone in mobile-app mode: no scroll inside the frame, and the slip sheet in the window", async () => {
    const page = await browser.newPage({ viewport: MOBILE, isMobile: true, hasTouch: true });
    await page.goto(`${host}/?path=${encodeURIComponent("/schedule?sport=soccer&mobileApp=1")}`);
    const frame = page.frameLocator("#sportsbook");
    await frame.locator("[data-match-card]").first().waitFor();
    await expect.poll(async () => (await frameHeight(page)) === (await pageHeight(page))).toBe(true);
    expect(await frame.locator("html").evaluate((h) => h.scrollHeight - h.clientHeight)).toBe(0);
    await frame
      .locator("[data-match-card]:not([data-unavailable]) button[data-outcome]:not([disabled])")
      .first()
      .click();
    // the sheet's handle and the open slip stand in the part of the frame the phone's screen shows
    const handle = frame.locator("[data-ticket-panel=sheet] [data-action=toggle-slip]");
    await handle.waitFor();
    const inWindow = async (box: { y: number; height: number } | null) =>
      box !== null && box.y >= 0 && box.y + box.height <= MOBILE.height;
    await expect.poll(async () => inWindow(await handle.boundingBox())).toBe(true);
    if ((await handle.getAttribute("aria-expanded")) !== "true") await handle.click();
    const stake = frame.locator("[data-ticket-panel=sheet] [data-stake-input='0']");
    await expect.poll(async () => inWindow(await stake.boundingBox())).toBe(true);
    await stake.fill("1");
    expect(await stake.inputValue()).toBe("1");
    await page.screenshot({ path: join(SCREENS, "host-demo-390.png") });
    await page.close();
  });
});

describe("the terms and help pages, from the site settings in every UI language", () => {
  const base = inject("baseUrl");
  const dataDir = inject("dataDir");
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    removeSettings(dataDir);
    await browser?.close();
  });

  it("shows the operator's text by locale, the messages' own without it, and links them from sign-up", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    // without the operator's text every UI language has its own
    for (const [locale, title] of [
      ["en", "Terms and conditions"],
      ["de", "Geschäftsbedingungen"],
      ["es", "Términos y condiciones"],
      ["pt-BR", "Termos e condições"],
      ["tr", "Şartlar ve koşullar"],
      ["ar", "الشروط والأحكام"],
    ]) {
      await page.goto(`${base}/${locale}/terms-and-conditions`);
      expect(await page.locator("[data-page=terms_and_conditions] h1").textContent()).toBe(title);
      await page.goto(`${base}/${locale}/help-center`);
      expect(await page.locator("[data-page=help_center] p").count()).toBeGreaterThan(0);
    }
    writeSettings(dataDir, {
      pages: {
        "terms-and-conditions": { en: "First rule.\n\nSecond rule.", de: "Erste Regel." },
        "help-center": "Write to help@casino.example.",
      },
    });
    await expect
      .poll(async () => {
        await page.goto(`${base}/terms-and-conditions`);
        return page.locator("[data-page=terms_and_conditions] p").allTextContents();
      })
      .toEqual(["First rule.", "Second rule."]);
    await page.goto(`${base}/de/terms-and-conditions`);
    expect(await page.locator("[data-page=terms_and_conditions] p").allTextContents()).toEqual([
      "Erste Regel.",
    ]);
    await page.goto(`${base}/es/help-center`);
    expect(await page.locator("[data-page=help_center] p").textContent()).toBe(
      "Write to help@casino.example.",
    );

    // the sign-up form links both, opening beside the form
    await page.goto(`${base}/users/sign-up`);
    const links = page.locator("dialog[open] [data-terms-links] a");
    await links.first().waitFor();
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/terms-and-conditions",
      "/help-center",
    ]);
    await page.close();
  });
});
