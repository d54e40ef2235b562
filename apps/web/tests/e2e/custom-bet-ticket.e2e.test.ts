import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";

const base = inject("baseUrl");

interface MatchRow {
  id: number;
  slug: string;
  start_time: string;
  sport: { key: string };
}
interface MarketRow {
  id: number;
  specifier: string;
  status: number;
  outcomes: { id: string; active: boolean }[];
}

/** A prematch soccer match whose 1x2 and total 2.5 are open in the builder, the latest kick-off first. */
async function builderMatchPath(): Promise<string> {
  const list = (await (
    await fetch(`${base}/api/matches?sport_key=soccer&match_status=0&limit=50`)
  ).json()) as { data: MatchRow[] };
  const latestFirst = [...list.data].sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
  for (const match of latestFirst) {
    const markets = (await (await fetch(`${base}/api/bets/custom/markets/${match.id}`)).json()) as {
      data: MarketRow[];
    };
    const open = (id: number, spec: string, outcome: string) =>
      markets.data.some(
        (m) =>
          m.id === id &&
          m.specifier === spec &&
          m.status === 1 &&
          m.outcomes.some((o) => o.id === outcome && o.active),
      );
    if (open(1, "", "1") && open(18, "total=2.5", "12"))
      return `/${match.sport.key}/${match.slug}-${match.id}#betBuilder`;
  }
  throw new Error("no prematch soccer match with 1x2 and total 2.5 in the builder");
}

describe("the custom-bet ticket modal (SPEC §2 modals, §4 custom bet)", { timeout: 120_000 }, () => {
  let browser: Browser;
  let path: string;
  beforeAll(async () => {
    browser = await launchChromium();
    path = await builderMatchPath();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function buildBet(viewport: { width: number; height: number }) {
    const page = await browser.newPage({ viewport });
    await page.goto(`${base}${path}`);
    const builder = page.locator("#betBuilder");
    await builder.locator("[data-builder-outcome='1//1']").click();
    await builder.locator("[data-builder-outcome='18/total=2.5/12']").click();
    // The feed moves prematch prices and the builder quotes again, so the price is read and the
    // button pressed in one task of the page: the slip takes the price shown at the press.
    let price: string | undefined;
    await expect
      .poll(async () => {
        price = await builder.evaluate((el) => {
          const add = el.querySelector<HTMLButtonElement>("[data-action=add-builder]");
          const odds = el.querySelector("[data-builder-odds]")?.getAttribute("data-builder-odds");
          if (!add || add.disabled || !odds) return undefined;
          add.click();
          return odds;
        });
        return price;
      })
      .toMatch(/^\d+$/);
    return { page, price };
  }

  it("on a phone, a builder bet that starts the slip opens its ticket; it leads on to the slip", async () => {
    const { page, price } = await buildBet(MOBILE);
    const ticket = page.getByRole("dialog", { name: "Bet builder bet on your slip" });
    await ticket.waitFor();
    expect(await ticket.getByRole("list", { name: "Selections" }).getByRole("listitem").count()).toBe(2);
    expect(await ticket.locator("[data-custom-odds]").getAttribute("data-custom-odds")).toBe(price);
    await ticket.getByRole("button", { name: "Stake it on the slip" }).click();
    await expect.poll(() => ticket.count()).toBe(0);
    const sheet = page.locator("[data-ticket-panel=sheet]");
    await expect
      .poll(() => sheet.locator("[aria-expanded]").first().getAttribute("aria-expanded"))
      .toBe("true");
    await expect.poll(() => sheet.locator("[data-custom-odds]").getAttribute("data-custom-odds")).toBe(price);
    await page.close();
  });

  it("beside the docked slip on a wide screen no modal covers the page", async () => {
    const { page, price } = await buildBet(DESKTOP);
    const slip = page.locator("[data-ticket-panel=docked]");
    await expect.poll(() => slip.locator("[data-custom-odds]").getAttribute("data-custom-odds")).toBe(price);
    expect(await page.getByRole("dialog", { name: "Bet builder bet on your slip" }).count()).toBe(0);
    await page.close();
  });
});
