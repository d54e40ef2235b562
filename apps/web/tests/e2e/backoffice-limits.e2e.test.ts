import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { acceptAnyOdds, csrfOf, fund, type MainMarketRow, signedInPlayer } from "./players";
import { demoAdmin, enrol, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

describe("trading limits", { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a trader sets a market kind's maximum stake; the player's larger bet is refused and max-stake answers it; a sport's live delay is set and removed", async () => {
    const player = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, player);
    await fund(base, player, 100_00);
    // the feed moves prices while the suite reads its answers: the price sent is never stale
    await acceptAnyOdds(base, player);
    const list = (await (await fetch(`${base}/api/matches?match_status=0&limit=100`)).json()) as {
      data: MainMarketRow[];
    };
    const match = list.data.find(
      (m) => m.main_market?.status === 1 && m.main_market.outcomes.some((o) => o.active),
    );
    const outcome = match?.main_market?.outcomes.find((o) => o.active);
    if (!match?.main_market || !outcome) throw new Error("no open prematch main market");
    const marketId = match.main_market.id;
    const selection = {
      match_id: match.id,
      market_id: marketId,
      specifier: match.main_market.specifier,
      outcome_id: outcome.id,
      odds: outcome.odds,
    };
    const headers = async () => ({ "x-csrf-token": await csrfOf(player) });
    /** 0 when placed, else the bet's refusal as `code reason`. */
    const place = async (stake: number) => {
      const res = await player.request.post(`${base}/api/bets`, {
        headers: await headers(),
        data: {
          bets: [{ type: "single", stake: { value: stake, currency: "EUR" }, selections: [selection] }],
        },
      });
      if (res.ok()) return 0;
      const body = (await res.json()) as {
        data: { errors_by_bet?: Record<string, { code: number; reason: string }> };
      };
      const refusal = body.data.errors_by_bet?.["0"];
      return `${refusal?.code} ${refusal?.reason}`;
    };
    const maxStake = async () => {
      const res = await player.request.post(`${base}/api/bets/max-stake`, {
        headers: await headers(),
        data: { bets: [{ type: "single", currency: "EUR", selections: [selection] }] },
      });
      return ((await res.json()) as { data: { max_stake: { value: number } }[] }).data[0]?.max_stake.value;
    };
    const setKind = async (page: Page, maxStakeMajor: string, reason: string) => {
      const form = page.getByRole("form", { name: "Market kinds" });
      await form.getByLabel("Market kind id").fill(String(marketId));
      await form.getByLabel("Maximum stake").fill(maxStakeMajor);
      await form.getByLabel("Maximum payout").fill("");
      await form.getByLabel("Reason").fill(reason);
      await form.getByRole("button", { name: "Save" }).click();
    };

    const before = (await maxStake()) ?? 0;

    // The demo admin invites a trader, who opens the limits page.
    const admin = demoAdmin(base, dataDir);
    const adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(adminPage, base, admin);
    const email = `limits${Date.now()}@staff.test`;
    const { page } = await enrol(base, browser, adminPage, email, "trader");
    await page.getByRole("navigation").getByRole("link", { name: "Limits" }).click();
    await page.getByRole("heading", { name: "Trading limits" }).waitFor();
    try {
      expect(before).toBeGreaterThan(5_01);
      await setKind(page, "5", "main markets cut for the derby");
      await expect.poll(() => page.locator("output").textContent()).toBe(`Saved: Market kind id ${marketId}`);
      const row = page.locator(`tr[data-market-id="${marketId}"]`);
      await expect.poll(() => row.textContent()).toContain("main markets cut for the derby");
      expect(await row.textContent()).toContain(email);
      await screenshot(page, "limits");

      // The simulator may hold the market for a moment (a largest stake of 0, a suspended refusal):
      // each answer is awaited until the market is open again.
      await expect.poll(maxStake).toBe(5_00);
      await expect.poll(() => place(5_01)).toBe("106 above_maximum");
      await expect.poll(() => place(5_00)).toBe(0);

      // a bad amount is refused in the form, and nothing changes
      await setKind(page, "-3", "typo");
      await expect
        .poll(() => page.getByRole("form", { name: "Market kinds" }).getByRole("alert").textContent())
        .toContain("whole number");
      expect(await row.textContent()).toContain("main markets cut for the derby");
      expect(await maxStake()).toBe(5_00);
    } finally {
      // the server is shared with the other suites: the kind is left without a limit
      await setKind(page, "", "limit lifted");
      await expect
        .poll(() => page.locator(`tr[data-market-id="${marketId}"]`).textContent())
        .toContain("limit lifted");
    }
    // lifted: the balance, less the bet placed, bounds it again
    expect(await maxStake()).toBe(before - 5_00);
    await player.close();

    // A sport's live bet delay: set, listed by name, then removed.
    const sports = (await (await fetch(`${base}/api/sports`)).json()) as {
      data: { id: number; name: string }[];
    };
    const sport = sports.data[0];
    if (!sport) throw new Error("no sport served");
    const delays = page.getByRole("form", { name: "Live bet delays" });
    const setDelay = async (delay: string, reason: string) => {
      await delays.getByLabel("For").selectOption("sport");
      await delays.getByLabel("Sport or tournament id").fill(String(sport.id));
      await delays.getByLabel("Delay (ms)").fill(delay);
      await delays.getByLabel("Reason").fill(reason);
      await delays.getByRole("button", { name: "Save" }).click();
    };
    const delayTable = page.getByRole("table", { name: "Live bet delays" });
    try {
      await setDelay("3000", "in-play feed lags");
      await expect.poll(() => delayTable.textContent()).toContain("in-play feed lags");
      expect(await delayTable.textContent()).toContain(sport.name);
      expect(await delayTable.textContent()).toContain("3000");
      await setDelay("90000", "too long");
      await expect.poll(() => delays.getByRole("alert").textContent()).not.toBe("");
      expect(await delayTable.textContent()).toContain("in-play feed lags");
    } finally {
      await setDelay("", "back to the book's default");
    }
    await expect.poll(() => delayTable.textContent()).not.toContain("in-play feed lags");
  });
});
