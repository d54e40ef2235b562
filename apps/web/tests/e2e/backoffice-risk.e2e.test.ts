import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { acceptAnyOdds, csrfOf, fund, type MainMarketRow, signedInPlayer } from "./players";
import { demoAdmin, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

describe("players' risk profiles", { timeout: 180_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a trader limits a player's stake and blocks their betting; the player's bets and largest stake follow", async () => {
    const player = await browser.newContext({ viewport: DESKTOP });
    const { email } = await signedInPlayer(base, player);
    await fund(base, player, 20_00);
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
    const selection = {
      match_id: match.id,
      market_id: match.main_market.id,
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

    const admin = demoAdmin(base, dataDir);
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(page, base, admin);
    await page.getByRole("navigation").getByRole("link", { name: "Risk" }).click();
    const finder = page.getByRole("form", { name: "Find players" });
    await finder.getByLabel("Find players").fill(email);
    await finder.getByRole("button", { name: "Search" }).click();
    await page.getByRole("button", { name: `Edit ${email}` }).click();
    const form = page.getByRole("form", { name: `Player risk profiles: ${email}` });
    await form.getByLabel("Stake factor").fill("0.5");
    await form.getByLabel(/^Maximum stake/).fill("2.50");
    await form.getByLabel("Reason").fill("sharp on this league");
    await screenshot(page, "risk");
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => page.locator("output").textContent()).toBe(`Profile saved for ${email}`);
    const row = page.locator("tr[data-player-id]", { hasText: email });
    await expect.poll(() => row.textContent()).toContain("sharp on this league");
    expect(await row.textContent()).toContain("0.5");

    expect(await maxStake()).toBe(2_50);
    expect(await place(3_00)).toBe("106 above_maximum");
    expect(await place(2_50)).toBe(0);

    await page.getByRole("button", { name: `Edit ${email}` }).click();
    await form.getByLabel("Betting blocked", { exact: true }).check();
    await form.getByLabel("Reason").fill("account under review");
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => row.textContent()).toContain("account under review");
    expect(await maxStake()).toBe(0);
    expect(await place(1_00)).toBe("106 betting_blocked");

    // a bad factor is refused in the form, and nothing changes
    await page.getByRole("button", { name: `Edit ${email}` }).click();
    await form.getByLabel("Stake factor").fill("20");
    await form.getByLabel("Reason").fill("too much");
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toContain("0.01 to 10");
    expect(await row.textContent()).toContain("account under review");
    await player.close();
  });
});
