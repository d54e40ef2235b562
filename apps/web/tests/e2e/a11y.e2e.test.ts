import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ruleViolations, seriousViolations } from "./axe";
import { DESKTOP, launchChromium, MOBILE } from "./browser";

const base = inject("baseUrl");

type Viewport = { width: number; height: number };

/** A sport page and a match page from the live catalogue, once the feed has filled it. */
async function catalogPages(): Promise<[string, Viewport][]> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = (await fetch(`${base}/api/matches?match_status=1&limit=1`).then((r) => r.json())) as {
      data: { id: number; slug: string; sport: { key: string } }[];
    };
    const m = res.data[0];
    if (m)
      return [
        [`/${m.sport.key}`, MOBILE],
        [`/${m.sport.key}/${m.slug}-${m.id}`, DESKTOP],
        [`/${m.sport.key}/${m.slug}-${m.id}`, MOBILE],
      ];
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("no live match within 60 s");
}

async function pageViolations(browser: Browser, path: string, viewport: Viewport): Promise<string[]> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const res = await page.goto(`${base}${path}`);
  expect(res?.status(), path).toBeLessThan(500);
  await page.waitForLoadState("networkidle");
  const violations = await seriousViolations(page);
  await context.close();
  return violations;
}

describe("accessibility (axe): no serious or critical violations on the main pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Every page a visitor reaches, in English and in Arabic (right to left), each at both sizes
  // across the two languages.
  const PAGES = [
    "/",
    "/live",
    "/cybersport",
    "/favorites",
    "/schedule",
    "/results",
    "/promotions",
    "/general-rules",
    "/about",
    "/search?q=city",
    "/my-bets",
    "/profile",
    "/users/sign-in",
    "/blocked",
    "/locked",
    "/404",
  ];
  it.each(
    ["", "/ar"].flatMap((prefix, l) =>
      PAGES.map((path, i) => [`${prefix}${path}`, (i + l) % 2 === 0 ? "desktop" : "mobile"] as const),
    ),
  )("%s (%s)", async (path, size) => {
    expect(await pageViolations(browser, path, size === "mobile" ? MOBILE : DESKTOP)).toEqual([]);
  });

  it("every landmark of a page has a name of its own, at both sizes", async () => {
    const match = (await catalogPages())[1]?.[0] ?? "/live";
    for (const [path, viewport] of [
      ["/", DESKTOP],
      ["/", MOBILE],
      ["/schedule", DESKTOP],
      [match, DESKTOP],
      [match, MOBILE],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${base}${path}`);
      await page.waitForLoadState("networkidle");
      expect(await ruleViolations(page, ["landmark-unique"]), `${path} ${viewport.width}`).toEqual([]);
      await context.close();
    }
  });

  it("sport and match pages of the live catalogue, in English and Arabic", async () => {
    for (const [path, viewport] of await catalogPages())
      for (const prefix of ["", "/ar"]) {
        const at = `${prefix}${path}`;
        expect(await pageViolations(browser, at, viewport), `${at} at ${viewport.width} px`).toEqual([]);
      }
  });
});
