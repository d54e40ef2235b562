import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, MOBILE } from "./browser";

const base = inject("baseUrl");

/** SPEC §3 card view "teams with logos": a competitor the feed gives no logo has a badge instead. */
describe("a team without a logo", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows its initials on its own colour, drawn by the page rather than sent as a picture", async () => {
    const res = await fetch(`${base}/schedule?sport=soccer`);
    const html = await res.text();
    // neither the document nor its payload carries a picture for a team
    expect(html).not.toContain("data:image/svg+xml");

    const context = await browser.newContext({ viewport: MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    const teams = page.locator("[data-match-card] a span:has(> [data-team-badge])");
    expect(await teams.count()).toBeGreaterThan(1);
    const seen = await teams.evaluateAll((spans) =>
      spans.map((team) => {
        const badge = team.querySelector("[data-team-badge]") as HTMLElement;
        const box = badge.getBoundingClientRect();
        return {
          name: team.lastElementChild?.textContent ?? "",
          initials: badge.getAttribute("data-team-badge") ?? "",
          // drawn by the style sheet, not text of the page
          drawn: getComputedStyle(badge, "::before").content,
          text: badge.textContent,
          colour: getComputedStyle(badge).backgroundColor,
          hidden: badge.getAttribute("aria-hidden"),
          size: [Math.round(box.width), Math.round(box.height)],
        };
      }),
    );
    for (const team of seen) {
      const words = team.name.split(/\s+/).filter(Boolean);
      expect(team.initials).toBe(
        words
          .slice(0, 2)
          .map((w) => [...w][0]?.toUpperCase())
          .join(""),
      );
      expect(team.drawn).toBe(JSON.stringify(team.initials));
      expect(team.text).toBe("");
      expect(team.colour).toMatch(/^rgb\(/);
      // the name beside it is what a screen reader reads
      expect(team.hidden).toBe("true");
      expect(team.size).toEqual([20, 20]);
    }
    // a team keeps its colour wherever it plays; two teams of a match are told apart
    const byName = new Map(seen.map((t) => [t.name, t.colour]));
    for (const team of seen) expect(byName.get(team.name)).toBe(team.colour);
    expect(new Set(seen.map((t) => t.colour)).size).toBeGreaterThan(1);
    await context.close();
  });
});
