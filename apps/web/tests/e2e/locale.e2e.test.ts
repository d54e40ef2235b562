import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";

const base = inject("baseUrl");

const html = async (path: string) => {
  const res = await fetch(`${base}${path}`, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
};

describe("locale in URL and RTL (SPEC §2, §5)", () => {
  it("the first segment is the locale; the default locale is served without it", async () => {
    const de = await html("/de/schedule");
    expect(de.status).toBe(200);
    expect(de.text).toMatch(/<html lang="de" dir="ltr"/);
    expect(de.text).toContain("Spielplan");
    const en = await html("/schedule");
    expect(en.text).toMatch(/<html lang="en" dir="ltr"/);
  });

  it("Arabic pages are right to left", async () => {
    const ar = await html("/ar/live");
    expect(ar.text).toMatch(/<html lang="ar" dir="rtl"/);
    expect(ar.text).toContain("مباشر");
  });

  it("an alias redirects to the configured locale, keeping the query (br → pt-BR)", async () => {
    const r = await html("/br/live?sport=soccer");
    expect(r.status).toBe(308);
    expect(r.location).toMatch(/\/pt-BR\/live\?sport=soccer$/);
  });

  it("an unknown locale-like segment is not a locale: it is a missing page", async () => {
    expect((await html("/xx/live")).status).toBe(404);
  });

  it("error pages exist in the error-page locales beyond the UI ones (Japanese 404)", async () => {
    const r = await html("/ja/404");
    expect(r.status).toBe(404);
    expect(r.text).toContain("ページが見つかりません");
  });

  it("the head has canonical and alternate-language links and follows the index rule", async () => {
    const r = await html("/de/live");
    expect(r.text).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/de\/live"/);
    expect(r.text).toMatch(/<link rel="alternate" hrefLang="ar" href="http:\/\/127\.0\.0\.1:\d+\/ar\/live"/);
    expect(r.text).toMatch(
      /<link rel="alternate" hrefLang="x-default" href="http:\/\/127\.0\.0\.1:\d+\/live"/,
    );
    expect(r.text).toMatch(/<meta name="robots" content="index, follow"/);
    expect(r.text).toMatch(/<meta property="og:locale" content="de"/);
    // WCAG 1.4.4 overrules SPEC §2's fixed viewport: a player may zoom
    expect(r.text).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"\/>/);
    expect(r.text).not.toMatch(/user-scalable=no|maximum-scale/);
    expect((await html("/favorites")).text).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  });

  describe("in Chromium", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("switching language keeps path, query and hash, and turns the page right to left", async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(`${base}/de/schedule?sport=soccer#top`);
      await page.locator("header select[name=language]").selectOption("ar");
      await page.waitForURL(/\/ar\/schedule\?sport=soccer#top$/);
      expect(await page.getAttribute("html", "dir")).toBe("rtl");
      await page.locator("header select[name=language]").selectOption("en");
      await page.waitForURL(/^http:\/\/[^/]+\/schedule\?sport=soccer#top$/);
      expect(new URL(page.url()).pathname).toBe("/schedule");
      expect(await page.getAttribute("html", "dir")).toBe("ltr");
      await page.close();
    });

    it("Hebrew is a UI language: chosen by its name, right to left, in its own words, the slip on the left", async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(`${base}/schedule`);
      await page
        .locator("header")
        .getByRole("combobox", { name: "Language" })
        .selectOption({ label: "עברית" });
      await page.waitForURL(/\/he\/schedule$/);
      expect(await page.getAttribute("html", "dir")).toBe("rtl");
      expect(await page.getAttribute("html", "lang")).toBe("he");
      await page.getByRole("heading", { name: "לוח משחקים" }).first().waitFor();
      const slip = page.getByRole("region", { name: "טופס הימור וההימורים שלי" });
      expect(await slip.getByText("טופס ההימור שלך ריק. בחרו יחס כדי להוסיף אותו.").count()).toBe(1);
      // the page mirrors: the slip's column is on the left of the main column
      const [slipBox, mainBox] = [await slip.boundingBox(), await page.locator("main").boundingBox()];
      expect((slipBox?.x ?? 0) + (slipBox?.width ?? 0)).toBeLessThanOrEqual((mainBox?.x ?? 0) + 1);
      expect(await page.locator("header").getByRole("combobox", { name: "שפה" }).inputValue()).toBe("he");
      await page.close();
    });

    it("the odds format choice is kept across reloads (SPEC §3 activeOddsType)", async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await page.locator("header select[name=odds-format]").selectOption("fractional");
      expect(await page.evaluate(() => localStorage.getItem("activeOddsType"))).toBe("fractional");
      await page.reload();
      expect(await page.locator("header select[name=odds-format]").inputValue()).toBe("fractional");
      await context.close();
    });
  });
});
