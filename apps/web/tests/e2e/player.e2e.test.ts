import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { csrfOf, fund, signedInPlayer } from "./players";

const base = inject("baseUrl");

const headerHeight = (p: Page) =>
  p.locator("header[data-placement=header]").evaluate((h) => Math.round(h.getBoundingClientRect().height));

/** Where the header's blocks (and the account's parts) are, for a failure message. */
const boxes = (p: Page) =>
  p.locator("header[data-placement=header]").evaluate((h) =>
    [...h.querySelectorAll(":scope > *, [data-header-account] > *")]
      .map((e) => {
        const r = e.getBoundingClientRect();
        return `${e.className} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      })
      .join("; "),
  );

describe("the player in the header (SPEC §4 auth status, §7 balance_changed, §8 401)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the balance, follows a deposit live, and signs out", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 2_500);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const balance = page.locator("header [data-balance]");
    await expect.poll(() => balance.getAttribute("data-balance")).toBe("2500");
    expect(await balance.innerText()).toContain("25.00");
    // The private channel carries balance_changed: the header follows without a reload.
    await page.waitForFunction(() => document.documentElement.dataset.realtime === "connected");
    await expect
      .poll(async () => {
        await fund(base, context, 100);
        return Number(await balance.getAttribute("data-balance"));
      })
      .toBeGreaterThanOrEqual(2_600);
    const before = Number(await balance.getAttribute("data-balance"));
    await fund(base, context, 1_000);
    await expect.poll(() => balance.getAttribute("data-balance")).toBe(String(before + 1_000));

    await page.locator("header [data-action=sign-out]").click();
    await page.locator("header [data-action=sign-in]").waitFor();
    expect(await page.locator("header [data-balance]").count()).toBe(0);
    await context.close();
  });

  // 36 pages, a visitor's and a player's in six languages at three widths: more than the 60 s a
  // single page's test is given, on a busy machine
  it("the header keeps the visitor's height when the account appears, on phones and desktops, in every language", {
    timeout: 180_000,
  }, async () => {
    const visitor = await browser.newPage();
    const context = await browser.newContext();
    await signedInPlayer(base, context);
    await fund(base, context, 1_234_567);
    const page = await context.newPage();
    for (const width of [360, 1024, 1366]) {
      await visitor.setViewportSize({ width, height: 800 });
      await page.setViewportSize({ width, height: 800 });
      for (const locale of ["en", "de", "es", "pt-BR", "tr", "ar"]) {
        const at = `${locale} at ${width} px`;
        await visitor.goto(`${base}/${locale}`);
        await visitor.locator("header [data-action=sign-in]").waitFor();
        await page.goto(`${base}/${locale}`);
        await page.locator("header [data-balance='1234567']").waitFor();
        await page.locator("header [data-action=notifications]").waitFor();
        // One row: the account's box is no taller than its tallest control.
        const row = await page.locator("header [data-header-account]").evaluate((el) => ({
          height: el.getBoundingClientRect().height,
          tallest: Math.max(...[...el.children].map((c) => c.getBoundingClientRect().height)),
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        expect(row.height, `${at}: ${JSON.stringify(row)}`).toBeLessThanOrEqual(row.tallest + 1);
        expect(row.overflow, at).toBeLessThanOrEqual(0);
        expect(await headerHeight(page), `${at}: ${await boxes(page)} | ${await boxes(visitor)}`).toBe(
          await headerHeight(visitor),
        );
      }
    }
    // The buttons shown as icons keep their names.
    await page.goto(`${base}/`);
    await page.getByRole("link", { name: "My account" }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
    await visitor.close();
    await context.close();
  });

  it("while the session is checked the header already has the player's height", async () => {
    const context = await browser.newContext();
    await signedInPlayer(base, context);
    await fund(base, context, 1_234_567);
    const page = await context.newPage();
    // The session check is held on its way to the server, so the page is seen as it is meanwhile:
    // the header holds the account's place, and nothing under the player's thumb moves when the
    // account appears. The player's code loads lazily, so the check may leave after the place is
    // held: it is released once it has been caught.
    const searchLeft = () =>
      page.locator("header .block-search").evaluate((e) => Math.round(e.getBoundingClientRect().left));
    let held: (release: () => void) => void = () => {};
    await page.route("**/api/player", async (route) => {
      await new Promise<void>((r) => held(r));
      await route.continue();
    });
    for (const width of [360, 390, 600, 779, 1024, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      for (const locale of ["en", "de"]) {
        const at = `${locale} at ${width} px`;
        const release = new Promise<() => void>((r) => (held = r));
        await page.goto(`${base}/${locale}`);
        await page.locator("header [data-header-account][aria-busy=true]").waitFor({ state: "attached" });
        const checking = await headerHeight(page);
        const searchWas = await searchLeft();
        const checkingBoxes = await boxes(page);
        (await release)();
        await page.locator("header [data-balance='1234567']").waitFor();
        await page.locator("header [data-action=notifications]").waitFor();
        expect(await headerHeight(page), `${at}: ${checkingBoxes} | ${await boxes(page)}`).toBe(checking);
        // The search beside it moves little: the held place is about as wide as the account (with an
        // 88 px place, the search moved 185 px at 1024 in English).
        expect(Math.abs((await searchLeft()) - searchWas), `${at}: the search moved`).toBeLessThanOrEqual(80);
      }
    }
    await context.close();
  });

  it("a session that ends under the player signs them out with the session-ended modal", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/live`);
    await page.locator("header [data-header-account][data-auth=logged_in]").waitFor();
    // The session ends on the server (as a session limit or sign-out elsewhere would end it).
    const csrf = await csrfOf(context);
    const cookies = await context.cookies();
    await fetch(`${base}/api/player/logout`, {
      method: "POST",
      headers: {
        "x-csrf-token": csrf,
        cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
      },
    });
    // Whichever call meets the ended session first (this click, or the session watch's poll) signs
    // the player out; the event goes to the star even when the modal already covers it.
    await page.locator("[data-match-card] [data-action=favorite]").first().dispatchEvent("click");
    await page.locator("dialog[data-modal=session-ended]").waitFor();
    await page.locator("header [data-action=sign-in]").waitFor();
    await context.close();
  });
});
