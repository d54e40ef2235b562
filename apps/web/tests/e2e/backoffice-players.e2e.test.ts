import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { fund, type MainMarketRow, placeMainSingle, signedInPlayer } from "./players";
import { demoAdmin, enrol, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

async function openMatch(): Promise<MainMarketRow> {
  const list = (await (await fetch(`${base}/api/matches?match_status=0&limit=100`)).json()) as {
    data: MainMarketRow[];
  };
  const match = list.data.find(
    (m) => m.main_market?.status === 1 && m.main_market.outcomes.some((o) => o.active),
  );
  if (!match) throw new Error("no open prematch main market");
  return match;
}

/** Opens the player page of `email` from the Players search, as support would. */
async function findPlayer(page: Page, email: string) {
  await page.goto(`${base}/backoffice/players`);
  const form = page.getByRole("form", { name: "Search players" });
  await form.getByLabel("Search players").fill(email);
  await form.getByRole("button", { name: "Find" }).click();
  await page.getByRole("link", { name: email }).click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain(email);
}

// Enrolling staff crosses the mailbox and memory-hard password hashes: slow on a busy machine.
describe("the back office's player desk (search, block, balance adjustments with approval)", {
  timeout: 180_000,
}, () => {
  let browser: Browser;
  let adminPage: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(adminPage, base, demoAdmin(base, dataDir));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("support finds a player by e-mail and blocks them: the player's next bet is refused", async () => {
    const support = await enrol(base, browser, adminPage, `support${Date.now()}@staff.test`, "support");
    const playerContext = await browser.newContext({ viewport: DESKTOP });
    const player = await signedInPlayer(base, playerContext);
    await fund(base, playerContext, 20_00);
    const match = await openMatch();
    expect(await placeMainSingle(base, playerContext, match, 1_00)).toBeGreaterThan(0);

    const page = support.page;
    await findPlayer(page, player.email);
    await screenshot(page, "player");
    await page.getByLabel("Reason", { exact: true }).first().fill("chargeback under review");
    await page.getByRole("button", { name: "Block" }).click();
    await expect.poll(() => page.getByTestId("player-status").textContent()).toBe("blocked");
    await expect.poll(() => page.getByRole("button", { name: "Unblock" }).count()).toBe(1);

    expect(await placeMainSingle(base, playerContext, await openMatch(), 1_00)).toBe(0);
    const again = await playerContext.request.post(`${base}/api/player/sign-in`, { data: player });
    expect(((await again.json()) as { code: number }).code).toBe(1007);

    await adminPage.goto(`${base}/backoffice/audit`);
    const audit = adminPage.getByRole("form", { name: "Search" });
    await audit.getByLabel("Action").fill("player.blocked");
    await audit.getByRole("button", { name: "Search" }).click();
    await expect
      .poll(() => adminPage.locator(".bo-table tbody tr").first().textContent())
      .toContain("chargeback under review");
  });

  it("keeps a trader away from players, and refuses a block without a reason", async () => {
    const trader = await enrol(base, browser, adminPage, `trader${Date.now()}@staff.test`, "trader");
    await expect.poll(() => trader.page.getByRole("link", { name: "Players" }).count()).toBe(0);
    await trader.page.goto(`${base}/backoffice/players`);
    await expect.poll(() => trader.page.getByText("Your role does not open this page.").count()).toBe(1);

    const playerContext = await browser.newContext({ viewport: DESKTOP });
    const player = await signedInPlayer(base, playerContext);
    await findPlayer(adminPage, player.email);
    await adminPage.getByRole("button", { name: "Block" }).click();
    await expect.poll(() => adminPage.getByText("say why in at least three characters").count()).toBe(1);
    await expect.poll(() => adminPage.getByTestId("player-status").textContent()).toBe("active");
  });

  it("a balance adjustment above the approval amount waits for a second member, then reaches the balance", async () => {
    const finance = await enrol(base, browser, adminPage, `finance${Date.now()}@staff.test`, "finance");
    const playerContext = await browser.newContext({ viewport: DESKTOP });
    const player = await signedInPlayer(base, playerContext);
    const page = finance.page;
    await findPlayer(page, player.email);
    const form = page.getByRole("form", { name: "Adjust balance" });
    await form.getByLabel("Amount (EUR)").fill("12.5.0");
    await form.getByLabel("Reason").fill("goodwill");
    await form.getByRole("button", { name: "Adjust" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Amount" }).count()).toBe(1);
    await form.getByLabel("Amount (EUR)").fill("150.00");
    await form.getByRole("button", { name: "Adjust" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toContain("waiting for a second staff member");

    await page.goto(`${base}/backoffice/approvals`);
    const row = page.locator("tr", { hasText: player.email });
    await row.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.getByText("Another staff member must approve").count()).toBe(1);

    await adminPage.goto(`${base}/backoffice/approvals`);
    await screenshot(adminPage, "approvals");
    await adminPage.locator("tr", { hasText: player.email }).getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => adminPage.locator("tr", { hasText: player.email }).count()).toBe(0);

    await findPlayer(page, player.email);
    const balances = page.getByRole("table", { name: "Balances" });
    await expect.poll(() => balances.textContent()).toContain("€150.00");
    const balance = (await (await playerContext.request.get(`${base}/api/player/accounts`)).json()) as {
      data: { currency: string; balance: number }[];
    };
    expect(balance.data.find((a) => a.currency === "EUR")?.balance).toBe(150_00);
    await screenshot(page, "player-adjusted");
    await page.goto(`${base}/backoffice/players`);
    await page.getByRole("searchbox", { name: "Search players" }).fill(player.email);
    await page.getByRole("button", { name: "Find" }).click();
    await expect.poll(() => page.locator(".bo-table tbody tr").count()).toBe(1);
    await screenshot(page, "players");
  });
});
