import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { acceptAnyOdds, csrfOf, fund, type MainMarketRow, signedInPlayer } from "./players";
import { demoAdmin, enrol, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

describe("the live bet ticker in the back office", { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a player's bet appears on a trader's open ticker without a reload, and a stake filter above it hides it", async () => {
    const admin = demoAdmin(base, dataDir);
    const adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(adminPage, base, admin);
    const { page: trader } = await enrol(
      base,
      browser,
      adminPage,
      `ticker${Date.now()}@staff.test`,
      "trader",
    );
    await trader.getByRole("navigation").getByRole("link", { name: "Bet ticker" }).click();
    await trader.getByRole("heading", { name: "Live bet ticker" }).waitFor();
    await trader.getByRole("status").getByText("Live", { exact: true }).waitFor({ timeout: 20_000 });

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
    await fund(base, player, 20_00);
    // the feed keeps moving prices: the bet is placed whatever the price is by then
    await acceptAnyOdds(base, player);
    const res = await player.request.post(`${base}/api/bets`, {
      headers: { "x-csrf-token": await csrfOf(player) },
      data: {
        bets: [
          {
            type: "single",
            stake: { value: 2_00, currency: "EUR" },
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
    const placed = ((await res.json()) as { data: { ref: string }[] }).data[0];
    if (!placed) throw new Error("no bet in the answer");

    // Pushed over the staff channel: the row comes without the page asking for anything.
    const table = trader.getByRole("table", { name: "Bets as they happen" });
    const row = table.getByRole("row").filter({ hasText: placed.ref });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain("Placed");
    expect(await row.textContent()).toContain("2.00");
    const playerLink = row.getByRole("link", { name: /^Player \d+$/ });
    const playerId = (await playerLink.textContent())?.replace("Player ", "") ?? "";
    expect(await playerLink.getAttribute("href")).toBe(`/backoffice/players/${playerId}`);
    expect(await row.getByRole("link").nth(1).getAttribute("href")).toBe(
      `/backoffice/liabilities/${match.id}`,
    );
    await screenshot(trader, "ticker");

    // The player filter keeps it; a stake bound above its 2.00 hides it.
    await trader.getByLabel("Player").fill(playerId);
    await row.waitFor();
    await trader.getByLabel("Stake above").fill("5");
    await row.waitFor({ state: "detached" });
    await trader.getByText("No bet passes the filters.").waitFor();
    await trader.getByLabel("Stake above").fill("1.50");
    await row.waitFor();
    await player.close();
  });
});
