import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import type { MainMarketRow } from "./players";
import { demoAdmin, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

interface ListedMatch extends MainMarketRow {
  slug: string;
  start_time: string;
  sport: { key: string };
}

/** A prematch match with an open main market, the latest kick-off first (it stays prematch). */
async function openMatch(): Promise<ListedMatch> {
  const list = (await (await fetch(`${base}/api/matches?match_status=0&limit=100`)).json()) as {
    data: ListedMatch[];
  };
  const open = list.data
    .filter((m) => m.main_market?.status === 1 && m.main_market.outcomes.some((o) => o.active))
    .sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
  if (!open[0]) throw new Error("no prematch match with an open main market");
  return open[0];
}

describe("a pick follows its market to the end (SPEC §4 odds refresh)", { timeout: 180_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a pick on a market voided by the desk reads “No longer available”, not “Suspended”", async () => {
    const match = await openMatch();
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/${match.sport.key}/${match.slug}-${match.id}`);
    // a click before hydration would be lost: the prices take clicks once the page is live
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    await page
      .getByRole("region", { name: "All markets" })
      .locator("button[data-outcome]:not([disabled])")
      .first()
      .click();
    const slip = page.locator("[data-ticket-panel=docked]");
    const pick = slip.locator("[data-selection]");
    await expect.poll(() => pick.count()).toBe(1);
    expect(await pick.getByText("No longer available").count()).toBe(0);
    const stored = await page.evaluate(() => sessionStorage.getItem("sb.ticket.bets"));
    const selection = (
      JSON.parse(stored ?? "{}") as { bets?: { selections: { marketId: string; specifier: string }[] }[] }
    ).bets?.[0]?.selections[0];
    if (!selection) throw new Error("the slip kept no selection");

    const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(desk, base, demoAdmin(base, dataDir));
    await desk.goto(`${base}/backoffice/settlement/${match.id}`);
    const row = desk.locator(
      `tr[data-market-id="${selection.marketId}"][data-specifier="${selection.specifier}"]`,
    );
    await expect.poll(() => row.count()).toBe(1);
    await desk.getByLabel("Reason").fill("market withdrawn");
    await row.getByRole("button", { name: /^Void (?!outcome)/ }).click();
    await expect.poll(() => row.textContent()).toContain("settled by hand");

    // the player's page was not reloaded: the market's end arrived over the realtime channel
    await expect.poll(() => pick.getByText("No longer available").count(), { timeout: 20_000 }).toBe(1);
    expect(await pick.getByText("Suspended").count()).toBe(0);
    expect(await pick.getAttribute("data-not-available")).toBe("true");
    // it stays so: the pick cannot be placed, and a reload keeps it unavailable
    await page.reload();
    await expect.poll(() => pick.getByText("No longer available").count(), { timeout: 20_000 }).toBe(1);
    await desk.context().close();
    await page.close();
  });
});
