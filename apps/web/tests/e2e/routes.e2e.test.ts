import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";

const base = inject("baseUrl");

// SPEC §2 route table: path → expected status and the page identifier or content that proves it rendered.
const ROUTES: { path: string; status: number; page?: string; text?: RegExp }[] = [
  { path: "/", status: 200, page: "sports" },
  { path: "/live", status: 200, page: "in_play" },
  { path: "/cybersport", status: 200, page: "e_sports" },
  { path: "/favorites", status: 200, page: "favorites" },
  { path: "/schedule", status: 200, page: "schedule" },
  { path: "/results", status: 200, page: "results" },
  { path: "/promotions", status: 200, page: "promotions" },
  { path: "/general-rules", status: 200, text: /General rules/ },
  { path: "/about", status: 200, text: /About us/ },
  { path: "/init-sportsbook", status: 200, page: "init_sportsbook" },
  { path: "/users/sign-in", status: 200, page: "sports" },
  { path: "/users/sign-up", status: 200, page: "sports" },
  { path: "/users/password/new", status: 200, page: "sports" },
  { path: "/users/password/edit", status: 200, page: "sports" },
  { path: "/users/confirmation", status: 200, page: "sports" },
  { path: "/404", status: 404, text: /can't find that page/ },
  { path: "/500", status: 500, text: /something went wrong/ },
  { path: "/blocked", status: 200, text: /not available in/ },
  { path: "/locked", status: 200, text: /not authorized/ },
  // Settings-gated sections are off by default; the virtual gaming arena is always off.
  { path: "/racing", status: 404 },
  { path: "/lotteries", status: 404 },
  { path: "/premium-cricket", status: 404 },
  { path: "/virtual-gaming-arena", status: 404 },
  { path: "/no-such-sport", status: 404, text: /can't find that page/ },
  { path: "/a/b/c/d", status: 404 },
  // the page benchmark's bare floor page exists only in an app started for the benchmark
  { path: "/bench-floor", status: 404 },
];

describe("routes (SPEC §2)", () => {
  it.each(ROUTES)("$path answers $status with its page", async ({ path, status, page, text }) => {
    const res = await fetch(`${base}${path}`, { redirect: "manual" });
    expect(res.status).toBe(status);
    const html = await res.text();
    // Short failure messages: a whole page in an assertion diff helps nobody.
    if (page) expect(html.includes(`data-page="${page}"`), `data-page="${page}"`).toBe(true);
    if (text) expect(text.test(html), String(text)).toBe(true);
    if (status === 200) expect(/<html lang="en" dir="ltr"/.test(html), "html lang/dir").toBe(true);
  });

  it("sport, category, league and match pages resolve from the live catalogue by slug", async () => {
    const get = async <T>(path: string) => (await fetch(`${base}/api${path}`).then((r) => r.json())) as T;
    const deadline = Date.now() + 60_000;
    type Row = {
      id: number;
      slug: string;
      sport: { key: string };
      competitors: { home: { name: string } | null };
    };
    let match: Row | undefined;
    while (!match && Date.now() < deadline) {
      // a prematch match between two teams: it is still listed (and found by search) when the checks run
      const rows = (await get<{ data: Row[] }>("/matches?match_status=0&limit=50")).data;
      match = rows.find((m) => m.competitors.home);
      if (!match) await new Promise((r) => setTimeout(r, 500));
    }
    if (!match) throw new Error("the catalogue stayed empty for 60 s");
    const sport = match.sport.key;
    const page = async (path: string) => {
      const res = await fetch(`${base}${path}`);
      return { status: res.status, html: await res.text() };
    };
    expect((await page(`/${sport}`)).html).toContain('data-page="sport"');
    const leagues = await get<{ data: { slug: string }[] }>(`/tournaments?sport_key=${sport}`);
    const categories = await get<{ data: { slug: string }[] }>(`/categories?sport_key=${sport}`);
    expect((await page(`/${sport}/${leagues.data[0]?.slug}`)).html).toContain('data-page="league"');
    const category = categories.data.find((c) => !leagues.data.some((l) => l.slug === c.slug));
    if (category) expect((await page(`/${sport}/${category.slug}`)).html).toContain('data-page="category"');
    const matchPage = await page(`/${sport}/${match.slug}-${match.id}`);
    expect(matchPage.status).toBe(200);
    expect(matchPage.html).toContain('data-page="match"');
    // A slug that does not belong to the id is not that match.
    expect((await page(`/${sport}/someone-else-${match.id}`)).status).toBe(404);
    const name = match.competitors.home?.name ?? "";
    const search = await page(`/search?q=${encodeURIComponent(name)}`);
    expect(search.html).toContain(`data-match="${match.id}"`);
    expect((await page("/search?q=ab")).html).toContain("Type 3 to 50 characters");
  });

  it("/api paths that no service claims stay JSON 404s, not pages", async () => {
    const res = await fetch(`${base}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/json/);
  });

  describe("in Chromium", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("desktop shows the sidebars and hides the mobile tab bar", async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(`${base}/`);
      await expect(page.locator("[data-placement=leftSidebarDesktop]").isVisible()).resolves.toBe(true);
      await expect(page.locator("[data-placement=mobileTabBar]").isVisible()).resolves.toBe(false);
      await page.close();
    });

    it("mobile shows the tab bar, hides the sidebars, and the Sports menu button opens the side menu", async () => {
      const page = await browser.newPage({ viewport: MOBILE, isMobile: true, hasTouch: true });
      await page.goto(`${base}/`);
      await expect(page.locator("[data-placement=mobileTabBar]").isVisible()).resolves.toBe(true);
      await expect(page.locator("[data-placement=leftSidebarDesktop]").isVisible()).resolves.toBe(false);
      await expect(page.locator("[data-placement=mobileSideMenu]").isVisible()).resolves.toBe(false);
      await page.locator("[data-placement=mobileTabBar] [data-action=sports-menu]").click();
      await page.locator("[data-placement=mobileSideMenu]").waitFor({ state: "visible" });
      await page.close();
    });

    it("the sport list shows each sport once, from the provider the settings name for its type", async () => {
      // The feed serves soccer from two providers; wait until the catalogue has it.
      const deadline = Date.now() + 60_000;
      type SportJson = { key: string; type: string; provider: string };
      let sports: SportJson[] = [];
      while (!sports.some((s) => s.key === "soccer") && Date.now() < deadline) {
        sports = ((await fetch(`${base}/api/sports`).then((r) => r.json())) as { data: SportJson[] }).data;
        if (!sports.some((s) => s.key === "soccer")) await new Promise((r) => setTimeout(r, 500));
      }
      const settings = (await fetch(`${base}/api/settings`).then((r) => r.json())) as {
        data: { sport_type_providers: Record<string, string[]> };
      };
      for (const s of sports) {
        const served = settings.data.sport_type_providers[s.type];
        if (served) expect(served, `${s.key} from ${s.provider}`).toContain(s.provider);
      }
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(`${base}/`);
      const lists = await page.$$eval("nav[data-sport-list]", (navs) =>
        navs.map((n) =>
          [...n.querySelectorAll<HTMLElement>("[data-sport]")].map((a) => a.dataset.sport ?? ""),
        ),
      );
      expect(lists.length).toBeGreaterThan(0);
      for (const keys of lists) {
        expect(keys).toContain("soccer");
        expect(keys).toEqual([...new Set(keys)]);
      }
      await page.close();
    });

    it("cookie consent: painted with a first visit, gone once answered, never inside a frame", async () => {
      const first = await fetch(`${base}/about`).then((r) => r.text());
      expect(first.includes('aria-label="cookies"'), "banner in the server's HTML").toBe(true);
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto(`${base}/about`);
      await page.locator("[data-consent]").waitFor({ state: "visible" });
      await page.locator("[data-consent] .btn-primary").click();
      await page.locator("[data-consent]").waitFor({ state: "detached" });
      const cookie = (await context.cookies()).find((c) => c.name === "consent");
      expect(cookie?.value).toBe("all");
      await page.reload();
      expect(await page.locator("[data-consent]").count()).toBe(0);
      const answered = await fetch(`${base}/about`, { headers: { cookie: "consent=all" } }).then((r) =>
        r.text(),
      );
      expect(answered.includes('aria-label="cookies"'), "no banner once answered").toBe(false);
      await context.close();

      // Framed by a page of this site (only this site and the platform's origins may frame it).
      const framed = await browser.newPage({ viewport: DESKTOP });
      await framed.goto(`${base}/general-rules`);
      await framed.evaluate(() => {
        const iframe = document.createElement("iframe");
        iframe.src = "/about";
        iframe.width = "800";
        iframe.height = "600";
        document.body.append(iframe);
      });
      const frame = await (await framed.waitForSelector("iframe")).contentFrame();
      await frame?.waitForSelector("h1");
      expect(await frame?.locator("[data-consent]").isVisible()).toBe(false);
      await framed.close();
    });

    it("/users/sign-in opens the sign-in modal", async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(`${base}/users/sign-in`);
      await page.locator("dialog[data-modal=sign_in]").waitFor({ state: "visible" });
      await page.close();
    });

    it("a #sign-up hash opens the sign-up modal and is removed from the URL", async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(`${base}/live?x=1#sign-up`);
      await page.locator("dialog[data-modal=sign_up]").waitFor({ state: "visible" });
      expect(new URL(page.url()).hash).toBe("");
      expect(new URL(page.url()).search).toBe("?x=1");
      await page.close();
    });
  });
});
