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
    let target: { match: MatchRow; pHome: number; pOver: number } | undefined;
    // The latest kick-off first: a match kicking off while the test bets would take its prematch
    // prices away (the suites' feed runs five times faster than real time).
    const latestFirst = [...list.data].sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
    for (const match of latestFirst) {
      const markets = (await (await fetch(`${base}/api/bets/custom/markets/${match.id}`)).json()) as {
        data: MarketRow[];
      };
      // Each leg's own probability, its market's margin taken out.
      const fair = (id: number, spec: string, outcome: string) => {
        const market = markets.data.find((m) => m.id === id && m.specifier === spec && m.status === 1);
        const inv = market?.outcomes.map((o) => ({ id: o.id, q: 1000 / o.odds })) ?? [];
        const sum = inv.reduce((n, o) => n + o.q, 0);
        const q = inv.find((o) => o.id === outcome)?.q;
        return q && sum ? q / sum : undefined;
      };
      const pHome = fair(1, "", "1");
      const pOver = fair(18, "total=2.5", "12");
      if (pHome && pOver) {
        target = { match, pHome, pOver };
        break;
      }
    }
    if (!target) throw new Error("no prematch soccer match with 1x2 and total 2.5 in the builder");

    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 10_00);
    const page = await context.newPage();
    await page.goto(`${base}/${target.match.sport.key}/${target.match.slug}-${target.match.id}#betBuilder`);
    const builder = page.locator("#betBuilder");
    await builder.locator("[data-builder-outcome='1//1']").click();
    await builder.locator("[data-builder-outcome='18/total=2.5/12']").click();
    const priced = builder.locator("[data-builder-odds]");
    await priced.waitFor();
    const price = Number(await priced.getAttribute("data-builder-odds"));
    expect(price).toBeGreaterThan(1000);
    // The two go together: with the same 5 % margin, their joint price is below the price of the
    // product of their probabilities (what a discounted product of the legs would offer).
    expect(price).toBeLessThan(1000 / (target.pHome * target.pOver * 1.05));

    await builder.locator("[data-action=add-builder]").click();
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
