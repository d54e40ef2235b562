import type { BrowserContext, Page, Route } from "playwright-core";
import { expect } from "vitest";

/**
 * Holds back every script of the page's code, as on a phone still fetching it, until `release`:
 * what a player does meanwhile meets the server's markup alone.
 */
export async function holdPageCode(context: BrowserContext) {
  const held: Route[] = [];
  let holding = true;
  await context.route("**/_next/static/chunks/**", (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return {
    /** That scripts were asked for and none of the page's code has run. */
    async expectHeld(page: Page): Promise<void> {
      expect(held.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => typeof (window as { next?: unknown }).next)).toBe("undefined");
    },
    async release(): Promise<void> {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}
