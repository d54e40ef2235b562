import { isWrongOddsCode } from "@sportsbook/contracts/place-errors";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Price buttons of distinct matches that can be bet on now, on the page's match cards (the first
 * open one of each card, or the first priced within `odds`, ×1000). The pages list soccer only: one
 * provider, whose prices combine (an e-sports winner would not). Cards are taken from the end of the
 * list: a prematch list runs by kick-off, and the first match may kick off while a suite bets on
 * it, which hands its prematch markets over and takes its price off the slip.
 */
export async function openPrices(page: Page, count: number, odds?: { min: number; max: number }) {
  const cards = page.locator("[data-match-card]:not([data-unavailable])");
  await cards.first().waitFor();
  // A market the feed holds for a moment reopens on its own, and every market of a producer that
  // recovers is held until its snapshot ends: wait for enough open cards rather than fail on a page
  // read while they were suspended.
  const open = cards.filter({ has: page.locator("button[data-outcome]:not([disabled])") });
  await expect.poll(() => open.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
  const pick = async () => {
    const picks: Locator[] = [];
    for (let i = (await cards.count()) - 1; i >= 0 && picks.length < count; i--) {
      const open = cards.nth(i).locator("button[data-outcome]:not([disabled])");
      if (!odds) {
        if ((await open.count()) > 0) picks.push(open.first());
        continue;
      }
      for (let j = 0; j < (await open.count()); j++) {
        const price = Number(await open.nth(j).locator("[data-odds]").getAttribute("data-odds"));
        if (price >= odds.min && price <= odds.max) {
          picks.push(open.nth(j));
          break;
        }
      }
    }
    return picks;
  };
  // Prices within a range may be fewer than open cards for a moment: the feed keeps moving them.
  let picks: Locator[] = [];
  await expect
    .poll(async () => {
      picks = await pick();
      return picks.length;
    })
    .toBe(count);
  return picks;
}

/**
 * Places the slip until it is placed. The simulator moves prematch prices too, so odds that change
 * before the click, or while the placement is in flight (a refusal for wrong odds), are accepted
 * and the slip placed again (SPEC §4 odds refresh), as the player would. Any other refusal fails
 * with its code.
 */
export async function placeSlip(slip: Locator) {
  const button = slip.locator("[data-action=place]");
  const flow = slip.locator("[data-ticket-state]");
  for (let attempt = 0; attempt < 5; attempt++) {
    await expect
      .poll(async () => {
        const accept = slip.locator("[data-action=accept-odds]");
        if (await accept.isVisible()) await accept.click({ timeout: 2_000 });
        if (await button.isEnabled()) return "ready";
        // What keeps it disabled, for the failure message.
        return slip.evaluate((panel) =>
          [...panel.querySelectorAll("[data-blocker], [data-stake-problem], [data-selection]")]
            .map((e) => e.outerHTML.slice(0, 200))
            .join("\n"),
        );
      })
      .toBe("ready");
    await button.click();
    await expect
      .poll(() => flow.getAttribute("data-ticket-state"), { timeout: 15_000 })
      .not.toBe("PROCESSING");
    const state = await flow.getAttribute("data-ticket-state");
    if (state === "SUCCESS") return;
    // a price that moved before the click landed, or a click on a button that had just turned off
    if (state === "ODDS_CHANGED" || state === "INITIAL") continue;
    const code = await slip.locator("[data-error-code]").getAttribute("data-error-code", { timeout: 2_000 });
    if (!isWrongOddsCode(code ?? undefined)) throw new Error(`the slip was refused (${state}, ${code})`);
    // Refused for odds the slip may not have seen move yet: the new price follows on the live channel.
    await slip.locator("[data-selection][data-changed]").first().waitFor({ timeout: 15_000 });
  }
  throw new Error("the odds kept moving for five placements");
}

/** The header's balance, in minor units. */
export async function balanceOf(page: Page): Promise<number> {
  return Number(await page.locator("header [data-balance]").getAttribute("data-balance"));
}
