import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startApp } from "./app";
import { DESKTOP, launchChromium } from "./browser";
import { csrfOf, fund, type MainMarketRow, placeMainSingle, signedInPlayer } from "./players";

const OPERATOR_KEY = "e2e-operator-key-of-at-least-32-chars";

/**
 * Live odds against the slip on an app of its own whose simulated matches run 60 times faster than
 * real time, so prices move and markets suspend within seconds.
 */
describe("the slip follows live odds (SPEC §4 odds refresh)", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ FEED_SPEED: "60", OPERATOR_API_KEY: OPERATOR_KEY }),
      launchChromium(),
    ]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Adds the first open price of each live match card until `n` selections sit on the slip. */
  async function selectLive(page: Page, n: number) {
    await page.goto(`${app.baseUrl}/live`);
    // A click before hydration would be lost: the prices take clicks once the page is live.
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    const slip = page.locator("[data-ticket-panel=docked]");
    const cards = page.locator("[data-match-card]:not([data-unavailable])");
    await cards.first().waitFor();
    for (let i = 0; (await slip.locator("[data-selection]").count()) < n && i < (await cards.count()); i++) {
      const price = cards.nth(i).locator("button[data-outcome]:not([disabled])").first();
      if ((await price.count()) === 0) continue;
      const before = await slip.locator("[data-selection]").count();
      await price.click();
      await expect.poll(() => slip.locator("[data-selection]").count()).toBe(before + 1);
    }
    return slip;
  }

  it("a moved price shows ODDS_CHANGED with old → new; accepting it places at the new odds", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 50_00);
    const page = await context.newPage();
    const slip = await selectLive(page, 3);
    // The player's policy is "none" (SPEC §4): any change waits for the player.
    await slip.locator("[data-selection][data-changed]").first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => slip.locator("[data-ticket-state]").getAttribute("data-ticket-state"))
      .toBe("ODDS_CHANGED");
    const changed = slip.locator("[data-selection][data-changed]").first();
    const accepted = Number(await changed.locator("[data-accepted-odds]").getAttribute("data-accepted-odds"));
    const current = Number(await changed.locator("[data-odds]").getAttribute("data-odds"));
    expect(current).not.toBe(accepted);
    expect(await changed.locator("[data-trend]").innerText()).toMatch(/[▲▼]/);
    expect(await slip.locator("[data-action=place]").isDisabled()).toBe(true);

    // Keep the moved selection alone (live matches of several providers do not combine).
    const keep = await changed.getAttribute("data-selection");
    for (const id of await slip
      .locator("[data-selection]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-selection")))) {
      if (id !== keep) await slip.locator(`[data-selection="${id}"] button`).click();
    }
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(1);
    // Prices keep moving at this speed: accept and place until one placement goes through at the
    // price just accepted (a price that moves again in between asks again, as it should).
    await slip.locator("[data-stake-input='0']").fill("1");
    let placedAt: number[] = [];
    for (let attempt = 0; attempt < 10 && placedAt.length === 0; attempt++) {
      if ((await slip.locator("[data-action=accept-odds]").count()) > 0)
        await slip.locator("[data-action=accept-odds]").click();
      const odds = await slip
        .locator("[data-selection]")
        .evaluateAll((els) =>
          els.map((e) => Number(e.querySelector("[data-odds]")?.getAttribute("data-odds"))),
        );
      const place = slip.locator("[data-action=place]");
      if (await place.isDisabled()) continue;
      await place.click();
      const state = await expect
        .poll(() => slip.locator("[data-ticket-state]").getAttribute("data-ticket-state"), {
          timeout: 15_000,
        })
        .not.toBe("PROCESSING")
        .then(() => slip.locator("[data-ticket-state]").getAttribute("data-ticket-state"));
      if (state === "SUCCESS") placedAt = odds;
    }
    expect(placedAt.length).toBe(1);
    const bets = (await (await context.request.get(`${app.baseUrl}/api/bets?status=all`)).json()) as {
      data: { selections: { odds: number }[] }[];
    };
    expect(bets.data[0]?.selections.map((s) => s.odds).sort()).toEqual([...placedAt].sort());
    await context.close();
  }, 180_000);

  it("a placement refused for odds that moved while it was in flight offers the new odds", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 10_00);
    const page = await context.newPage();
    const slip = page.locator("[data-ticket-panel=docked]");
    const changed = slip.locator("[data-selection][data-changed]");
    // Each placement is held on its way to the server until the slip has seen the price move, so the
    // new price reaches the slip while the placement is in flight (the live bet delay's window).
    let release: () => void = () => {};
    await page.route("**/api/bets", async (route) => {
      if (route.request().method() === "POST") await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    const look = () =>
      slip.evaluate((panel) => ({
        state: panel.querySelector("[data-ticket-state]")?.getAttribute("data-ticket-state"),
        flagged: panel.querySelector("[data-selection][data-changed]") !== null,
        accept: panel.querySelector("[data-action=accept-odds]") !== null,
        blocker: panel.querySelector("[data-blocker]")?.getAttribute("data-blocker"),
        error: panel.querySelector("[role=alert][data-error-code]") !== null,
      }));
    let refused: Awaited<ReturnType<typeof look>> | undefined;
    for (let attempt = 0; attempt < 5 && !refused; attempt++) {
      if ((await slip.locator("[data-selection]").count()) === 0) {
        await selectLive(page, 1);
        await slip.locator("[data-stake-input='0']").fill("1");
      }
      const accept = slip.locator("[data-action=accept-odds]");
      if (await accept.isVisible()) await accept.click();
      // Checked and pressed in one step: a price that moves in between disables the button until
      // the change is accepted, and a press waiting for it to come back would wait for ever.
      const pressed = await slip.evaluate((panel) => {
        const place = panel.querySelector<HTMLButtonElement>("[data-action=place]:not([disabled])");
        place?.click();
        return place !== null;
      });
      if (!pressed) continue;
      await changed.waitFor({ timeout: 60_000 });
      release();
      await expect
        .poll(() => slip.locator("[data-ticket-state]").getAttribute("data-ticket-state"), {
          timeout: 15_000,
        })
        .not.toBe("PROCESSING");
      // Read in one look: the feed keeps moving prices, and a price back at the placed one is placed.
      const after = await look();
      if (after.state === "ERROR" && after.flagged) refused = after;
    }
    // The refusal says why, the moved price is flagged and blocks placing, and the player can accept
    // it there and then rather than being left with a disabled button.
    expect(refused).toEqual({
      state: "ERROR",
      flagged: true,
      accept: true,
      blocker: "first_bet_invalid",
      error: true,
    });
    await slip.locator("[data-action=accept-odds]").click();
    await page.unroute("**/api/bets");
    await expect
      .poll(() =>
        slip.evaluate((panel) => {
          const place = panel.querySelector<HTMLButtonElement>("[data-action=place]");
          const flagged = panel.querySelector("[data-selection][data-changed]");
          // Prices keep moving at this speed: a new move asks again, which is right too.
          return flagged ? "asked again" : place?.disabled ? "disabled" : "ready";
        }),
      )
      .toMatch(/ready|asked again/);
    await context.close();
  }, 180_000);

  it("with 'accept any odds' chosen, a moved price keeps the slip ready and the choice is saved", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    const page = await context.newPage();
    const slip = await selectLive(page, 3);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/settings") && r.request().method() === "POST",
    );
    await slip.locator("select[data-setting=odds-accept-mode]").selectOption("any");
    expect((await saved).ok()).toBe(true);
    const settings = await (await context.request.get(`${app.baseUrl}/api/settings`)).json();
    expect(settings.data.auto_accept_odds_change).toBe("any");

    const oddsNow = () =>
      slip
        .locator("[data-selection]")
        .evaluateAll((els) => els.map((e) => e.querySelector("[data-odds]")?.getAttribute("data-odds")));
    const first = await oddsNow();
    await expect.poll(async () => (await oddsNow()).join(), { timeout: 60_000 }).not.toBe(first.join());
    expect(await slip.locator("[data-ticket-state]").getAttribute("data-ticket-state")).not.toBe(
      "ODDS_CHANGED",
    );
    expect(await slip.locator("[data-selection][data-changed]").count()).toBe(0);
    await context.close();
  }, 120_000);

  it("a suspended or unavailable selection blocks placing and says why", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 10_00);
    const page = await context.newPage();
    const slip = await selectLive(page, 4);
    const flagged = slip
      .locator("[data-selection][data-suspended], [data-selection][data-not-available]")
      .first();
    await flagged.waitFor({ timeout: 150_000 });
    // Alone on the slip, the flagged selection is the first bet: its label says why, and placing is
    // disabled until it is removed or accepted away (SPEC §5).
    const keep = await flagged.getAttribute("data-selection");
    for (const id of await slip
      .locator("[data-selection]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-selection")))) {
      if (id !== keep) await slip.locator(`[data-selection="${id}"] button`).click();
    }
    await expect.poll(() => slip.locator("[data-selection]").count()).toBe(1);
    // Staked once it is the only one: whichever selection the feed flagged, a missing stake is not
    // what blocks it.
    await slip.locator("[data-stake-input='0']").fill("1");
    // The feed may lift the suspension at any moment, so the flag and the button are read together,
    // in one look at the page, and only while the selection is still flagged.
    await expect
      .poll(
        () =>
          slip.evaluate((panel) => {
            const selection = panel.querySelector("[data-selection]");
            if (!selection?.matches("[data-suspended], [data-not-available]")) return "not flagged now";
            const place = panel.querySelector<HTMLButtonElement>("[data-action=place]");
            const blocker = panel.querySelector("[data-blocker]")?.getAttribute("data-blocker");
            const says = /Suspended|Not available/.test(selection.textContent ?? "") ? "says why" : "silent";
            return `${place?.disabled ? "disabled" : "enabled"}:${blocker}:${says}`;
          }),
        { timeout: 150_000 },
      )
      .toBe("disabled:first_bet_invalid:says why");
    await context.close();
  }, 200_000);

  it("quick bet: an approved stake, then one click on a live price places the bet", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 10_00);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/live`);
    // A click before hydration would be lost: the prices take clicks once the page is live.
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.hover();
    await slip.locator("[data-action=quick-bet]").check();
    await slip.locator("[data-quick-stake]").fill("2");
    await slip.locator("[data-action=approve-quick-bet]").click();
    await expect
      .poll(() => slip.locator("[data-action=approve-quick-bet]").getAttribute("aria-pressed"))
      .toBe("true");
    const balance = page.locator("header [data-balance]");
    const before = Number(await balance.getAttribute("data-balance"));
    // At sixty times real speed a price can move or suspend between the click and the book's answer,
    // and the default policy accepts no change: that refusal has its own alert, and the next click
    // tries again. Any other refusal fails the test with the reason the player was shown.
    const placed = page.locator("[data-alert=success]", { hasText: "Quick bet placed" });
    const refused = page.locator("[data-alert=danger]", { hasText: "Quick bet not placed" });
    for (let attempt = 0; attempt < 5 && (await placed.count()) === 0; attempt++) {
      await page
        .locator(
          "[data-match-card]:has([data-match-live][data-status='1']) button[data-outcome]:not([disabled])",
        )
        .nth(attempt)
        .click();
      // the book answers once the feed's writes let it: on a loaded machine that can take a while
      await expect
        .poll(async () => (await placed.count()) + (await refused.count()), { timeout: 45_000 })
        .toBeGreaterThan(0);
      if ((await placed.count()) > 0) break;
      expect(await refused.first().innerText()).toMatch(/odds|suspended|not available/i);
      await refused.first().click();
      await expect.poll(() => refused.count()).toBe(0);
    }
    await placed.waitFor();
    expect(await slip.locator("[data-quick-bet]").getAttribute("data-quick-state")).toBe("success");
    await expect.poll(async () => Number(await balance.getAttribute("data-balance"))).toBe(before - 200);
    const bets = (await (await context.request.get(`${app.baseUrl}/api/bets?status=all`)).json()) as {
      data: { type: string; stake: { value: number } }[];
    };
    expect(bets.data).toEqual([
      expect.objectContaining({ type: "single", stake: expect.objectContaining({ value: 200 }) }),
    ]);
    // The slip itself stays empty: a quick bet never passes through it.
    expect(await slip.locator("[data-selection]").count()).toBe(0);
    await context.close();
  }, 120_000);

  it("a bet settles when its match ends: My bets and the balance follow without a reload", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 10_00);
    const betOnLateLiveMatch = async (): Promise<number> => {
      const live = (await (
        await fetch(`${app.baseUrl}/api/matches?match_status=1&sport_key=soccer&limit=100`)
      ).json()) as { data: (MainMarketRow & { statistics: { clock?: { match_time?: string | null } } })[] };
      const minute = (m: (typeof live.data)[number]) =>
        Number((m.statistics.clock?.match_time ?? "0").split(":")[0]);
      for (const m of live.data.sort((a, b) => minute(b) - minute(a))) {
        const id = await placeMainSingle(app.baseUrl, context, m, 1_00);
        if (id) return id;
      }
      return 0;
    };
    // The live soccer match nearest its end, so it finishes within the test. Prices move while the
    // bet is sent, so a refused bet is tried again on a fresh read.
    let betId = 0;
    await expect
      .poll(
        async () => {
          betId = await betOnLateLiveMatch();
          return betId;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/my-bets`);
    const card = page.locator(`main [data-bet-id="${betId}"]`);
    await expect.poll(() => card.getAttribute("data-status")).toBe("waiting_results");
    // Bonuses issued to a new player (at sign-up, on a first deposit or bet) are notifications too:
    // the settlement adds one to however many the player holds.
    const counters = (await (
      await context.request.get(`${app.baseUrl}/api/notifications/counters`)
    ).json()) as {
      data: { unread: number };
    };
    const unreadBefore = counters.data.unread;
    // Settled by the feed: the card changes in place, and the header shows the ledger's balance.
    await expect
      .poll(() => card.getAttribute("data-status"), { timeout: 180_000, interval: 1_000 })
      .toBe("done");
    expect(await card.getAttribute("data-result")).toMatch(/win_entire|lose_entire|refund/);
    const accounts = (await (await context.request.get(`${app.baseUrl}/api/player/accounts`)).json()) as {
      data: { balance: number }[];
    };
    await expect
      .poll(() => page.locator("header [data-balance]").getAttribute("data-balance"))
      .toBe(String(accounts.data[0]?.balance));
    await page.locator("main [data-filter=settled]").click();
    await expect.poll(() => card.count()).toBe(1);
    // The settlement is a notification: the bell's counter rose without a reload, the list words it,
    // and reading it all clears the counter, live too.
    const bell = page.locator("header [data-action=notifications]");
    await expect
      .poll(async () => Number(await bell.locator("[data-unread]").getAttribute("data-unread")))
      .toBeGreaterThan(unreadBefore);
    await bell.click();
    const item = page.locator("header [data-notifications] [data-notification=bet_settled]");
    expect(await item.innerText()).toContain(`Bet #${betId} settled`);
    expect(await item.getAttribute("data-read")).toBe("false");
    await page.locator("header [data-notifications] [data-action=read-all]").click();
    await expect.poll(() => bell.locator("[data-unread]").count()).toBe(0);
    expect(await item.getAttribute("data-read")).toBe("true");
    await context.close();
  }, 240_000);

  it("a promo code's boost is redeemed once, and the boosted double settles with the boosted odds", async () => {
    // A boost of its own for doubles, without a minimum price, so the legs can be the likeliest outcomes.
    const defined = await fetch(`${app.baseUrl}/api/operator/bonuses/e2e-double-boost`, {
      method: "PUT",
      headers: { "x-operator-key": OPERATOR_KEY, "content-type": "application/json" },
      body: JSON.stringify({
        kind: "comboboost",
        name: { en: "Double boost" },
        issued_by: "promo_code",
        promo_code: "DOUBLEUP",
        terms: { ranges: [{ min_count: 2, max_count: 40, bonus_odds: 1100 }] },
      }),
    });
    expect(defined.status).toBe(200);
    const boostId = ((await defined.json()) as { data: { id: number } }).data.id;
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 10_00);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/promotions`);
    // A submit before hydration would be lost: the form takes it once the page is live.
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    const form = page.locator("form[data-form=promo-code]");
    await form.locator("input[name=code]").fill("doubleup");
    await form.locator("button[type=submit]").click();
    await form.locator("[data-result=redeemed]").waitFor();
    await form.locator("input[name=code]").fill("DOUBLEUP");
    await form.locator("button[type=submit]").click();
    await form.locator("[data-result=refused]").waitFor();

    // The two surest live soccer outcomes (the lowest prices of the open main markets): a double
    // that most likely wins, so its payout shows the boost.
    const doubleOnSurestOutcomes = async (): Promise<number> => {
      const live = (await (
        await fetch(`${app.baseUrl}/api/matches?match_status=1&sport_key=soccer&limit=100`)
      ).json()) as { data: MainMarketRow[] };
      const legs = live.data
        .flatMap((m) => {
          const market = m.main_market;
          const surest = market?.outcomes.filter((o) => o.active).sort((a, b) => a.odds - b.odds)[0];
          return market?.status === 1 && surest
            ? [
                {
                  match_id: m.id,
                  market_id: market.id,
                  specifier: market.specifier,
                  outcome_id: surest.id,
                  odds: surest.odds,
                },
              ]
            : [];
        })
        .sort((a, b) => a.odds - b.odds)
        .slice(0, 2);
      if (legs.length < 2) return 0;
      const res = await context.request.post(`${app.baseUrl}/api/bets`, {
        headers: { "x-csrf-token": await csrfOf(context) },
        data: {
          bets: [
            {
              type: "combo",
              stake: { value: 2_00, currency: "EUR" },
              selections: legs,
              bonus: { id: boostId, type: "comboboost", odds: 1100 },
            },
          ],
        },
      });
      return res.ok() ? (((await res.json()) as { data: { id: number }[] }).data[0]?.id ?? 0) : 0;
    };
    // Prices move while the bet is sent, so a refused bet is tried again on a fresh read.
    let betId = 0;
    await expect
      .poll(
        async () => {
          betId = await doubleOnSurestOutcomes();
          return betId;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);

    await page.goto(`${app.baseUrl}/my-bets`);
    const card = page.locator(`main [data-bet-id="${betId}"]`);
    expect(await card.locator("[data-bonus=comboboost]").getAttribute("data-bonus-odds")).toBe("1100");
    await expect
      .poll(() => card.getAttribute("data-status"), { timeout: 180_000, interval: 1_000 })
      .toBe("done");
    const bets = (await (await context.request.get(`${app.baseUrl}/api/bets?status=all`)).json()) as {
      data: {
        id: number;
        win_amount: { value: number } | null;
        selections: { status: string; odds: number }[];
      }[];
    };
    const bet = bets.data.find((b) => b.id === betId);
    const statuses = bet?.selections.map((s) => s.status) ?? [];
    const boosted = Number(
      (200n * (bet?.selections ?? []).reduce((p, s) => p * BigInt(s.odds), 1n) * 1100n) / 1000n ** 3n,
    );
    // Both legs won: paid at the boosted odds. A lost leg pays nothing; a void one pays without the boost.
    if (statuses.every((s) => s === "won")) expect(bet?.win_amount?.value).toBe(boosted);
    else if (statuses.includes("lost")) expect(bet?.win_amount?.value).toBe(0);
    else expect(bet?.win_amount?.value).toBeLessThan(boosted);
    expect(await card.locator("[data-paid]").getAttribute("data-paid")).toBe(String(bet?.win_amount?.value));
    await context.close();
  }, 240_000);
});
