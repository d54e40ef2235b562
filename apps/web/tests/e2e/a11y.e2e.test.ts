import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";

const base = inject("baseUrl");

describe("accessibility (axe): no serious or critical violations on the main pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ["/", DESKTOP],
    ["/live", DESKTOP],
    ["/schedule", MOBILE],
    ["/ar/results", DESKTOP],
    ["/general-rules", MOBILE],
    ["/404", DESKTOP],
  ] as const)("%s", async (path, viewport) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await page.waitForLoadState("networkidle");
    // biome-ignore lint/suspicious/noExplicitAny: the axe wrapper is typed against @playwright/test's Page, which playwright-core's is.
    const result = await new AxeBuilder({ page: page as any }).analyze();
    const serious = result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      );
    expect(serious).toEqual([]);
    await context.close();
  });
});
