import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { csrfOf, fund, signedInPlayer } from "./players";
import { demoAdmin, enrol, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

/** Asks for a withdrawal as the signed-in player of `context`; answers its payment id. */
async function withdraw(context: BrowserContext, amount: number): Promise<number> {
  const res = await context.request.post(`${base}/api/player/withdrawals`, {
    headers: { "x-csrf-token": await csrfOf(context) },
    data: { amount, currency: "EUR" },
  });
  if (!res.ok()) throw new Error(`withdrawal answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function balanceOf(context: BrowserContext): Promise<number | undefined> {
  const res = await context.request.get(`${base}/api/player/accounts`);
  return ((await res.json()) as { data: { currency: string; balance: number }[] }).data.find(
    (a) => a.currency === "EUR",
  )?.balance;
}

describe("the back office's payments desk (withdrawal review)", { timeout: 180_000 }, () => {
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

  it("finance approves one withdrawal and rejects another: funds back, player notified", async () => {
    const finance = await enrol(base, browser, adminPage, `finance${Date.now()}@staff.test`, "finance");
    const player = await browser.newContext({ viewport: DESKTOP });
    const { email } = await signedInPlayer(base, player);
    await fund(base, player, 50_00);
    const paid = await withdraw(player, 20_00);
    const rejected = await withdraw(player, 10_00);
    expect(await balanceOf(player)).toBe(20_00);

    const page = finance.page;
    await page.goto(`${base}/backoffice/payments`);
    const queue = page.getByRole("table", { name: "Withdrawals" });
    const paidRow = queue.locator(`tr[data-payment="${paid}"]`);
    const rejectedRow = queue.locator(`tr[data-payment="${rejected}"]`);
    await expect.poll(() => paidRow.textContent()).toContain(email);
    // Deposited and taken out with no bet in between.
    expect(await paidRow.textContent()).toContain("Withdrawn without play");
    await screenshot(page, "payments");

    await rejectedRow.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => page.getByText("tell the player why").count()).toBe(1);
    await rejectedRow.getByLabel(`Reason ${rejected}`).fill("The card holder's name differs");
    await rejectedRow.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => rejectedRow.count()).toBe(0);
    await paidRow.getByRole("button", { name: "Approve and pay out" }).click();
    await expect.poll(() => paidRow.count()).toBe(0);

    expect(await balanceOf(player)).toBe(30_00);
    const notes = (await (await player.request.get(`${base}/api/notifications`)).json()) as {
      data: { type: string; object_id: string | null }[];
    };
    expect(notes.data).toContainEqual(expect.objectContaining({ type: "withdrawal_declined" }));

    const lookup = page.getByRole("form", { name: "Find payments" });
    await lookup.getByRole("searchbox").fill(email);
    await lookup.getByRole("button", { name: "Find" }).click();
    const found = page.getByRole("table", { name: "Find payments" });
    await expect.poll(() => found.locator("tbody tr").count()).toBe(3);
    const rows = await found.locator("tbody tr").allTextContents();
    expect(rows.find((r) => r.startsWith(String(paid)))).toMatch(/paid.*po_/);
    expect(rows.find((r) => r.startsWith(String(rejected)))).toContain("The card holder's name differs");
    await screenshot(page, "payments-lookup");
  });

  it("keeps support out of the review queue but lets them look payments up", async () => {
    const support = await enrol(base, browser, adminPage, `support${Date.now()}@staff.test`, "support");
    await support.page.goto(`${base}/backoffice/payments`);
    await expect.poll(() => support.page.getByRole("form", { name: "Find payments" }).count()).toBe(1);
    expect(await support.page.getByRole("table", { name: "Withdrawals" }).count()).toBe(0);
    expect(await support.page.getByRole("button", { name: "Approve and pay out" }).count()).toBe(0);
  });
});
