import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { fund, signedInPlayer } from "./players";
import { balanceOf, openPrices, placeSlip } from "./slip-actions";

const base = inject("baseUrl");

interface BetJson {
  id: number;
  type: string;
  odds: number;
  stake: { value: number };
  potential_win: { value: number };
  selections: { odds: number }[];
  bonus: { id: number; type: string; odds: number | null } | null;
}

async function betsOf(context: BrowserContext): Promise<BetJson[]> {
  const res = await context.request.get(`${base}/api/bets?status=all&limit=500`);
  return ((await res.json()) as { data: BetJson[] }).data;
}

/**
 * The embedded default's demo bonuses on the slip: the welcome freebet and the acca boost (3+ legs at
 * 1.30+). By default a bet takes no bonus but a boost it qualifies for; a held freebet is offered.
 */
describe("bonuses on the bet slip (SPEC §4 bonus selection)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("activates the welcome freebet and places it: the freebet pays the stake, the balance stays", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 10_00);
    const page = await context.newPage();
    await page.goto(`${base}/promotions`);
    const welcome = page.locator("[data-bonus-card]", { hasText: "Welcome freebet" });
    await welcome.locator("[data-action=activate]").click();
    await expect.poll(() => welcome.getAttribute("data-status")).toBe("active");

    // Prices well above the freebet's 1.50, so a move while placing keeps them within its terms.
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance]").waitFor();
    const [price] = await openPrices(page, 1, { min: 1700, max: 6000 });
    await price?.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    const picker = slip.getByLabel("Bonus", { exact: true });
    await expect
      .poll(() => picker.locator("option").allTextContents())
      .toEqual(["No bonus", "Freebet €5.00 · Welcome freebet", "Season cup", "Treasure chest"]);
    // nothing is chosen for the player; the freebet they hold is offered in plain sight
    expect(await picker.locator("option:checked").textContent()).toBe("No bonus");
    const stake = slip.locator("[data-stake-input='0']");
    expect(await stake.inputValue()).toBe("");
    await slip.getByRole("button", { name: "Use Freebet €5.00 · Welcome freebet" }).click();
    await expect.poll(() => stake.inputValue()).toBe("5.00");
    expect(await stake.getAttribute("readonly")).not.toBeNull();
    const odds = Number(await slip.locator("[data-selection] [data-odds]").getAttribute("data-odds"));
    // the freebet keeps its stake back: the return shown is the winnings
    expect(Number(await slip.locator("[data-potential-return]").getAttribute("data-potential-return"))).toBe(
      Math.floor((500 * odds) / 1000) - 500,
    );

    const before = await balanceOf(page);
    await placeSlip(slip);
    await slip.locator("[data-placed='1'] [data-bet-id]").waitFor();
    const [bet] = await betsOf(context);
    expect(bet?.bonus?.type).toBe("freebet");
    expect(bet?.stake.value).toBe(500);
    expect(bet?.potential_win.value).toBe(Math.floor((500 * (bet?.odds ?? 0)) / 1000) - 500);
    expect(await balanceOf(page)).toBe(before);

    // spent: My bets names it, the slip no longer offers it, and the promotion has moved to the past
    await page.goto(`${base}/my-bets`);
    await expect
      .poll(() => page.locator(`main [data-bet-id="${bet?.id}"] [data-bonus]`).textContent())
      .toBe("Freebet · Welcome freebet");
    await page.goto(`${base}/promotions?tab=past`);
    await expect
      .poll(() =>
        page.locator("[data-bonus-card]", { hasText: "Welcome freebet" }).getAttribute("data-status"),
      )
      .toBe("bonus_over");
    await context.close();
  });

  it("a combo of three takes the acca boost, placed with its odds and shown in My bets", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 20_00);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance]").waitFor();
    const picks = await openPrices(page, 3, { min: 1500, max: 6000 });
    for (const p of picks) await p.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(3);
    await slip.locator("button[data-bet-type=combo]").click();
    // The boost the combo qualifies for is applied and shown by default (its odds from the range
    // of 3–4 legs); the tournament on offer does not shut it out.
    const picker = slip.getByLabel("Bonus", { exact: true });
    await expect.poll(() => picker.locator("option:checked").textContent()).toBe("Acca boost");
    await expect.poll(() => slip.getByText("Acca boost +5% applied").count()).toBe(1);
    expect(await slip.locator("[data-bonus-odds]").getAttribute("data-bonus-odds")).toBe("1050");
    // the player may pick the tournament instead: the slip says why the boost then goes
    await picker.selectOption({ label: "Season cup" });
    await expect
      .poll(() =>
        slip
          .getByText("One bonus per bet: Acca boost (+5%) is not applied while Season cup is chosen.")
          .count(),
      )
      .toBe(1);
    await picker.selectOption({ label: "Acca boost" });
    await slip.locator("[data-stake-input='0']").fill("2");
    const legOdds = (
      await slip
        .locator("[data-selection] [data-odds]")
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-odds"))))
    ).map(BigInt);
    const boosted = (200n * legOdds.reduce((a, b) => a * b, 1n) * 1050n) / 1000n ** 4n;
    await expect
      .poll(() => slip.locator("[data-potential-return]").getAttribute("data-potential-return"))
      .toBe(String(boosted));

    const before = await balanceOf(page);
    await placeSlip(slip);
    await slip.locator("[data-placed='1']").waitFor();
    const [bet] = await betsOf(context);
    expect(bet?.bonus).toMatchObject({ type: "comboboost", odds: 1050 });
    const placedOdds = (bet?.selections ?? []).map((s) => BigInt(s.odds));
    expect(bet?.potential_win.value).toBe(
      Number((200n * placedOdds.reduce((a, b) => a * b, 1n) * 1050n) / 1000n ** 4n),
    );
    await expect.poll(() => balanceOf(page)).toBe(before - 200);

    await page.goto(`${base}/my-bets`);
    const card = page.locator(`main [data-bet-id="${bet?.id}"]`);
    expect(await card.locator("[data-bonus=comboboost]").getAttribute("data-bonus-odds")).toBe("1050");
    expect(await card.locator("[data-bonus]").textContent()).toBe("Boost ×1.05 · Acca boost");
    await context.close();
  });

  it("a bet on the default tournament farms its points: the slip says how many, the leaderboard ranks the player", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 10_00);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance]").waitFor();
    const [price] = await openPrices(page, 1, { min: 1700, max: 6000 });
    await price?.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    const picker = slip.getByLabel("Bonus", { exact: true });
    await expect.poll(() => picker.locator("option").count()).toBeGreaterThan(1);
    expect(await picker.locator("option:checked").textContent()).toBe("No bonus");
    await picker.selectOption({ label: "Season cup" });
    // Before a stake, the hint names the least stake that farms: the cup has no minimum, but a point
    // takes a whole 1.00.
    expect(await slip.locator("[data-potential-points='0']").textContent()).toContain("Stake at least €1.00");
    await slip.locator("[data-stake-input='0']").fill("3.50");
    // one point per 1.00 staked
    await expect
      .poll(() => slip.locator("[data-potential-points]").getAttribute("data-potential-points"))
      .toBe("3");
    // from 1.00 at odds 1.50 it also plays for the demo jackpot
    await expect.poll(() => slip.locator("[data-plays-jackpots]").count()).toBe(1);
    await placeSlip(slip);
    await slip.locator("[data-placed='1']").waitFor();
    const [bet] = await betsOf(context);
    expect(bet?.bonus?.type).toBe("tournament");
    // My bets names the tournament by its kind and name, not as a freebet
    await page.goto(`${base}/my-bets`);
    await expect
      .poll(() => page.locator(`main [data-bet-id="${bet?.id}"] [data-bonus]`).textContent())
      .toBe("Tournament · Season cup");

    await page.goto(`${base}/promotions`);
    const cup = page.locator("[data-bonus-card]", { hasText: "Season cup" });
    expect(await cup.locator("[data-points]").getAttribute("data-points")).toBe("3");
    await cup.locator("[data-action=details]").click();
    const mine = page.locator("dialog[data-modal=bonus-detail][open] [data-current-user]");
    await expect.poll(() => mine.textContent()).toMatch(/You\s+3 points$/);
    await context.close();
  });
});
