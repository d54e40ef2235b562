import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";

const base = inject("baseUrl");

interface MatchRow {
  id: number;
  slug: string;
  start_time: string;
  sport: { key: string };
}

/** A prematch soccer match whose page offers the bet builder, the latest kick-off first (it stays prematch). */
async function builderMatchPath(): Promise<string> {
  const list = (await (
    await fetch(`${base}/api/matches?sport_key=soccer&match_status=0&limit=50`)
  ).json()) as {
    data: MatchRow[];
  };
  const latestFirst = [...list.data].sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
  for (const match of latestFirst) {
    const markets = (await (await fetch(`${base}/api/bets/custom/markets/${match.id}`)).json()) as {
      data: { status: number }[];
    };
    if (markets.data.some((m) => m.status === 1)) return `/${match.sport.key}/${match.slug}-${match.id}`;
  }
  throw new Error("no prematch soccer match with the bet builder");
}

/** Taps a price the way a thumb does: scrolled into the free part of the screen, then touched there. */
async function tap(page: Page, price: Locator) {
  await price.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 160));
  const box = await price.boundingBox();
  if (!box) throw new Error("the price is not displayed");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe("the match page and the phone slip", () => {
  let browser: Browser;
  let path: string;
  beforeAll(async () => {
    browser = await launchChromium();
    path = await builderMatchPath();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the top 1x2 price adds a single; the bet builder is a tab of its own", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}${path}`);
    const tabs = page.getByRole("tablist", { name: "Match sections" });
    expect(await tabs.getByRole("tab", { name: "Markets" }).getAttribute("aria-selected")).toBe("true");
    const markets = page.getByRole("region", { name: "All markets" });
    await markets.locator("button[data-outcome]:not([disabled])").first().click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(1);
    expect(await slip.getByRole("button", { name: "Single", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await page.locator("#betBuilder").isVisible()).toBe(false);

    await tabs.getByRole("tab", { name: "Bet builder" }).click();
    await page.getByRole("heading", { name: "Bet builder" }).waitFor();
    expect(await markets.isVisible()).toBe(false);
    await page.close();
  });

  it("on a 390 px phone the slip is a bottom sheet that leaves the page's prices in reach, Place in view", async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    await page.goto(`${base}${path}`);
    await page.locator("[data-consent] .btn-primary").click();
    const prices = page
      .getByRole("region", { name: "All markets" })
      .locator("button[data-outcome]:not([disabled])");
    await prices.first().waitFor();
    const sheet = page.getByRole("region", { name: "Bet slip and my bets" });
    const bar = sheet.getByRole("button", { name: /^Bet slip/ });

    await tap(page, prices.nth(0));
    await expect.poll(() => bar.getAttribute("aria-expanded")).toBe("true");
    // a second price of another market, tapped while the sheet stays open
    await tap(page, prices.nth(3));
    await expect.poll(() => sheet.locator("[data-selection]").count()).toBe(2);
    expect(await bar.getAttribute("aria-expanded")).toBe("true");

    // Place is on the screen, above the tab bar, without scrolling the sheet
    const place = sheet.getByRole("button", { name: /Place bet|Sign in to bet/ });
    const at = await place.boundingBox();
    const tabbar = await page.locator("[data-placement=mobileTabBar]").boundingBox();
    expect(at).not.toBeNull();
    expect((at?.y ?? 0) + (at?.height ?? 0)).toBeLessThanOrEqual(tabbar?.y ?? MOBILE.height);

    // collapsed, the bar tells the count and the return, and covers no price
    await bar.click();
    expect(await bar.getAttribute("aria-expanded")).toBe("false");
    expect(await bar.innerText()).toMatch(/Bet slip\s*2[\s\S]*Return €\d+\.\d\d/);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = await prices.last().boundingBox();
    const barBox = await bar.boundingBox();
    expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
    await page.close();
  });
});
