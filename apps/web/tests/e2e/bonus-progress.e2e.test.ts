import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { fund, signedInPlayer } from "./players";
import { openPrices, placeSlip } from "./slip-actions";

const base = inject("baseUrl");

/**
 * The embedded default's treasure chest (a lootbox whose 1st key, at 10 points, always wins), bet
 * ladder (a freebet amb: 2 bets earn a freebet) and the welcome freebet that chest points double.
 */
describe("lootbox keys, the amb progress bar and a freebet boost", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a bet on the chest opens its 1st key, two bets climb the ladder, and chest points double the welcome freebet", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 30_00);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance]").waitFor();
    const [first, second] = await openPrices(page, 2, { min: 1700, max: 6000 });
    await first?.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.locator("select[data-bonus-select='0']").selectOption({ label: "Treasure chest" });
    // the chest's keys are drawn once the slip has applied the choice
    await expect
      .poll(() =>
        slip.locator("[data-place]").evaluateAll((els) => els.map((e) => e.getAttribute("data-key-state"))),
      )
      .toEqual(["locked", "locked", "locked"]);
    await slip.locator("[data-stake-input='0']").fill("10");
    await expect
      .poll(() => slip.locator("[data-potential-points]").getAttribute("data-potential-points"))
      .toBe("10");
    // the amb bar: nothing counted yet, this slip would count one
    const ladder = slip.locator("[data-amb]");
    await expect.poll(() => ladder.getAttribute("data-amb-possible")).toBe("1");
    expect(await ladder.getAttribute("data-amb-progress")).toBe("0");
    await placeSlip(slip);
    await slip.locator("[data-placed='1']").waitFor();

    await second?.click();
    await slip.locator("[data-stake-input='0']").fill("1");
    await expect.poll(() => ladder.getAttribute("data-amb-progress")).toBe("1");
    await expect.poll(() => ladder.getAttribute("data-amb-possible")).toBe("2");
    await placeSlip(slip);
    await slip.locator("[data-placed='1']").waitFor();

    await page.goto(`${base}/promotions`);
    const chest = page.locator("[data-bonus-card]", { hasText: "Treasure chest" });
    await expect.poll(() => chest.locator("[data-place='1st']").getAttribute("data-key-state")).toBe("win");
    expect(await chest.locator("[data-place='2nd']").getAttribute("data-key-state")).toBe("locked");
    const prize = page.locator("[data-bonus-card]", { hasText: "Chest prize: 1st place" });
    expect(await prize.getAttribute("data-status")).toBe("available");
    expect(
      await page
        .locator("[data-bonus-card]", { hasText: "Bet ladder" })
        .locator("[data-amb-progress]")
        .getAttribute("data-amb-progress"),
    ).toBe("2");
    expect(
      await page.locator("[data-bonus-card]", { hasText: "Ladder freebet" }).getAttribute("data-status"),
    ).toBe("available");

    // 5 of the chest's 10 points double the welcome freebet's 5.00, once
    const welcome = page.locator("[data-bonus-card]", { hasText: "Welcome freebet" });
    const boost = welcome.locator("[data-action=boost]");
    // the player's accounts arrive after the page: the amount is written once they have
    await expect.poll(() => boost.textContent()).toBe("Boost to €10.00 for 5 points");
    await boost.click();
    await expect.poll(() => welcome.locator("[data-boosted]").count()).toBe(1);
    expect(await welcome.locator("[data-amount]").getAttribute("data-amount")).toBe("1000");
    expect(await chest.locator("[data-available-points]").getAttribute("data-available-points")).toBe("5");
    await context.close();
  });
});
