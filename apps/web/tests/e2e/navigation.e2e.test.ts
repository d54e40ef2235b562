import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { holdPageCode } from "./held-code";

const base = inject("baseUrl");

describe("a way around (skip link, footer, one heading, logo, blocked country)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the first Tab reaches the skip link, which moves focus to the page", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/`);
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("href"));
    expect(focused).toBe("#main");
    expect(await page.locator("body > a[href='#main']").isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await page.close();
  });

  it("every page has one main heading, the home page too", async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    for (const path of ["/", "/live", "/results", "/about", "/general-rules", "/404"]) {
      await page.goto(`${base}${path}`);
      await page.locator("h1").first().waitFor();
      expect(await page.locator("[data-area-failed]").count(), `${path} failed to render`).toBe(0);
      expect(await page.locator("h1").count(), path).toBe(1);
    }
    await page.close();
  });

  it("the footer's links resolve and it offers the language choice", async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    await page.goto(`${base}/`);
    const links = await page.locator("footer a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links).toEqual(
      expect.arrayContaining(["/about", "/general-rules", "/terms-and-conditions", "/help-center"]),
    );
    for (const href of links) {
      const res = await fetch(`${base}${href}`);
      expect(res.status, String(href)).toBe(200);
    }
    expect(await page.locator("footer select, footer [data-block=language] *").count()).toBeGreaterThan(0);
    await page.close();
  });

  it("the logo's name takes the header's text colour on the dark theme", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/`);
    const [text, header] = await page.evaluate(() => {
      const t = document.querySelector("header .brand-mark text");
      const h = document.querySelector("header");
      return [t ? getComputedStyle(t).fill : "", h ? getComputedStyle(h).color : ""];
    });
    expect(text).toBe(header);
    expect(text).not.toBe("rgb(0, 0, 0)");
    await page.close();
  });

  it("the blocked page names the country, from the link or from the proxy's header", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/blocked?country=DE`);
    expect(await page.locator("h1").innerText()).toContain("Germany");
    const context = await browser.newContext({ extraHTTPHeaders: { "x-country-code": "FR" } });
    const other = await context.newPage();
    await other.goto(`${base}/es/blocked`);
    expect(await other.locator("h1").innerText()).toContain("Francia");
    await context.close();
    await page.close();
  });

  /** A home team of a prematch match, to search for. */
  async function teamToSearch(): Promise<string> {
    const list = (await fetch(`${base}/api/matches?match_status=0&limit=20`).then((r) => r.json())) as {
      data: { id: number; competitors: { home: { name: string } | null } }[];
    };
    const team = list.data.find((m) => m.competitors.home)?.competitors.home?.name ?? "";
    expect(team.length).toBeGreaterThan(3);
    return team;
  }

  it("search suggests matches while typing; arrows and Enter open one (combobox)", async () => {
    const team = await teamToSearch();
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/`);
    // typed before the page is interactive, the letters would reach no handler
    await page.waitForSelector("html[data-realtime=connected]");
    const box = page.locator("header input[role=combobox]");
    await box.click();
    await box.pressSequentially(team, { delay: 30 });
    const options = page.locator("header [role=listbox] [role=option]");
    await options.first().waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await options.first().innerText()).toContain(team);
    await box.press("ArrowDown");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await options.first().getAttribute("id"));
    await Promise.all([page.waitForURL(/-\d+$/), box.press("Enter")]);
    expect(await page.locator("h1").innerText()).toContain(team);
    await page.close();
  });

  it("a search typed while the page's code is on its way is searched once the code runs", async () => {
    const team = await teamToSearch();
    const context = await browser.newContext({ viewport: DESKTOP });
    const code = await holdPageCode(context);
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: "commit" });
    const box = page.locator("header input[role=combobox]");
    await box.click();
    await box.pressSequentially(team);
    // typed into the server's field, with none of the page's code run yet
    await code.expectHeld(page);

    await code.release();
    const options = page.locator("header [role=listbox] [role=option]");
    await options.first().waitFor();
    expect(await box.inputValue()).toBe(team);
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await options.first().innerText()).toContain(team);
    await context.close();
  });

  it("a search typed as the slip's code and styles arrive keeps every letter", async () => {
    // The first press on the page loads the slip when the browser is next idle. A stylesheet a
    // render brought in held React's commits until it loaded, and the field took back what was typed
    // meanwhile. On a slow link every file the slip brings comes late.
    const team = await teamToSearch();
    const context = await browser.newContext({ viewport: DESKTOP });
    let slow = false;
    await context.route("**/_next/static/**", async (route) => {
      if (slow) await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector("html[data-realtime=connected]");
    slow = true;
    const stylesheets = () => page.locator("link[rel=stylesheet]").count();
    const before = await stylesheets();
    const box = page.locator("header input[role=combobox]");
    await box.click();
    const text = `${team} ${team}`.slice(0, 40);
    await box.pressSequentially(text, { delay: 40 });
    // the slip is in by the end of the typing, its stylesheets with the page's own
    await page.locator("[data-ticket-panel=docked] [data-ticket-state]").waitFor({ state: "attached" });
    expect(await box.inputValue()).toBe(text);
    expect(await stylesheets()).toBe(before);
    await context.close();
  });

  it("the results page keeps its query in the search field, to refine, with no suggestions asked", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const asked: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/search")) asked.push(r.url());
    });
    await page.goto(`${base}/search?q=${encodeURIComponent("Ironvale FC")}`);
    const box = page.locator("header input[role=combobox]");
    expect(await box.inputValue()).toBe("Ironvale FC");
    await page.waitForSelector("html[data-realtime=connected]");
    expect(await box.inputValue()).toBe("Ironvale FC");
    expect(asked).toEqual([]);
    // elsewhere the field starts empty again
    await page
      .locator("header a[href$='/live'], [data-placement=mobileTabBar] a[href$='/live']")
      .first()
      .click();
    await page.waitForURL(/\/live/);
    await expect.poll(() => box.inputValue()).toBe("");
    await page.close();
  });

  it("on a phone the search box's placeholder fits, or ends in an ellipsis, in every language", async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    for (const locale of ["en", "de", "es", "pt-BR", "tr", "ar"]) {
      await page.goto(`${base}/${locale}`);
      const box = page.locator("header input[role=combobox]");
      const shown = await box.evaluate((el) => {
        const input = el as HTMLInputElement;
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d");
        if (!context) throw new Error("no canvas");
        context.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { fits: context.measureText(input.placeholder).width <= room, ends: style.textOverflow };
      });
      expect(shown.fits || shown.ends === "ellipsis", `${locale}: ${JSON.stringify(shown)}`).toBe(true);
    }
    await page.close();
  });

  it("an outright reads as open with the time betting ends, never as not started", async () => {
    const list = (await fetch(`${base}/api/matches?match_status=0&limit=500`).then((r) => r.json())) as {
      data: { id: number; slug: string; type: string; end_date: string | null; sport: { key: string } }[];
    };
    const outright = list.data.find((m) => m.type === "outright" && m.end_date);
    if (!outright) throw new Error("the feed has no open outright");
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/${outright.sport.key}/${outright.slug}-${outright.id}`);
    await expect
      .poll(() => page.locator("[data-page=match] [data-match-live] [data-status-key]").innerText())
      .toBe("Open");
    expect(await page.locator("[data-page=match] .event-ends").innerText()).toMatch(/^Ends /);
    expect(await page.locator("[data-page=match] .event-ends time").getAttribute("datetime")).toBe(
      outright.end_date,
    );
    await page.close();
  });

  it("on a phone a list page's tabs and filters leave room for its first match high on the screen", async () => {
    for (const width of [360, 390])
      for (const locale of ["", "/de"]) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        await page.goto(`${base}${locale}/live`);
        const first = await page.locator(".list-page [data-match-card]").first().boundingBox();
        // five rows of chips put it at 356 px in every language
        expect(first?.y, `${width} px ${locale || "/en"}`).toBeLessThanOrEqual(325);
        const tabs = await page
          .locator(".list-page .tabs a")
          .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
        if (width === 390 && locale === "") expect(new Set(tabs).size).toBe(1);
        await page.close();
      }
  });

  it("sorting by league groups the list under league headings", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/schedule?sortBy=league`);
    const groups = page.locator("section[data-league]");
    await groups.first().waitFor();
    const keys = await groups.evaluateAll((gs) => gs.map((g) => g.getAttribute("data-league")));
    expect(keys.length).toBeGreaterThan(1);
    // Sorted by league, one league never comes back further down the page.
    expect(new Set(keys).size).toBe(keys.length);
    expect(await groups.first().locator("h2").innerText()).toContain("·");
    await page.close();
  });

  it("the Bet builder tab lists only matches the builder can combine", async () => {
    type Ids = { data: { id: number }[] };
    const list = (q: string) =>
      fetch(`${base}/api/matches?match_status=0&limit=500${q}`)
        .then((r) => r.json() as Promise<Ids>)
        .then((b) => new Set(b.data.map((m) => String(m.id))));
    const [all, builder] = await Promise.all([list(""), list("&custom_bet=true")]);
    expect(builder.size).toBeGreaterThan(0);
    // Without the filter the schedule holds matches the builder cannot combine, so the tab has work to do.
    expect([...all].some((id) => !builder.has(id))).toBe(true);
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/schedule?tab=betbuilder`);
    const cards = await page
      .locator("[data-match-card]")
      .evaluateAll((cs) => cs.map((c) => c.getAttribute("data-match")));
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.filter((id) => !builder.has(id ?? ""))).toEqual([]);
    await page.close();
  });
});
