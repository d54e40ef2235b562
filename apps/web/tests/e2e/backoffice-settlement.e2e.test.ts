import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { fund, type MainMarketRow, placeMainSingle, signedInPlayer } from "./players";
import { demoAdmin, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

async function balance(context: BrowserContext): Promise<number> {
  const res = await context.request.get(`${base}/api/player/accounts`);
  return ((await res.json()) as { data: { balance: number }[] }).data[0]?.balance ?? 0;
}

describe("the settlement desk", { timeout: 180_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("voids a market by hand: the stake returns and the player sees it in My bets at once", async () => {
    const player = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, player);
    await fund(base, player, 20_00);
    const list = (await (await fetch(`${base}/api/matches?match_status=0&limit=100`)).json()) as {
      data: MainMarketRow[];
    };
    let betId = 0;
    let match: MainMarketRow | undefined;
    for (const m of list.data) {
      betId = await placeMainSingle(base, player, m, 3_00);
      if (betId) {
        match = m;
        break;
      }
    }
    if (!match?.main_market || !betId) throw new Error("no prematch main market took a bet");
    expect(await balance(player)).toBe(17_00);
    const myBets = await player.newPage();
    await myBets.goto(`${base}/my-bets`);
    const card = myBets.locator(`main [data-bet-id="${betId}"]`);
    await expect.poll(() => card.getAttribute("data-status")).toBe("waiting_results");

    const admin = demoAdmin(base, dataDir);
    const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(desk, base, admin);
    await desk.getByRole("navigation").getByRole("link", { name: "Settlement" }).click();
    await expect.poll(() => desk.getByRole("heading", { name: "Settlement desk" }).count()).toBe(1);
    // the list sorts by any column, here the open bets, most first on a second click
    const listed = desk.locator(".bo-table:not([aria-label]) tbody tr");
    await expect.poll(() => listed.count()).toBeGreaterThan(1);
    await expect.poll(() => desk.getByText("No feed settlement waits for a decision.").count()).toBe(1);
    const openBets = desk.getByRole("columnheader", { name: "Open bets" });
    await openBets.getByRole("button").click();
    await openBets.getByRole("button").click();
    expect(await openBets.getAttribute("aria-sort")).toBe("descending");
    const counts = (
      await desk.locator(".bo-table:not([aria-label]) tbody tr td:nth-child(6)").allTextContents()
    ).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await screenshot(desk, "settlement");
    await desk.goto(`${base}/backoffice/settlement/${match.id}`);
    const row = desk.locator(
      `tr[data-market-id="${match.main_market.id}"][data-specifier="${match.main_market.specifier}"]`,
    );
    await expect.poll(() => row.count()).toBe(1);
    await desk.getByLabel("Reason").fill("match abandoned");
    await row.getByRole("button", { name: /^Void (?!outcome)/ }).click();
    // another suite may have bet on the same market: every bet on it is settled again
    await expect
      .poll(() => desk.locator("output").textContent())
      .toMatch(/^Done: [1-9]\d* bets settled again$/);
    await expect.poll(() => row.textContent()).toContain("settled by hand");
    await screenshot(desk, "settlement-match");

    // the player's page was not reloaded: the change arrived over the realtime channel
    await expect.poll(() => card.getAttribute("data-status")).toBe("done");
    expect(await card.getAttribute("data-result")).toBe("canceled");
    expect(await balance(player)).toBe(20_00);

    await desk.goto(`${base}/backoffice/audit`);
    const form = desk.getByRole("form", { name: "Search" });
    await form.getByLabel("Action").fill("settlement.");
    await form.getByRole("button", { name: "Search" }).click();
    await expect
      .poll(() => desk.locator(".bo-table tbody tr").allTextContents())
      .toEqual([expect.stringContaining("settlement.voided")]);
    await player.close();
  });
});
