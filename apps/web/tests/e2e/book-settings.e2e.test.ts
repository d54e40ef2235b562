import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startApp } from "./app";
import { DESKTOP, launchChromium } from "./browser";
import { fund, signedInPlayer } from "./players";
import { writeSettings } from "./settings";

const ADMIN_URL = process.env.TEST_DATABASE_URL;

interface MatchRow {
  id: number;
  slug: string;
  sport: { key: string };
}

/**
 * SPEC §3 user settings the pages honour: the operator's system settings document (the `settings`
 * row of scope `system`, what `GET /settings` answers a visitor) turns the bet builder off and narrows
 * the odds formats; the site settings' isMyBetsVisible hides the panel's My bets tab. On PostgreSQL,
 * so the suite can write the operator's document while the app runs.
 */
describe.runIf(ADMIN_URL)("the book's settings are honoured", () => {
  const database = `sportsbook_e2e_book_${randomBytes(4).toString("hex")}`;
  let admin: pg.Client;
  let db: pg.Client;
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(ADMIN_URL ?? "");
    url.pathname = `/${database}`;
    [app, browser] = await Promise.all([
      // the mailbox and the demo deposits sign a player up and fund their builder bet
      startApp({
        DATABASE_URL: url.toString(),
        FEED_MATCHES: "30",
        SANDBOX_GAMES: "on",
        DEV_MAILBOX: "on",
        DEMO_MODE: "on",
      }),
      launchChromium(),
    ]);
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  }, 300_000);
  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
  });

  const system = (document: object) =>
    db.query(
      `insert into settings (scope, document) values ('system', $1)
       on conflict (scope) do update set document = excluded.document, updated_at = now()`,
      [JSON.stringify(document)],
    );

  async function builderMatch(): Promise<MatchRow> {
    let found: MatchRow | undefined;
    await expect
      .poll(
        async () => {
          const res = await fetch(`${app.baseUrl}/api/matches?custom_bet=true&match_status=0&limit=1`);
          found = ((await res.json()) as { data: MatchRow[] }).data[0];
          return found !== undefined;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    if (!found) throw new Error("no prematch match in the bet builder");
    return found;
  }

  it("the bet builder is gone with custom_bet_enabled=false, and back with it on", async () => {
    const match = await builderMatch();
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const matchUrl = `${app.baseUrl}/${match.sport.key}/${match.slug}-${match.id}`;

    const listUrl = `${app.baseUrl}/${match.sport.key}`;
    const builderTab = page.getByRole("link", { name: "Bet builder", exact: true });

    await system({ custom_bet_enabled: true });
    await page.goto(matchUrl);
    await expect.poll(() => page.getByRole("tab", { name: "Bet builder" }).count()).toBe(1);
    await page.goto(listUrl);
    await expect.poll(() => builderTab.count()).toBe(1);

    await system({ custom_bet_enabled: false });
    await page.goto(matchUrl);
    await page.getByRole("region", { name: "All markets" }).waitFor();
    expect(await page.getByRole("tab", { name: "Bet builder" }).count()).toBe(0);
    expect(await page.locator("#betBuilder").count()).toBe(0);
    // Nor do the lists offer the builder's tab.
    await page.goto(listUrl);
    await page.getByRole("link", { name: "All", exact: true }).first().waitFor();
    expect(await builderTab.count()).toBe(0);
    await context.close();
  }, 120_000);

  it("custom_bet_allow_single=false keeps a lone builder bet off the books and says why; true places it", async () => {
    // A prematch match whose 1x2 home win and over 2.5 are open in the builder, the latest kick-off first.
    let path: string | undefined;
    await expect
      .poll(
        async () => {
          const list = (await (
            await fetch(`${app.baseUrl}/api/matches?sport_key=soccer&match_status=0&limit=50`)
          ).json()) as { data: (MatchRow & { start_time: string })[] };
          for (const m of list.data.sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time))) {
            const markets = (await (
              await fetch(`${app.baseUrl}/api/bets/custom/markets/${m.id}`)
            ).json()) as {
              data: {
                id: number;
                specifier: string;
                status: number;
                outcomes: { id: string; active: boolean }[];
              }[];
            };
            const open = (id: number, spec: string, outcome: string) =>
              markets.data.some(
                (k) =>
                  k.id === id &&
                  k.specifier === spec &&
                  k.status === 1 &&
                  k.outcomes.some((o) => o.id === outcome && o.active),
              );
            if (open(1, "", "1") && open(18, "total=2.5", "12")) {
              path = `/${m.sport.key}/${m.slug}-${m.id}#betBuilder`;
              return true;
            }
          }
          return false;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await system({ custom_bet_allow_single: false });
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 10_00);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}${path}`);
    const builder = page.locator("#betBuilder");
    await builder.locator("[data-builder-outcome='1//1']").click();
    await builder.locator("[data-builder-outcome='18/total=2.5/12']").click();
    await builder.locator("[data-builder-odds]").waitFor();
    await builder.locator("[data-action=add-builder]").click();
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.locator("[data-custom-odds]").waitFor();
    await slip.locator("[data-stake-input='0']").fill("1");
    const place = slip.locator("[data-action=place]");
    const why = slip.locator("[data-blocker=custom_bet_alone]");
    await expect
      .poll(() => why.textContent())
      .toBe("A bet builder bet cannot be placed on its own: add another bet to the slip.");
    expect(await place.isDisabled()).toBe(true);

    // Allowed, the same slip (kept by the tab over the reload) is placed as it stands.
    await system({ custom_bet_allow_single: true });
    await page.reload();
    await slip.locator("[data-custom-odds]").waitFor();
    await slip.locator("[data-stake-input='0']").fill("1");
    await expect.poll(() => place.isDisabled()).toBe(false);
    expect(await why.count()).toBe(0);
    await place.click();
    await slip.locator("[data-placed='1']").waitFor();
    const bets = (await (await context.request.get(`${app.baseUrl}/api/bets?status=all`)).json()) as {
      data: { type: string }[];
    };
    expect(bets.data.map((b) => b.type)).toEqual(["custom_bet"]);
    await context.close();
  }, 180_000);

  it("the odds switcher offers only odds_types.available, starting on the selected one", async () => {
    await system({ odds_types: { available: ["decimal", "american"], selected: "american" } });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/`);
    const switcher = page.getByRole("combobox", { name: "Odds format" }).first();
    await switcher.waitFor();
    const options = await switcher.locator("option").allInnerTexts();
    expect(options).toEqual(["Decimal", "American"]);
    expect(await switcher.inputValue()).toBe("american");
    await context.close();
  }, 60_000);

  it("isMyBetsVisible=false leaves the side panel without its My bets tab", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/`);
    const panel = page.getByRole("region", { name: "Bet slip and my bets" });
    await expect.poll(() => panel.getByRole("tab", { name: "My bets" }).count()).toBe(1);

    writeSettings(app.dataDir, { isMyBetsVisible: false });
    await expect
      .poll(
        async () => {
          await page.goto(`${app.baseUrl}/`);
          await panel.getByRole("tab", { name: /Bet slip/ }).waitFor();
          return panel.getByRole("tab", { name: "My bets" }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(0);
    await context.close();
  }, 60_000);

  it("the racing page launches the sandbox provider's game in a frame once the server offers it", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await system({});
    expect((await page.goto(`${app.baseUrl}/racing`))?.status()).toBe(404);

    await system({ additional_providers: { horse_racing: { enabled: true, provider: "sandbox" } } });
    expect((await page.goto(`${app.baseUrl}/racing`))?.status()).toBe(200);
    const game = page.frameLocator('iframe[title="Horse racing"]');
    await game.getByRole("heading", { name: "Sandbox racing" }).waitFor({ timeout: 20_000 });
    expect(await game.getByText("Playing for fun").count()).toBe(1);
    expect(await game.getByRole("list", { name: "Next events" }).getByRole("listitem").count()).toBe(5);
    // The main sections now lead to it.
    expect(
      await page
        .getByRole("navigation", { name: "Menu" })
        .getByRole("link", { name: "Horse racing" })
        .count(),
    ).toBeGreaterThan(0);
    await context.close();
  }, 60_000);

  it("a platform-switcher block puts the sportsbook beside its host platform", async () => {
    writeSettings(app.dataDir, {
      layout: {
        header: [
          { kind: "brand-logo" },
          { kind: "platform-switcher", text: { en: "Casino" }, href: "https://casino.example/lobby" },
        ],
      },
    });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const switcher = page.getByRole("navigation", { name: "Platforms" });
    await expect
      .poll(
        async () => {
          await page.goto(`${app.baseUrl}/`);
          return switcher.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    const here = switcher.getByRole("link", { name: "Sports" });
    expect(await here.getAttribute("aria-current")).toBe("page");
    const casino = switcher.getByRole("link", { name: "Casino" });
    expect([await casino.getAttribute("href"), await casino.getAttribute("target")]).toEqual([
      "https://casino.example/lobby",
      "_top",
    ]);
    await context.close();
  }, 60_000);
});
