import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startApp } from "./app";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { fund, type MainMarketRow, placeMainSingle, signedInPlayer } from "./players";
import { writeSettings } from "./settings";

const OPERATOR_KEY = "e2e-operator-key-of-at-least-32-chars";

/**
 * Jackpots on an app of their own: its home page shows the jackpot blocks, and the operator defines
 * a jackpot that one large bet drops, so a player's hit can be seen end to end.
 */
describe("jackpots (SPEC §2 jackpot blocks and hit modal, §7 jackpot calls)", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ OPERATOR_API_KEY: OPERATOR_KEY }), launchChromium()]);
    writeSettings(app.dataDir, {
      layout: {
        home: [
          { kind: "jackpot-banner" },
          { kind: "jackpot-card" },
          { kind: "jackpot-leaderboard", limit: 10 },
        ],
      },
    });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Places one EUR single of `stake` on the first open prematch main market that takes it. */
  async function placeSingle(context: BrowserContext, stake: number): Promise<number> {
    const listed = (await (
      await fetch(`${app.baseUrl}/api/matches?match_status=0&sport_key=soccer&limit=50`)
    ).json()) as { data: MainMarketRow[] };
    for (const m of listed.data) {
      const id = await placeMainSingle(app.baseUrl, context, m, stake);
      if (id) return id;
    }
    return 0;
  }

  it("the demo jackpot's banner, card and winners list show on the home page at phone width", async () => {
    const page = await browser.newPage({ viewport: MOBILE, isMobile: true });
    await page.goto(app.baseUrl);
    const banner = page.locator("main [data-jackpot-banner]", { hasText: "Matchday jackpot" });
    // the demo set's three levels at their seeds: 5.00, 50.00 and 1,000.00
    expect(await banner.locator("[data-jackpot-total]").getAttribute("data-amount")).toBe("105500");
    expect(
      await banner.locator("[data-level]").evaluateAll((ls) => ls.map((l) => l.getAttribute("data-level"))),
    ).toEqual(["mini", "major", "mega"]);
    const card = page.locator("main [data-jackpot-card]", { hasText: "Matchday jackpot" });
    expect(await card.locator("meter").count()).toBe(3);
    expect(await card.locator("[data-jackpot-terms]").textContent()).toBe(
      "2% of every stake from €1.00 at odds 1.50 or more",
    );
    await page.locator("main [data-block=jackpot-leaderboard] p.empty").waitFor();
    await page.close();
  });

  it("a bet that drops a level: the pool moves live, the winner sees the hit once, and is on the list", async () => {
    const defined = await fetch(`${app.baseUrl}/api/operator/jackpots/e2e-drop`, {
      method: "PUT",
      headers: { "x-operator-key": OPERATOR_KEY, "content-type": "application/json" },
      body: JSON.stringify({
        name: { en: "Big bet jackpot" },
        currency: "EUR",
        contribution_bp: 1_000,
        // only this suite's large stakes play
        min_stake: 50_00,
        levels: [
          { code: "instant", name: { en: "Instant" }, share_bp: 10_000, seed_amount: 1_00, drop_at: 9_00 },
        ],
      }),
    });
    expect(defined.status).toBe(200);
    const jackpotId = ((await defined.json()) as { data: { id: number } }).data.id;

    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 200_00);
    const page = await context.newPage();
    await page.goto(app.baseUrl);
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    const total = page.locator(
      `main [data-jackpot-banner][data-jackpot="${jackpotId}"] [data-jackpot-total]`,
    );
    expect(await total.getAttribute("data-amount")).toBe("100");

    // 10 % of 50.00 takes the pool from 1.00 to 6.00: it grows on the page without a reload
    expect(await placeSingle(context, 50_00)).toBeGreaterThan(0);
    await expect.poll(() => total.getAttribute("data-amount")).toBe("600");
    expect(await page.locator("dialog[data-modal=jackpot-hit]").count()).toBe(0);

    // the next 50.00 takes it to 11.00, past 9.00: it drops to this player, and starts again from 1.00
    const before = Number(await page.locator("header [data-balance]").getAttribute("data-balance"));
    expect(await placeSingle(context, 50_00)).toBeGreaterThan(0);
    const modal = page.locator("dialog[data-modal=jackpot-hit][open]");
    await modal.waitFor();
    expect(await modal.locator("[data-amount]").textContent()).toBe(
      "You hit the Instant jackpot: €11.00 is in your balance.",
    );
    await expect
      .poll(() => page.locator("header [data-balance]").getAttribute("data-balance"))
      .toBe(String(before - 50_00 + 11_00));
    await expect.poll(() => total.getAttribute("data-amount")).toBe("100");
    const unseenHits = (r: { url(): string }) =>
      r.url().includes("/api/jackpot-hits?for_user=true&unseen=true");
    // closing marks it seen and looks for another to show
    const lookedAgain = page.waitForResponse(unseenHits);
    await modal.locator("button[type=submit]").click();
    await expect.poll(() => page.locator("dialog[data-modal=jackpot-hit]").count()).toBe(0);
    await lookedAgain;

    // seen once: a new page finds no unseen hit to show; the winners list names the player's hit
    const unseen = page.waitForResponse((r) =>
      r.url().includes("/api/jackpot-hits?for_user=true&unseen=true"),
    );
    await page.reload();
    expect(((await (await unseen).json()) as { data: unknown[] }).data).toEqual([]);
    const mine = page.locator("main [data-jackpot-hits] li[data-mine]");
    expect(await mine.locator("[data-winner]").textContent()).toBe("You");
    expect(await mine.locator("[data-amount]").getAttribute("data-amount")).toBe("1100");
    await context.close();
  });
});
