import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { acceptAnyOdds, csrfOf, fund, type MainMarketRow, signedInPlayer } from "./players";
import { demoAdmin, enrol, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

/** Minor units of EUR as the back office shows them, e.g. 1_80 → "1.80" and -2_00 → "-2.00". */
const eur = (v: number) =>
  `${v < 0 ? "-" : ""}${Math.floor(Math.abs(v) / 100)}.${String(Math.abs(v) % 100).padStart(2, "0")}`;

describe("the book's liabilities in the back office", { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a player's bet shows at once on a trader's liabilities, with the bets behind each figure", async () => {
    // The demo admin invites a trader, who joins and opens the liabilities.
    const admin = demoAdmin(base, dataDir);
    const adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(adminPage, base, admin);
    const email = `liabilities${Date.now()}@staff.test`;
    const { page: trader } = await enrol(base, browser, adminPage, email, "trader");
    await trader.getByRole("navigation").getByRole("link", { name: "Liabilities" }).click();
    await trader.getByRole("heading", { name: "Liabilities" }).waitFor();

    // A prematch match nobody has an open bet on yet.
    const open = (await (
      await trader.request.get(`${base}/api/backoffice/liabilities?currency=EUR&limit=200`)
    ).json()) as {
      data: { id: number }[];
    };
    const taken = new Set(open.data.map((m) => m.id));
    const list = (await (await fetch(`${base}/api/matches?match_status=0&limit=100`)).json()) as {
      data: MainMarketRow[];
    };
    const match = list.data.find(
      (m) =>
        !taken.has(m.id) &&
        m.main_market?.status === 1 &&
        m.main_market.outcomes.filter((o) => o.active).length > 1,
    );
    const outcome = match?.main_market?.outcomes.find((o) => o.active);
    if (!match?.main_market || !outcome) throw new Error("no open prematch main market without bets");

    const player = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, player);
    await fund(base, player, 20_00);
    // the feed keeps moving prices: the bet is placed whatever the price is by then
    await acceptAnyOdds(base, player);
    const stake = 2_00;
    const res = await player.request.post(`${base}/api/bets`, {
      headers: { "x-csrf-token": await csrfOf(player) },
      data: {
        bets: [
          {
            type: "single",
            stake: { value: stake, currency: "EUR" },
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
    const placed = ((await res.json()) as { data: { ref: string; potential_win: { value: number } }[] })
      .data[0];
    if (!placed) throw new Error("no bet in the answer");
    const worst = placed.potential_win.value - stake;

    // The page reads the figures again on its own: the match appears without a reload.
    const row = trader.locator(`tr[data-match-id="${match.id}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.locator('[data-figure="worst-case"]').textContent()).toBe(eur(worst));
    expect(await row.textContent()).toContain(eur(stake));
    await screenshot(trader, "liabilities");

    await row.getByRole("link").click();
    const market = trader.locator("table[data-market-row-id]").first();
    await market.waitFor();
    const backed = market.locator(`tr[data-outcome-id="${outcome.id}"]`);
    expect(await backed.locator('[data-figure="liability"]').textContent()).toBe(eur(worst));
    const other = market.locator(`tr[data-outcome-id]:not([data-outcome-id="${outcome.id}"])`).first();
    expect(await other.locator('[data-figure="liability"]').textContent()).toBe(eur(-stake));
    await backed.getByRole("button").click();
    const bets = trader.getByRole("table", { name: "Open bets on this match" });
    await expect.poll(() => bets.locator("tbody tr").count()).toBe(1);
    expect(await bets.locator("tbody tr").textContent()).toContain(placed.ref);
    expect(await bets.locator("tbody tr").textContent()).toContain(eur(placed.potential_win.value));
    await screenshot(trader, "liabilities-match");
    await player.close();
  });
});
