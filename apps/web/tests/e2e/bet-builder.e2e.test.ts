import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { fund, signedInPlayer } from "./players";
import { wordsBrokenAcrossLines } from "./text-layout";

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
  custom_bet_groups: string[];
  outcomes: { id: string; odds: number; active: boolean }[];
}

async function builderMarkets(matchId: number): Promise<MarketRow[]> {
  const res = await fetch(`${base}/api/bets/custom/markets/${matchId}`);
  return ((await res.json()) as { data: MarketRow[] }).data;
}

/** What the builder's price is fitted from: the open 1x2 and totals. */
function pricingBook(markets: MarketRow[]) {
  return markets
    .filter((m) => (m.id === 1 || m.id === 18) && m.status === 1)
    .map((m) => [m.id, m.specifier, m.outcomes.map((o) => [o.id, o.odds, o.active])]);
}

/** One leg's own probability, its market's margin taken out. */
function fairProbability(markets: MarketRow[], id: number, spec: string, outcome: string) {
  const market = markets.find((m) => m.id === id && m.specifier === spec && m.status === 1);
  const inv = market?.outcomes.map((o) => ({ id: o.id, q: 1000 / o.odds })) ?? [];
  const sum = inv.reduce((n, o) => n + o.q, 0);
  const q = inv.find((o) => o.id === outcome)?.q;
  return q && sum ? q / sum : undefined;
}

describe("the bet builder (SPEC §2 #betBuilder, §4 custom bet)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("prices home win + over 2.5 as one event below the product, and places it from the slip", async () => {
    // A prematch soccer match whose 1x2 and total 2.5 are open in the builder.
    const list = (await (
      await fetch(`${base}/api/matches?sport_key=soccer&match_status=0&limit=50`)
    ).json()) as {
      data: MatchRow[];
    };
    // The latest kick-off first: a match kicking off while the test bets would take its prematch
    // prices away (the suites' feed runs five times faster than real time).
    const latestFirst = [...list.data].sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
    let target: MatchRow | undefined;
    for (const match of latestFirst) {
      const markets = await builderMarkets(match.id);
      if (fairProbability(markets, 1, "", "1") && fairProbability(markets, 18, "total=2.5", "12")) {
        target = match;
        break;
      }
    }
    if (!target) throw new Error("no prematch soccer match with 1x2 and total 2.5 in the builder");

    // The two go together: with the same 5 % margin, their joint price is below the price of the
    // product of their probabilities (what a discounted product of the legs would offer). The
    // feed moves prices all the time, so the legs are read before and after the price is asked
    // for, and only a price whose legs did not move between is compared.
    const legs = [
      { market_id: 1, specifier: "", outcome_id: "1" },
      { market_id: 18, specifier: "total=2.5", outcome_id: "12" },
    ];
    let compared = false;
    for (let attempt = 0; attempt < 20 && !compared; attempt++) {
      const before = await builderMarkets(target.id);
      const res = await fetch(`${base}/api/bets/custom/odds`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ match_id: target.id, selections: legs }),
      });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { odds: number } };
      const after = await builderMarkets(target.id);
      if (JSON.stringify(pricingBook(before)) !== JSON.stringify(pricingBook(after))) continue;
      const pHome = fairProbability(before, 1, "", "1");
      const pOver = fairProbability(before, 18, "total=2.5", "12");
      if (!pHome || !pOver) throw new Error("the legs left the builder");
      expect(data.odds).toBeGreaterThan(1000);
      expect(data.odds).toBeLessThan(1000 / (pHome * pOver * 1.05));
      compared = true;
    }
    expect(compared).toBe(true);

    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 10_00);
    const page = await context.newPage();
    await page.goto(`${base}/${target.sport.key}/${target.slug}-${target.id}#betBuilder`);
    const builder = page.locator("#betBuilder");
    await builder.locator("[data-builder-outcome='1//1']").click();
    await builder.locator("[data-builder-outcome='18/total=2.5/12']").click();
    // The builder quotes again as the feed moves, so the price is read and Add pressed in one
    // task of the page: the slip takes the price shown at the press.
    let price = 0;
    await expect
      .poll(async () => {
        price = await builder.evaluate((el) => {
          const add = el.querySelector<HTMLButtonElement>("[data-action=add-builder]");
          const odds = el.querySelector("[data-builder-odds]")?.getAttribute("data-builder-odds");
          if (!add || add.disabled || !odds) return 0;
          add.click();
          return Number(odds);
        });
        return price;
      })
      .toBeGreaterThan(1000);
    const slip = page.locator("[data-ticket-panel=docked]");
    await slip.locator("[data-custom-odds]").waitFor();
    expect(Number(await slip.locator("[data-custom-odds]").getAttribute("data-custom-odds"))).toBe(price);
    expect(await slip.locator("[data-selection]").count()).toBe(2);
    await slip.locator("[data-stake-input='0']").fill("1");
    await slip.locator("[data-action=place]").click();
    await slip.locator("[data-placed='1']").waitFor();
    const bets = (await (await context.request.get(`${base}/api/bets?status=all`)).json()) as {
      data: { type: string; custom_odds: number | null; selections: unknown[] }[];
    };
    expect(bets.data[0]).toMatchObject({ type: "custom_bet", custom_odds: price });
    expect(bets.data[0]?.selections).toHaveLength(2);
    await context.close();
  });

  it("on a 360 px phone in German a three-way market keeps one row and its words whole", async () => {
    const list = (await (
      await fetch(`${base}/api/matches?sport_key=soccer&match_status=0&limit=50`)
    ).json()) as { data: MatchRow[] };
    let match: MatchRow | undefined;
    for (const m of list.data) {
      const markets = (await (await fetch(`${base}/api/bets/custom/markets/${m.id}`)).json()) as {
        data: MarketRow[];
      };
      if (markets.data.some((x) => x.id === 1 && x.outcomes.length === 3)) {
        match = m;
        break;
      }
    }
    if (!match) throw new Error("no prematch soccer match with a 1x2 in the builder");
    const page = await browser.newPage({ viewport: { width: 360, height: 760 } });
    await page.goto(`${base}/de/${match.sport.key}/${match.slug}-${match.id}#betBuilder`);
    const winner = page.locator("#betBuilder [data-builder-outcome^='1//']");
    await winner.first().waitFor();
    const tops = await winner.evaluateAll((els) =>
      els.map((el) => Math.round(el.getBoundingClientRect().top)),
    );
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size).toBe(1);
    const names = page.locator("#betBuilder [data-outcome-name]");
    expect(await names.allTextContents()).toContain("Unentschieden");
    expect(await wordsBrokenAcrossLines(names)).toEqual([]);
    await page.close();
  });
});
