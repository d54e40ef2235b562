import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { fund, signedInPlayer } from "./players";
import { balanceOf, openPrices, placeSlip as place } from "./slip-actions";

const base = inject("baseUrl");

async function placedBets(context: BrowserContext) {
  const res = await context.request.get(`${base}/api/bets?status=all&limit=500`);
  return ((await res.json()) as { data: { id: number; type: string; system: { id: string } | null }[] }).data;
}

describe("the bet slip (SPEC §2 side panel, §4 ticket flow)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("places a single, a combo and a 2/3 system bet; the balance drops and the bets are the API's", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 100_00);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance]").waitFor();
    const slip = page.locator("[data-ticket-panel=docked]");

    // Single.
    const [first] = await openPrices(page, 1);
    await first?.click();
    await expect.poll(() => first?.getAttribute("aria-pressed")).toBe("true");
    await slip.locator("[data-selection]").first().waitFor();
    await slip.locator("[data-stake-input='0']").fill("2");
    await expect
      .poll(() => slip.locator("[data-potential-return]").first().getAttribute("data-potential-return"))
      .not.toBe("0");
    const before = await balanceOf(page);
    await place(slip);
    await slip.locator("[data-placed='1'] [data-bet-id]").waitFor();
    await expect.poll(() => balanceOf(page)).toBe(before - 200);
    await expect.poll(() => first?.getAttribute("aria-pressed")).toBe("false");

    // Combo of two matches.
    const two = await openPrices(page, 2);
    for (const p of two) await p.click();
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(2);
    // This provider allows several singles (SPEC §4 multi-single): the second price adds a single.
    expect(await slip.locator("[data-stake-input]").count()).toBe(2);
    await slip.locator("button[data-bet-type=combo]").click();
    expect(await slip.locator("button[data-bet-type=combo][aria-pressed=true]").count()).toBe(1);
    expect(await slip.locator("[data-stake-input]").count()).toBe(1);
    await slip.locator("[data-stake-input='0']").fill("1.50");
    await place(slip);
    await slip.locator("[data-placed='1']").waitFor();
    await expect.poll(() => balanceOf(page)).toBe(before - 350);

    // System 2/3: three doubles sharing the stake.
    const three = await openPrices(page, 3);
    for (const p of three) await p.click();
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(3);
    await slip.locator("button[data-bet-type=system]").click();
    await slip.locator("select[data-system-type]").selectOption("2/3");
    await slip.locator("[data-stake-input='0']").fill("3");
    await place(slip);
    await slip.locator("[data-placed='1']").waitFor();
    await expect.poll(() => balanceOf(page)).toBe(before - 650);

    const bets = await placedBets(context);
    expect(bets.map((b) => b.type).sort()).toEqual(["combo", "single", "system"]);
    expect(bets.find((b) => b.type === "system")?.system?.id).toBe("2/3");
    await context.close();
  });

  it("refuses a type switch with its reason, and a visitor placing is asked to sign in with the slip kept", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/schedule?sport=soccer`);
    const [price] = await openPrices(page, 1);
    await price?.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.locator("[data-selection]").waitFor();
    await slip.locator("button[data-bet-type=combo]").click();
    await slip.locator("[data-refusal]").waitFor();
    await slip.locator("[data-stake-input='0']").fill("1");
    await slip.locator("[data-action=place]").click();
    await page.locator("dialog[data-modal=sign_in]").waitFor();
    expect(await slip.locator("[data-selection]").count()).toBe(1);
    await page.close();
  });

  it("the slip survives a reload", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/schedule?sport=soccer`);
    const picks = await openPrices(page, 2);
    for (const p of picks) await p.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(2);
    const ids = await slip
      .locator("[data-selection]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-selection")));
    await page.reload();
    await expect
      .poll(() =>
        slip
          .locator("[data-selection]")
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-selection"))),
      )
      .toEqual(ids);
    await page.close();
  });

  it("on a phone the slip is a bottom sheet with a counter badge", async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("[data-consent] .btn-primary").click();
    await expect.poll(() => page.locator("[data-ticket-panel=docked]").count()).toBe(0);
    const picks = await openPrices(page, 2);
    for (const p of picks) await p.click();
    const sheet = page.locator("[data-ticket-panel=sheet]");
    await expect.poll(() => sheet.locator("[data-slip-count]").innerText()).toBe("2");
    // The first selection opened the sheet (SPEC §4 bet slip panel); the handle closes and reopens it.
    await sheet.locator("[data-selection]").first().waitFor();
    await sheet.locator("[data-action=toggle-slip]").click();
    expect(await sheet.locator("[data-selection]").count()).toBe(0);
    await sheet.locator("[data-action=toggle-slip]").click();
    await expect.poll(() => sheet.locator("[data-selection]").count()).toBe(2);
    await page.close();
  });

  it("on a phone an alert stands above the tab bar and the slip sheet, never over their buttons", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("[data-consent] .btn-primary").click();
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    // the offline alert stays while the connection is down, so it can be measured at leisure
    const alert = page.locator("[data-alerts] [role=alert]");
    const offline = async () => {
      await context.setOffline(true);
      await alert.waitFor({ state: "visible", timeout: 15_000 });
    };
    const online = async () => {
      await context.setOffline(false);
      await alert.waitFor({ state: "detached", timeout: 30_000 });
    };
    const box = async (l: Locator) => {
      const b = await l.boundingBox();
      if (!b) throw new Error("not displayed");
      return { top: b.y, bottom: b.y + b.height };
    };

    await offline();
    expect((await box(alert)).bottom).toBeLessThanOrEqual(
      (await box(page.locator("[data-placement=mobileTabBar]"))).top,
    );
    await online();

    const [pick] = await openPrices(page, 1);
    await pick?.click();
    const sheet = page.locator("[data-ticket-panel=sheet]");
    const place = sheet.locator("[data-action=place]");
    await place.waitFor();
    await offline();
    // above the sheet (the handle and the open slip), and still on the screen
    const at = await box(alert);
    expect(at.bottom).toBeLessThanOrEqual((await box(sheet)).top);
    expect(at.top).toBeGreaterThanOrEqual(0);
    // a tap on Place reaches it rather than closing the alert
    const placed = await box(place);
    const hit = await page.evaluate(
      (y) =>
        document
          .elementFromPoint(window.innerWidth / 2, y)
          ?.closest("[data-action]")
          ?.getAttribute("data-action"),
      (placed.top + placed.bottom) / 2,
    );
    expect(hit).toBe("place");
    await online();
    await context.close();
  });

  it("on a phone, where the sheet closes with the slip's last selection, an alert tells the placed bet", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    await signedInPlayer(base, context);
    await fund(base, context, 100_00);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance]").waitFor();
    await page.locator("[data-consent] .btn-primary").click();
    const [pick] = await openPrices(page, 1);
    await pick?.click();
    const sheet = page.locator("[data-ticket-panel=sheet]");
    // a price moving under the click is taken, so the one click places
    await sheet.locator("select[data-setting=odds-accept-mode]").selectOption("any");
    await sheet.locator("[data-stake-input='0']").fill("2");
    await sheet.locator("[data-action=place]").click();
    const told = page.locator("[data-alerts] [role=status]", { hasText: "Bet placed" });
    await told.waitFor();
    expect(await sheet.locator("[data-ticket-state]").count()).toBe(0);
    const [bet] = await placedBets(context);
    expect(await told.innerText()).toContain(`Single · #${bet?.id} · €2.00`);
    await context.close();
  });

  it("a share link restores the slip in another browser; an unknown code says so", async () => {
    const sharer = await browser.newPage({ viewport: DESKTOP });
    await sharer.goto(`${base}/schedule?sport=soccer`);
    const picks = await openPrices(sharer, 2);
    for (const p of picks) await p.click();
    const slip = sharer.locator("[data-ticket-panel=docked]");
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(2);
    await slip.locator("button[data-bet-type=combo]").click();
    const ids = await slip
      .locator("[data-selection]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-selection")));
    await slip.locator("[data-action=share]").click();
    const link = await slip.locator("[data-share-link]").inputValue();
    expect(link).toMatch(/\?betCode=[A-Z2-9]{8}$/);

    const other = await browser.newContext({ viewport: DESKTOP });
    const friend = await other.newPage();
    await friend.goto(link);
    const restored = friend.locator("[data-ticket-panel=docked]");
    await expect
      .poll(() =>
        restored
          .locator("[data-selection]")
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-selection"))),
      )
      .toEqual(ids);
    expect(await restored.locator("button[data-bet-type=combo][aria-pressed=true]").count()).toBe(1);
    expect(new URL(friend.url()).search).toBe("");

    await friend.goto(`${base}/?betCode=NOPE2345`);
    await friend.locator("dialog[data-modal=share-bet-not-found][data-reason=share_not_found]").waitFor();
    await other.close();
    await sharer.close();
  });

  const focused = (page: Page, selector: string) =>
    page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);

  /** Presses Tab until the focused element matches `selector`; fails after `max` presses. */
  async function tabTo(page: Page, selector: string, max = 400) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press("Tab");
      if (await focused(page, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  it("the whole slip journey by keyboard only: select, stake, place", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 20_00);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-balance]").waitFor();
    await page.locator("[data-consent] .btn-primary").click();
    await tabTo(page, "[data-match-card]:not([data-unavailable]) button[data-outcome]:not([disabled])");
    const chosen = await page.evaluate(() => document.activeElement?.getAttribute("data-outcome"));
    await page.keyboard.press("Enter");
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.locator("[data-selection]").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-pressed"))).toBe("true");
    // Slip changes are announced politely.
    expect(await slip.locator("[aria-live=polite]").innerText()).toMatch(/1 selection/);
    // the way to the stake is the next stop after the price, not dozens of prices later
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Go to the stake");
    await page.keyboard.press("Enter");
    expect(await focused(page, "[data-ticket-panel=docked] [data-stake-input]")).toBe(true);
    await page.keyboard.type("1.5");
    // Prematch prices move too: a changed price disables placing until the player accepts it, by
    // keyboard as well.
    const place = "[data-ticket-panel=docked] [data-action=place]";
    const accept = "[data-ticket-panel=docked] [data-action=accept-odds]";
    await tabTo(page, `${place}, ${accept}`);
    while (await focused(page, accept)) {
      await page.keyboard.press("Enter");
      // accepting hands the focus on to placing
      await page.locator(`${place}:focus`).waitFor();
    }
    const before = Number(await page.locator("header [data-balance]").getAttribute("data-balance"));
    await page.keyboard.press("Enter");
    await slip.locator("[data-placed='1']").waitFor();
    await expect
      .poll(async () => Number(await page.locator("header [data-balance]").getAttribute("data-balance")))
      .toBe(before - 150);
    const bets = await placedBets(context);
    expect(bets).toHaveLength(1);
    expect(chosen).toBeTruthy();
    await context.close();
  });

  it("axe finds no serious violation in the open slip, signed in or not", async () => {
    for (const signed of [false, true]) {
      const context = await browser.newContext({ viewport: DESKTOP });
      if (signed) await signedInPlayer(base, context);
      const page = await context.newPage();
      await page.goto(`${base}/schedule?sport=soccer`);
      const picks = await openPrices(page, 3);
      for (const p of picks) await p.click();
      const slip = page.locator("[data-ticket-panel=docked]");
      await expect.poll(() => slip.locator("[data-selection]").count()).toBe(3);
      await slip.locator("button[data-bet-type=system]").click();
      expect(await seriousViolations(page, "[data-ticket-panel]"), signed ? "signed in" : "visitor").toEqual(
        [],
      );
      await context.close();
    }
  });

  it("the stake follows a wanted win, and Max takes the book's largest stake", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 80_00);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    const [price] = await openPrices(page, 1);
    await price?.click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.locator("[data-selection]").waitFor();
    await slip.locator("[data-win-input='0']").fill("10");
    // The stake is the smallest that returns the wanted win at these odds.
    // the slip's reads settle after its debounce: on a busy machine that is beyond a poll's first second
    await expect
      .poll(
        async () =>
          Number(await slip.locator("[data-potential-return]").getAttribute("data-potential-return")),
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1000);
    const stake = Number((await slip.locator("[data-stake-input='0']").inputValue()).replace(",", "."));
    expect(stake).toBeGreaterThan(0);
    await slip.locator("[data-action=max-stake]").click();
    await expect
      .poll(async () => Number(await slip.locator("[data-stake-input='0']").inputValue()), {
        timeout: 10_000,
      })
      .toBeGreaterThan(stake);
    // Within an 80.00 balance the largest stake is the balance itself, unless the payout cap binds.
    expect(
      Number((await slip.locator("[data-stake-input='0']").inputValue()).replace(",", ".")),
    ).toBeLessThanOrEqual(80);
    await context.close();
  });
});
