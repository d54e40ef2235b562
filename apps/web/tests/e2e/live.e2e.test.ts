import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { wordsBrokenAcrossLines } from "./text-layout";

const base = inject("baseUrl");

/** Waits until the feed has live matches with open main markets, as the home and live pages list them. */
async function waitForLiveMatches(): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = (await fetch(`${base}/api/matches?match_status=1&limit=50`).then((r) => r.json())) as {
      data: { main_market: { status: number } | null }[];
    };
    const open = res.data.filter((m) => m.main_market?.status === 1).length;
    if (open > 0) return open;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("no live match with an open main market within 60 s");
}

/** Prices on screen, keyed by match and outcome. */
const snapshot = (page: Page) =>
  page.$$eval("[data-match-card]", (cards) =>
    Object.fromEntries(
      cards.flatMap((c) =>
        [...c.querySelectorAll<HTMLElement>("[data-outcome]")].map((o) => [
          `${c.getAttribute("data-match")}/${o.dataset.outcome}`,
          o.querySelector("[data-odds]")?.getAttribute("data-odds") ?? "",
        ]),
      ),
    ),
  );

/** Waits until any price differs from `before`, without the page reloading. */
async function waitForOddsChange(page: Page, before: Record<string, string>, timeoutMs = 45_000) {
  await page.waitForFunction(
    (prev) =>
      [...document.querySelectorAll<HTMLElement>("[data-match-card]")].some((c) =>
        [...c.querySelectorAll<HTMLElement>("[data-outcome]")].some((o) => {
          const key = `${c.getAttribute("data-match")}/${o.dataset.outcome}`;
          const now = o.querySelector("[data-odds]")?.getAttribute("data-odds");
          return key in prev && now !== prev[key];
        }),
      ),
    before,
    { timeout: timeoutMs, polling: 250 },
  );
}

describe("live data (SPEC §4 realtime, §9 defaults)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    await waitForLiveMatches();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the live page lists the feed's live matches, rendered by the server", async () => {
    const html = await fetch(`${base}/live`).then((r) => r.text());
    expect(html).toContain('data-page="in_play"');
    expect(html).toMatch(/<article[^>]*data-match-card[^>]*data-match="\d+"/);
  });

  it("a card without main-market odds says whether the match's other markets are open", async () => {
    const html = await fetch(`${base}/live`).then((r) => r.text());
    const cards = [
      ...html.matchAll(/<article[^>]*data-match-card[^>]*data-match="(\d+)"[\s\S]*?<\/article>/g),
    ];
    expect(cards.length).toBeGreaterThan(0);
    const live = await fetch(`${base}/api/matches?status=live&limit=100`).then(
      (r) => r.json() as Promise<{ data: { id: number; available_markets: number }[] }>,
    );
    const available = new Map(live.data.map((m) => [String(m.id), m.available_markets]));
    for (const [card, id = ""] of cards) {
      const note = /data-markets-closed="(main|all)"/.exec(card)?.[1];
      const odds = card.includes(' data-market="');
      expect(odds !== (note !== undefined), `match ${id}: odds or a closed note, never both`).toBe(true);
      // The page and the list are read a moment apart, so only a count's side of zero is compared.
      if (note && available.has(id)) expect(note === "main").toBe((available.get(id) ?? 0) > 0);
    }
  });

  it("an odds change reaches the page without a reload", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/live`);
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const before = await snapshot(page);
    expect(Object.keys(before).length).toBeGreaterThan(0);
    await waitForOddsChange(page, before);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    // The changed price carries an arrow for its direction, not colour alone.
    const arrow = await page.waitForFunction(
      () => {
        const cell = document.querySelector<HTMLElement>("[data-outcome][data-trend]");
        const value = cell?.querySelector("[data-odds]");
        if (!cell || !value) return null;
        const content = getComputedStyle(value, "::after").content;
        return { trend: cell.dataset.trend, content };
      },
      undefined,
      { timeout: 5_000 },
    );
    const { trend, content } = (await arrow.jsonValue()) as { trend: string; content: string };
    expect(content).toContain(trend === "up" ? "▲" : "▼");
    await page.close();
  });

  it("a live match stays live through an update that carries no status (SPEC §4 live merges)", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    // The feed sends the clock and score of a live match as match_changed without a status.
    const statusless: string[] = [];
    page.on("websocket", (ws) =>
      ws.on("framereceived", ({ payload }) => {
        for (const line of String(payload).split("\n")) {
          if (!line.startsWith("{")) continue;
          const push = (
            JSON.parse(line) as { push?: { channel?: string; pub?: { data?: Record<string, unknown> } } }
          ).push;
          const data = push?.pub?.data;
          if (data?.type === "match_changed" && data.statistics && !("status" in data) && push?.channel)
            statusless.push(push.channel.replace("match:", ""));
        }
      }),
    );
    await page.goto(`${base}/live`);
    const cardOf = (id: string) =>
      page.locator(`main [data-match-card][data-match="${id}"] [data-match-live]`).first();
    // the first such update for a match the page shows as a card
    let id = "";
    await expect
      .poll(
        async () => {
          for (const seen of statusless) if ((await cardOf(seen).count()) > 0) id = seen;
          return id;
        },
        { timeout: 30_000 },
      )
      .not.toBe("");
    const card = cardOf(id);
    // wait until the page has drawn the update, then read the card's status
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The match may legitimately stop or end meanwhile; what must never happen is a fall back to prematch.
    expect(await card.getAttribute("data-status")).not.toBe("0");
    expect(await card.locator("[data-status-key]").innerText()).not.toBe("Not started");
    await page.close();
  });

  it("the match clock runs by the second between feed updates", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/live`);
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    // a match in a break (half time, between periods) shows its clock stopped, as sent
    const clock = page.locator("[data-match-card] [data-clock=running]").first();
    const first = await clock.innerText();
    // minutes and seconds, or in stoppage the period's end and the added time (90+1:23′)
    expect(first).toMatch(/^\d+(:|\+\d+:)\d{2}′$/);
    // Updates for one match come every few seconds at most; the page's own tick moves it within one.
    await expect.poll(() => clock.innerText(), { timeout: 5_000, interval: 200 }).not.toBe(first);
    await page.close();
  });

  it("a dropped connection shows the offline alert, then recovers and updates continue", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${base}/live`);
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    await context.setOffline(true);
    const alert = page.locator("[data-alerts] [role=alert]", { hasText: "You are offline" });
    await alert.waitFor({ state: "visible", timeout: 15_000 });
    await context.setOffline(false);
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 30_000 });
    await alert.waitFor({ state: "detached", timeout: 5_000 });
    await waitForOddsChange(page, await snapshot(page));
    await context.close();
  });

  it("the match page shows its markets, and a scoreboard under the statistics tab", async () => {
    // a bettable one: near its end a live match may have every market inactive (too lopsided to price)
    const res = (await fetch(`${base}/api/matches?match_status=1&bettable=true&limit=1`).then((r) =>
      r.json(),
    )) as {
      data: { id: number; slug: string; sport: { key: string } }[];
    };
    const m = res.data[0];
    expect(m).toBeDefined();
    if (!m) return;
    const page = await browser.newPage({ viewport: DESKTOP });
    const response = await page.goto(`${base}/${m.sport.key}/${m.slug}-${m.id}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator("[data-page=match] [data-market]").count()).toBeGreaterThan(0);
    // No chat is configured: markets and, for a match under way, statistics (a stream if broadcast,
    // the bet builder where the match offers one).
    const tabs = page.locator("[data-page=match] [role=tab]");
    const names = await tabs.evaluateAll((els) => els.map((e) => e.getAttribute("data-tab")));
    expect(names.filter((n) => n !== "stream" && n !== "betbuilder")).toEqual(["markets", "statistics"]);
    expect(await page.locator("[data-page=match] [data-panel=statistics] table").isVisible()).toBe(false);
    await page.locator("[data-page=match] [role=tab][data-tab=statistics]").click();
    await page.locator("[data-page=match] [data-panel=statistics] table").waitFor({ state: "visible" });
    expect(await page.locator("[data-page=match] [data-market]").first().isVisible()).toBe(false);
    await page.close();
  });

  it("each sport's scoreboard names that sport's periods: sets, periods, quarters, innings, maps", async () => {
    const periodOf: [string, RegExp][] = [
      ["tennis", /^1st set$/],
      ["ice-hockey", /^1st period$/],
      ["basketball", /^1st quarter$/],
      ["cricket", /^1st innings$/],
      ["cs2", /^Map 1$/],
      ["dota2", /^Map 1$/],
      ["lol", /^Map 1$/],
    ];
    const page = await browser.newPage({ viewport: DESKTOP });
    const seen: string[] = [];
    for (const [sport, first] of periodOf) {
      const list = (await fetch(`${base}/api/matches?match_status=1&sport_key=${sport}&limit=1`).then((r) =>
        r.json(),
      )) as { data: { id: number; slug: string; sport: { key: string } }[] };
      const m = list.data[0];
      // a sport with no live match at this moment of the simulation has nothing to show
      if (!m) continue;
      await page.goto(`${base}/${m.sport.key}/${m.slug}-${m.id}`);
      await page.getByRole("tab", { name: "Statistics" }).click();
      const board = page.getByRole("region", { name: "Scoreboard" });
      await board.getByRole("table").waitFor();
      const headers = await board.getByRole("columnheader").allInnerTexts();
      expect(
        headers.some((h) => first.test(h.trim())),
        `${sport}: ${headers.join(" | ")}`,
      ).toBe(true);
      expect(headers.at(-1)).toBe("Total");
      seen.push(sport);
    }
    expect(seen.length, "sports with a live match").toBeGreaterThanOrEqual(3);
    await page.close();
  });

  it("a broadcast match's stream tab frames its broadcast, which shows the match", async () => {
    type Listed = {
      id: number;
      slug: string;
      sport: { key: string };
      competitors: { home: { name: string } | null };
    };
    const listed = (await fetch(`${base}/api/matches?match_status=0,1&type=match&limit=100`).then((r) =>
      r.json(),
    )) as {
      data: Listed[];
    };
    let found: { match: Listed; link: string } | undefined;
    for (const match of listed.data) {
      const streams = (await fetch(`${base}/api/matches/${match.id}/streams`).then((r) => r.json())) as {
        data: { link: string; provider: string }[];
      };
      const link = streams.data[0]?.link;
      if (link) {
        found = { match, link };
        break;
      }
    }
    if (!found) throw new Error("no broadcast match among the open ones");
    const { match: m, link } = found;
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/${m.sport.key}/${m.slug}-${m.id}`);
    await page.locator("[data-page=match] [role=tab][data-tab=stream]").click();
    const frame = page.locator("[data-page=match] [data-panel=stream] iframe");
    await frame.waitFor({ state: "visible" });
    expect(await frame.getAttribute("src")).toBe(link);
    const teams = page.frameLocator("[data-page=match] [data-panel=stream] iframe").locator("[data-teams]");
    await expect.poll(() => teams.innerText()).toContain(m.competitors.home?.name ?? "");
    await page.close();
  });

  it("at 390 px no price loses its label: card columns and a correct-score grid read whole", async () => {
    const cut = (page: Page, selector: string) =>
      page.locator(selector).evaluateAll((names) =>
        names
          .filter((n) => (n.textContent ?? "").trim().length <= 10)
          // a card that left the list (an ended match) is not drawn and has nothing to measure
          .filter((n) => n.getClientRects().length > 0)
          .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.clientWidth === 0)
          .map((n) => n.textContent),
      );
    const page = await browser.newPage({ viewport: MOBILE });
    await page.goto(`${base}/`);
    await page.locator("[data-match-card] [data-outcome-name]").first().waitFor();
    expect(await cut(page, "[data-match-card] [data-outcome-name]")).toEqual([]);

    // A prematch soccer match with an open correct-score market (outrights and closed markets have none).
    const res = (await fetch(`${base}/api/matches?sport_key=soccer&match_status=0&limit=50`).then((r) =>
      r.json(),
    )) as { data: { id: number; slug: string; sport: { key: string } }[] };
    let m: (typeof res.data)[number] | undefined;
    for (const candidate of res.data) {
      const markets = (await fetch(`${base}/api/matches/${candidate.id}/markets?limit=500`).then((r) =>
        r.json(),
      )) as {
        data: { id: number; status: number }[];
      };
      if (markets.data.some((x) => x.id === 45 && x.status === 1)) {
        m = candidate;
        break;
      }
    }
    if (!m) throw new Error("no prematch soccer match with a correct-score market");
    await page.goto(`${base}/${m.sport.key}/${m.slug}-${m.id}`);
    const scores = page.locator('[data-page=match] [data-market="45"] [data-outcome-name]');
    await scores.first().waitFor();
    expect(await scores.count()).toBeGreaterThan(10);
    expect(await cut(page, "[data-page=match] [data-market] [data-outcome-name]")).toEqual([]);
    await page.close();
  });

  it("at 360 px in German no word of a three-way market's names breaks across lines", async () => {
    const res = (await fetch(`${base}/api/matches?sport_key=soccer&match_status=0&limit=20`).then((r) =>
      r.json(),
    )) as { data: { id: number; slug: string; type: string; sport: { key: string } }[] };
    // a match, not an outright: only a match has the three-way markets
    const m = res.data.find((x) => x.type === "match");
    if (!m) throw new Error("no prematch soccer match");
    const page = await browser.newPage({ viewport: { width: 360, height: 760 } });
    await page.goto(`${base}/de/${m.sport.key}/${m.slug}-${m.id}`);
    // 1X2 and double chance: "Unentschieden", "Marston Rovers oder Unentschieden"
    const names = page.locator(
      '[data-page=match] :is([data-market="1"], [data-market="10"]) [data-outcome-name]',
    );
    await names.first().waitFor();
    const broken = await wordsBrokenAcrossLines(names);
    expect(await names.allTextContents()).toContain("Unentschieden");
    expect(broken).toEqual([]);
    await page.close();
  });
});
