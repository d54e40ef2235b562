import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { fund, signedInPlayer } from "./players";
import { openPrices, placeSlip } from "./slip-actions";

const base = inject("baseUrl");

async function newestBet(context: BrowserContext) {
  const res = await context.request.get(`${base}/api/bets?status=all&limit=1`);
  return ((await res.json()) as { data: { id: number; stake: { value: number } }[] }).data[0];
}

/**
 * Prices of `count` distinct prematch matches of one provider's sports (the book's regular sports,
 * which the default settings take from one provider), gathered over their schedule pages. A list of
 * twenty prematch matches over every sport may hold fewer than eight of one sport's kind, so every
 * regular sport is read, the latest kick-offs first (see `openPrices`).
 */
async function pickAcrossSports(page: Page, slip: Locator, count: number) {
  let picked = 0;
  for (const sport of ["soccer", "basketball", "ice-hockey", "tennis", "cricket"]) {
    await page.goto(`${base}/schedule?sport=${sport}`);
    await page.locator("header [data-balance]").waitFor();
    const cards = page.locator("[data-match-card]:not([data-unavailable])");
    // The feed holds every market of a producer while it recovers: its prices reopen on their own.
    await cards
      .locator("button[data-outcome]:not([disabled])")
      .first()
      .waitFor({ timeout: 30_000 })
      // a sport with no open price by then is passed over; the next ones may have some
      .catch(() => undefined);
    for (let i = (await cards.count()) - 1; i >= 0 && picked < count; i--) {
      const open = cards.nth(i).locator("button[data-outcome]:not([disabled])");
      if ((await open.count()) === 0) continue;
      await open.first().click();
      picked += 1;
      await expect.poll(() => slip.locator("[data-selection]").count()).toBe(picked);
    }
    if (picked === count) return;
  }
  throw new Error(`only ${picked} prematch prices of one provider to combine`);
}

/** What a player reads of a combo and a system before placing, and the stake rules told up front (SPEC §5). */
// room to wait out a feed hold (see pickAcrossSports and openPrices)
describe("the slip's figures and stake rules", { timeout: 150_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a 2/8 system shows lines, stake per line and its return range; at 1.8 cents a line Place is disabled with the reason", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 20_00);
    const page = await context.newPage();
    const slip = page.locator("[data-ticket-panel=docked]");
    await pickAcrossSports(page, slip, 8);

    // a combo shows its total odds
    await slip.getByRole("button", { name: "Combo", exact: true }).click();
    await expect.poll(() => slip.getByText("Total odds").count()).toBe(1);

    await slip.getByRole("button", { name: "System", exact: true }).click();
    await slip
      .getByRole("combobox", { name: "System", exact: true })
      .selectOption({ label: "2/8 (28 lines)" });
    const stake = slip.getByLabel("Stake", { exact: true });
    await stake.fill("0.50");
    const place = slip.getByRole("button", { name: "Place bet" });
    await expect.poll(() => place.isDisabled()).toBe(true);
    await expect
      .poll(() => slip.getByText("Each of the 28 lines needs at least €0.10: stake at least €2.80.").count())
      .toBe(1);
    // the reason is the button's description, for a screen reader too
    expect(await place.getAttribute("aria-describedby")).toBe("slip-place-reason");

    await stake.fill("2.80");
    const figures = slip.locator("[data-system-figures]");
    await expect.poll(() => figures.locator("[data-lines]").textContent()).toBe("28");
    expect(await figures.locator("[data-line-stake]").textContent()).toBe("€0.10");
    // from one line of the two lowest prices to every line
    const range = await figures.locator("[data-least-return]").textContent();
    expect(range).toMatch(/^€\d+\.\d\d \(2 of 8 win\) to €\d+\.\d\d \(all win\)$/);
    expect(await page.getByText(/Odds 2\d{5}/).count()).toBe(0);
    await expect.poll(() => place.isEnabled()).toBe(true);
    await placeSlip(slip);
    // focus lands on the confirmation, not on <body>
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("[data-placed]") !== null))
      .toBe(true);
    const bet = await newestBet(context);
    expect(bet?.stake.value).toBe(280);

    // My bets reads a system by its lines too
    await page.goto(`${base}/my-bets`);
    const card = page.locator(`main [data-bet-id="${bet?.id}"]`);
    await expect.poll(() => card.locator("[data-lines]").textContent()).toBe("28");
    expect(await card.locator("[data-line-stake]").textContent()).toBe("€0.10");
    expect(await card.getByText("Least return if it wins").count()).toBe(1);
    await context.close();
  });

  it("a €0.01 single and stakes above the balance are refused before placing, with the reason", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 5_00);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance]").waitFor();
    const [price] = await openPrices(page, 1);
    await price?.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    const stake = slip.getByLabel("Stake", { exact: true });
    const place = slip.getByRole("button", { name: "Place bet" });
    await stake.fill("0.01");
    await expect.poll(() => slip.getByText("The least stake is €0.10.").count()).toBe(1);
    expect(await place.isDisabled()).toBe(true);
    await stake.fill("6");
    await expect
      .poll(() => slip.getByText("Your stakes are more than your balance of €5.00.").count())
      .toBe(1);
    expect(await place.isDisabled()).toBe(true);
    await stake.fill("1");
    await expect.poll(() => place.isEnabled()).toBe(true);
    await context.close();
  });
});
