import type { TOTP } from "otpauth";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { csrfOf, fund, type MainMarketRow, signedInPlayer } from "./players";
import { demoAdmin, enrol as enrolStaff, type StaffLogin, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

/** A bet on one outcome of a match's main market, through the player's API: the answer's code, or 0 when placed. */
async function bet(context: BrowserContext, m: MainMarketRow, outcomeId: string): Promise<number> {
  const fresh = (
    (await (await fetch(`${base}/api/matches?match_status=0&limit=100`)).json()) as { data: MainMarketRow[] }
  ).data.find((x) => x.id === m.id);
  const outcome = fresh?.main_market?.outcomes.find((o) => o.id === outcomeId);
  const res = await context.request.post(`${base}/api/bets`, {
    headers: { "x-csrf-token": await csrfOf(context) },
    data: {
      bets: [
        {
          type: "single",
          stake: { value: 1_00, currency: "EUR" },
          selections: [
            {
              match_id: m.id,
              market_id: m.main_market?.id,
              specifier: m.main_market?.specifier ?? "",
              outcome_id: outcomeId,
              odds: outcome?.odds ?? 2000,
            },
          ],
        },
      ],
    },
  });
  if (res.ok()) return 0;
  const body = (await res.json()) as {
    code: number;
    data: { errors_by_bet?: Record<string, { code: number }> };
  };
  return body.data.errors_by_bet?.["0"]?.code ?? body.code;
}

// Each enrolment crosses the mailbox, two browsers and two memory-hard password hashes: slow on a busy machine.
describe("the back office (staff sign-in with TOTP, roles, trading holds, audit log)", {
  timeout: 180_000,
}, () => {
  let browser: Browser;
  let admin: StaffLogin;
  let adminPage: Page;
  let trader: { email: string; totp: TOTP };
  beforeAll(async () => {
    browser = await launchChromium();
    admin = demoAdmin(base, dataDir);
    adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** An admin invites `email` with `role` on the Staff page; the invitee joins through the link in another browser. */
  const enrol = (email: string, role: string) =>
    enrolStaff(base, browser, adminPage, email, role, (page) => screenshot(page, "invitation"));

  it("asks for the authenticator's code at sign-in and refuses a wrong one", async () => {
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await page.goto(`${base}/backoffice`);
    await screenshot(page, "sign-in");
    await page.getByLabel("E-mail").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByLabel("Authenticator code").fill("000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect
      // Next's route announcer is an alert too: the refusal is found by its text.
      .poll(() => page.getByText("Wrong e-mail, password or code").count())
      .toBe(1);
    await signIn(adminPage, base, admin);
    await screenshot(adminPage, "overview");
    const res = await page.request.get(`${base}/backoffice`);
    expect(res.headers()["x-robots-tag"]).toContain("noindex");
    expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("keeps a support member out of the trading pages", async () => {
    const support = await enrol(`support${Date.now()}@staff.test`, "support");
    await expect.poll(() => support.page.getByRole("link", { name: "Trading" }).count()).toBe(0);
    await support.page.goto(`${base}/backoffice/trading`);
    await expect.poll(() => support.page.getByText("Your role does not open this page.").count()).toBe(1);
    await screenshot(support.page, "forbidden");
  });

  it("a trader suspends a market: a player's bet on it is refused; resumed, the bet goes through", async () => {
    const email = `trader${Date.now()}@staff.test`;
    const joined = await enrol(email, "trader");
    trader = { email, totp: joined.totp };
    const page = joined.page;
    const player = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, player);
    await fund(base, player, 20_00);
    const list = (await (await fetch(`${base}/api/matches?match_status=0&limit=100`)).json()) as {
      data: MainMarketRow[];
    };
    const match = list.data.find(
      (m) => m.main_market?.status === 1 && m.main_market.outcomes.some((o) => o.active),
    );
    const outcome = match?.main_market?.outcomes.find((o) => o.active);
    if (!match?.main_market || !outcome) throw new Error("no open prematch main market");

    await page.goto(`${base}/backoffice/trading`);
    await screenshot(page, "trading");
    await page.goto(`${base}/backoffice/trading/${match.id}`);
    const row = page.locator(
      `tr[data-market-id="${match.main_market.id}"][data-specifier="${match.main_market.specifier}"]`,
    );
    await page.getByLabel("Reason").fill("suspicious stakes");
    await row.getByRole("button", { name: /^Suspend market/ }).click();
    await expect.poll(() => row.getByRole("button", { name: /^Resume/ }).count()).toBe(1);
    await screenshot(page, "match-suspended");
    expect(await bet(player, match, outcome.id)).toBe(104);

    await row.getByRole("button", { name: /^Resume/ }).click();
    await expect.poll(() => row.getByRole("button", { name: /^Suspend market/ }).count()).toBe(1);
    await expect.poll(() => bet(player, match, outcome.id)).toBe(0);
  });

  it("shows each action in the audit log, with who did it", async () => {
    await adminPage.goto(`${base}/backoffice/audit`);
    const form = adminPage.getByRole("form", { name: "Search" });
    await form.getByLabel("Action").fill("trading.");
    await form.getByRole("button", { name: "Search" }).click();
    const rows = adminPage.locator(".bo-table tbody tr");
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([expect.stringContaining("trading.resumed"), expect.stringContaining("trading.suspended")]);
    expect((await rows.allTextContents()).every((r) => r.includes(trader.email))).toBe(true);
    await form.getByLabel("Action").fill("");
    await form.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => rows.allTextContents()).toContainEqual(expect.stringContaining("staff.invited"));
    await screenshot(adminPage, "audit");
    await adminPage.goto(`${base}/backoffice/staff`);
    await expect.poll(() => adminPage.locator(".bo-table tbody tr").count()).toBeGreaterThanOrEqual(3);
    await screenshot(adminPage, "staff");
  });
});
