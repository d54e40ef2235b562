import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { acceptAnyOdds, csrfOf, fund, type MainMarketRow, signedInPlayer } from "./players";
import { demoAdmin, enrol, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

/** The page's turnover total for today in EUR, in minor units. */
async function turnover(page: Page): Promise<number> {
  const text = (await page.getByTestId("turnover-total").textContent()) ?? "";
  return Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);
}

describe("reports in the back office", { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a finance member's turnover grows by exactly the stakes a player placed, with a chart and CSV", async () => {
    const admin = demoAdmin(base, dataDir);
    const adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(adminPage, base, admin);
    const { page } = await enrol(base, browser, adminPage, `reports${Date.now()}@staff.test`, "finance");
    await page.getByRole("navigation").getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { name: "Reports" }).waitFor();
    // today only, in EUR: the range this test places its bets in
    const today = new Date().toISOString().slice(0, 10);
    const range = page.getByRole("form", { name: "Report range" });
    await range.getByLabel("Currency").fill("EUR");
    await range.getByLabel("From").fill(today);
    await range.getByLabel("To").fill(today);
    await range.getByRole("button", { name: "Show" }).click();
    await page.getByTestId("turnover-total").waitFor();
    const before = await turnover(page);

    const list = (await (await fetch(`${base}/api/matches?match_status=0&limit=100`)).json()) as {
      data: MainMarketRow[];
    };
    const match = list.data.find(
      (m) => m.main_market?.status === 1 && m.main_market.outcomes.some((o) => o.active),
    );
    const outcome = match?.main_market?.outcomes.find((o) => o.active);
    if (!match?.main_market || !outcome) throw new Error("no open prematch main market");
    const player = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, player);
    await fund(base, player, 50_00);
    // Prematch prices move too: each stake is placed whatever the price is by then (the report
    // counts stakes, not odds).
    await acceptAnyOdds(base, player);
    const stakes = [3_00, 4_50, 1_25];
    for (const value of stakes) {
      const res = await player.request.post(`${base}/api/bets`, {
        headers: { "x-csrf-token": await csrfOf(player) },
        data: {
          bets: [
            {
              type: "single",
              stake: { value, currency: "EUR" },
              selections: [
                {
                  match_id: match.id,
                  market_id: match.main_market.id,
                  specifier: match.main_market.specifier,
                  outcome_id: outcome.id,
                  odds: outcome.odds,
                },
              ],
            },
          ],
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    // another grouping reads the report again
    await page.getByLabel("Group by").selectOption("bet_type");
    await expect.poll(() => turnover(page), { timeout: 20_000 }).toBe(before + 8_75);
    expect(
      await page.getByRole("figure", { name: "Turnover and GGR chart" }).locator("svg").count(),
    ).toBeGreaterThan(0);

    const csvHref = await page.getByRole("link", { name: "Betting report as CSV" }).getAttribute("href");
    const csv = await page.request.get(`${base}${csvHref}`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const rows = (await csv.text()).split("\r\n").slice(1, -1);
    expect(rows.map((line) => Number(line.split(",")[3])).reduce((a, b) => a + b, 0)).toBe(before + 8_75);
    await screenshot(page, "reports");
  });
});
