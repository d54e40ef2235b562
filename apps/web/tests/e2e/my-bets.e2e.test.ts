import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { fund, type MainMarketRow, placeMainSingle, signedInPlayer } from "./players";

const base = inject("baseUrl");

/** Places a single on the first open main-market outcome of each of `n` prematch matches, through the API. */
export async function placeSingles(base: string, context: BrowserContext, n: number, stake: number) {
  const list = (await (await fetch(`${base}/api/matches?match_status=0&limit=50`)).json()) as {
    data: MainMarketRow[];
  };
  const ids: number[] = [];
  for (const m of list.data) {
    if (ids.length === n) break;
    const id = await placeMainSingle(base, context, m, stake);
    if (id) ids.push(id);
  }
  expect(ids).toHaveLength(n);
  return ids;
}

async function balance(context: BrowserContext): Promise<number> {
  const res = await context.request.get(`${base}/api/player/accounts`);
  return ((await res.json()) as { data: { balance: number }[] }).data[0]?.balance ?? 0;
}

describe("My bets and cashout (SPEC §2 My bets, §4 bet statuses)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists the player's bets with filters, in the page and the panel's tab", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 50_00);
    const ids = await placeSingles(base, context, 2, 3_00);
    const page = await context.newPage();
    await page.goto(`${base}/my-bets`);
    const list = page.locator("main");
    await expect
      .poll(() =>
        list
          .locator("[data-bet-id]")
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-bet-id")))),
      )
      .toEqual([...ids].sort((a, b) => b - a));
    expect(await list.locator("[data-bet-id] [data-stake]").first().getAttribute("data-stake")).toBe("300");
    await list.locator("[data-filter=settled]").click();
    await expect.poll(() => list.locator("[data-bet-id]").count()).toBe(0);
    await list.locator("[data-filter=open]").click();
    await expect.poll(() => list.locator("[data-bet-id]").count()).toBe(2);

    // The side panel's My bets tab shows the same bets.
    const panel = page.locator("[data-ticket-panel=docked]");
    await panel.getByRole("tab", { name: "My bets" }).click();
    await expect.poll(() => panel.locator("[data-bet-id]").count()).toBe(2);
    await context.close();
  });

  it("a full and a partial cashout pay the value shown", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 50_00);
    const [full, part] = await placeSingles(base, context, 2, 5_00);
    const page = await context.newPage();
    await page.goto(`${base}/my-bets`);
    const card = (id: number | undefined) => page.locator(`main [data-bet-id="${id}"]`);

    await card(full).locator("[data-action=cashout]").waitFor();
    await card(full).locator("[data-action=cashout]").click();
    const shown = Number(await card(full).locator("[data-chosen]").getAttribute("data-chosen"));
    expect(shown).toBeGreaterThan(0);
    const before = await balance(context);
    await card(full).locator("[data-action=confirm-cashout]").click();
    // Paid at the value shown; the bet leaves the open ones as cashed out.
    await expect.poll(() => card(full).getAttribute("data-status")).toBe("cashed_out");
    expect((await balance(context)) - before).toBe(shown);
    expect(await card(full).locator("[data-paid]").getAttribute("data-paid")).toBe(String(shown));

    await card(part).locator("[data-action=cashout]").click();
    const slider = card(part).locator("[data-cashout-amount]");
    const offer = Number(await slider.getAttribute("max"));
    const half = Math.floor(offer / 2);
    await slider.fill(String(half));
    expect(Number(await card(part).locator("[data-chosen]").getAttribute("data-chosen"))).toBe(half);
    const beforePart = await balance(context);
    await card(part).locator("[data-action=confirm-cashout]").click();
    await expect.poll(async () => (await balance(context)) - beforePart).toBe(half);
    await expect
      .poll(() => card(part).locator("[data-cashed-out]").getAttribute("data-cashed-out"))
      .toBe(String(half));
    expect(await card(part).getAttribute("data-status")).toBe("waiting_results");
    await context.close();
  });

  it("a value that moved before the confirmation is offered anew, never paid at the old one", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 50_00);
    const [id] = await placeSingles(base, context, 1, 5_00);
    const page = await context.newPage();
    await page.goto(`${base}/my-bets`);
    const card = page.locator(`main [data-bet-id="${id}"]`);
    await card.locator("[data-action=cashout]").click();
    const shown = Number(await card.locator("[data-chosen]").getAttribute("data-chosen"));
    // The offer falls between showing and confirming: the request asks for more than the book
    // now offers, exactly as a confirmation of a stale value would.
    let asked = 0;
    await page.route(
      "**/api/bets/cashout",
      async (route) => {
        const body = JSON.parse(route.request().postData() ?? "{}") as { to_cashout: number };
        asked = body.to_cashout + 1;
        await route.continue({ postData: JSON.stringify({ ...body, to_cashout: asked }) });
      },
      { times: 1 },
    );
    const before = await balance(context);
    await card.locator("[data-action=confirm-cashout]").click();
    await card.locator("[data-cashout-notice]").waitFor();
    expect(asked).toBe(shown + 1);
    expect(await balance(context)).toBe(before);
    expect(await card.getAttribute("data-status")).not.toBe("cashed_out");
    // The confirmation now shows the book's value; confirming it pays exactly that.
    const offered = Number(await card.locator("[data-chosen]").getAttribute("data-chosen"));
    expect(offered).toBeLessThan(asked);
    await card.locator("[data-action=confirm-cashout]").click();
    await expect.poll(() => card.getAttribute("data-status")).toBe("cashed_out");
    expect((await balance(context)) - before).toBe(offered);
    await context.close();
  });
});
