import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { removeSettings, writeSettings as write } from "./settings";

const base = inject("baseUrl");
const dataDir = inject("dataDir");
const writeSettings = (doc: unknown) => write(dataDir, doc);

describe("layout from the site settings document (SPEC §2 layout blocks)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(() => {
    removeSettings(dataDir);
  });

  it("a results block lists finished matches only, a schedule block upcoming ones", async () => {
    writeSettings({
      layout: {
        home: [
          { kind: "results", limit: 10 },
          { kind: "schedule", limit: 10 },
        ],
      },
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    await expect
      .poll(async () => {
        await page.goto(`${base}/`);
        return page.locator("main [data-block=schedule] [data-match-card]").count();
      })
      .toBeGreaterThan(0);
    const shown = (block: string) =>
      page
        .locator(`main [data-block=${block}] [data-match-card]`)
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-match"))));
    const listed = async (status: number) =>
      (
        (await fetch(`${base}/api/matches?match_status=${status}&limit=500`).then((r) => r.json())) as {
          data: { id: number }[];
        }
      ).data.map((m) => m.id);
    // Whatever has finished so far (a fresh feed may have nothing yet), and never an upcoming match.
    const finished = new Set(await listed(4));
    const results = await shown("results");
    for (const id of results) expect(finished.has(id), `match ${id} is finished`).toBe(true);
    if (results.length === 0) expect(await page.locator("main [data-block=results] .empty").count()).toBe(1);
    // Upcoming when the page was drawn: by now it may have kicked off.
    const upcoming = new Set([...(await listed(0)), ...(await listed(1))]);
    for (const id of await shown("schedule")) expect(upcoming.has(id), `match ${id} was upcoming`).toBe(true);
    await page.close();
  });

  it("an operator's header, theme and tab bar replace the defaults without a restart", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/`);
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    expect(await page.locator("header [data-block=search]").count()).toBe(1);

    writeSettings({
      theme: "light",
      layout: {
        header: [
          { kind: "brand-logo" },
          { kind: "label", text: { en: "Operator special", de: "Sonderaktion" } },
          { kind: "clock", width: "narrow" },
        ],
        mobileTabBar: [{ kind: "menu-link", href: "/results", text: "Results" }],
        home: [{ kind: "live-events", mode: "slider" }],
      },
    });
    await page.reload();
    expect(await page.getAttribute("html", "data-theme")).toBe("light");
    expect(
      await page
        .locator("header [data-block]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-block"))),
    ).toEqual(["brand-logo", "label", "clock"]);
    expect(await page.locator("header [data-block=label]").textContent()).toBe("Operator special");
    expect(await page.locator("header [data-block=clock]").getAttribute("data-width")).toBe("narrow");
    expect(await page.locator("main [data-block=live-events]").getAttribute("data-mode")).toBe("slider");
    await page.goto(`${base}/de`);
    expect(await page.locator("header [data-block=label]").textContent()).toBe("Sonderaktion");
    await page.close();

    const mobile = await browser.newPage({ viewport: MOBILE, isMobile: true });
    await mobile.goto(`${base}/`);
    expect(await mobile.locator("[data-placement=mobileTabBar] a").getAttribute("href")).toBe("/results");
    await mobile.close();
  });

  it("locale-in-URL on: every URL carries the locale, the default one included", async () => {
    writeSettings({ localeInUrl: true });
    const res = await fetch(`${base}/live?x=1`, { redirect: "manual" });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toMatch(/\/en\/live\?x=1$/);
    const page = await fetch(`${base}/en/live`).then((r) => r.text());
    expect(page).toContain('href="/en/schedule"');
  });

  it("custom pages and settings-gated sections follow the document", async () => {
    writeSettings({
      features: { horseRacing: true },
      customPages: [
        { slug: "vip", title: { en: "VIP club" }, blocks: [{ kind: "text", text: "Members only" }] },
      ],
    });
    const vip = await fetch(`${base}/vip`);
    expect(vip.status).toBe(200);
    const text = await vip.text();
    expect(text).toContain("VIP club");
    expect(text).toContain("Members only");
    expect((await fetch(`${base}/racing`)).status).toBe(200);
    expect((await fetch(`${base}/lotteries`)).status).toBe(404);
    expect((await fetch(`${base}/virtual-gaming-arena`)).status).toBe(404);
  });

  it("an invalid document is refused and the previous layout stays in force", async () => {
    writeSettings({ theme: "light" });
    expect(await fetch(`${base}/`).then((r) => r.text())).toMatch(/data-theme="light"/);
    writeSettings({ theme: "purple", layout: { header: [{ kind: "nope" }] } });
    expect(await fetch(`${base}/`).then((r) => r.text())).toMatch(/data-theme="light"/);
  });

  it("RTL can be switched off: Arabic is then left to right", async () => {
    writeSettings({ rtlEnabled: false });
    expect(await fetch(`${base}/ar`).then((r) => r.text())).toMatch(/<html lang="ar" dir="ltr"/);
  });
});
