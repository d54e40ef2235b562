import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { signedInPlayer } from "./players";
import { removeSettings, writeSettings } from "./settings";

const base = inject("baseUrl");
const dataDir = inject("dataDir");
const example = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../examples/every-block.site-settings.json"), "utf8"),
) as { layout: { home: { kind: string }[] } };
const HOME_BLOCKS = "main [data-page=sports] > [data-block]";

/** The home page once the feed has a live match with open markets (the match blocks need one). */
async function homeWithLiveData(page: Page, path = "/"): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`${base}${path}`);
        return page.locator("main [data-block=event-stats] [data-match]").count();
      },
      { timeout: 90_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
}

describe("every layout block of the example settings document (SPEC §2 layout blocks)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    writeSettings(dataDir, example);
  });
  afterAll(async () => {
    removeSettings(dataDir);
    await browser?.close();
  });

  it.each([
    ["desktop", DESKTOP],
    ["phone", MOBILE],
  ])(
    "renders every block with content or its empty state at %s width, axe finding nothing serious",
    async (_, viewport) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await homeWithLiveData(page);
      await page.waitForLoadState("networkidle");
      const shown = await page.locator(HOME_BLOCKS).evaluateAll((els) =>
        els.map((e) => ({
          kind: e.getAttribute("data-block") ?? "",
          text: (e as HTMLElement).innerText.trim(),
          media: e.querySelectorAll("img, svg, hr, iframe, input, select, button").length,
          visible: (e as HTMLElement).offsetHeight > 0,
        })),
      );
      expect(shown.map((b) => b.kind)).toEqual(example.layout.home.map((b) => b.kind));
      for (const b of shown) {
        expect(b.visible, `${b.kind} is visible`).toBe(true);
        expect(b.text.length > 0 || b.media > 0, `${b.kind} shows something`).toBe(true);
      }
      // The match blocks show a real match: markets with prices, a scoreboard, a prediction.
      expect(
        await page.locator("main [data-block=event-markets] [data-market] [data-outcome]").count(),
      ).toBeGreaterThan(0);
      expect(await page.locator("main [data-block=prediction] [data-choice]").count()).toBeGreaterThanOrEqual(
        2,
      );

      // The bonus blocks: the demo set's running promotions, and promo code entry.
      expect(
        await page
          .locator("main [data-block=bonuses] [data-bonus-card]", { hasText: "Welcome freebet" })
          .count(),
      ).toBe(1);
      expect(await page.locator("main [data-block=promocode] input[name=code]").count()).toBe(1);

      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it("the events filter narrows the lists after it to one sport, kept in the URL", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await homeWithLiveData(page);
    const chip = page.locator("main [data-block=events-filter] a[data-sport]").first();
    const sport = await chip.getAttribute("data-sport");
    await chip.click();
    await page.waitForURL((url) => url.searchParams.get("sport") === sport);
    await expect
      .poll(() =>
        page
          .locator("main [data-block=events-filter] a[aria-current][data-sport]")
          .getAttribute("data-sport"),
      )
      .toBe(sport);
    const cards = page.locator(
      "main [data-block=live-events] [data-match-card], main [data-block=prematch-events] [data-match-card]",
    );
    const hrefs = await cards
      .locator("a:first-of-type")
      .evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`/${sport}/`), href).toBe(true);
    // A list placed before the filter is not narrowed by it.
    expect(await page.locator("main [data-block=top-events]").count()).toBe(1);
    await page.close();
  });

  it("with a chat set, the chat toggle opens it and a match page has a chat tab for that match", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/de`);
    const toggle = page.locator("main [data-block=chat-toggle] [data-action=chat]");
    await toggle.click();
    const frame = page.locator("main [data-block=chat-toggle] iframe");
    expect(await frame.getAttribute("src")).toBe(
      "/examples/chat.html?room=demo-room&region=eu&lang=de&match=",
    );
    await toggle.click();
    await frame.waitFor({ state: "detached" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    const live = (await fetch(`${base}/api/matches?match_status=1&limit=1`).then((r) => r.json())) as {
      data: { id: number; slug: string; sport: { key: string } }[];
    };
    const m = live.data[0];
    if (!m) throw new Error("no live match");
    await page.goto(`${base}/${m.sport.key}/${m.slug}-${m.id}`);
    // A key or click before hydration would be lost: the tabs take them once the page is live.
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    const tabs = page.locator("[data-page=match] [role=tab]");
    const names = await tabs.evaluateAll((els) => els.map((e) => e.getAttribute("data-tab")));
    // a broadcast match has a stream tab too, before the chat
    expect(names.filter((n) => n !== "stream")).toEqual(["markets", "statistics", "chat"]);
    const chatTab = page.locator("[data-page=match] [role=tab][data-tab=chat]");
    await chatTab.click();
    const chat = page.locator("[data-page=match] [data-panel=chat] iframe");
    await chat.waitFor({ state: "visible" });
    expect(await chat.getAttribute("src")).toBe(
      `/examples/chat.html?room=demo-room&region=eu&lang=en&match=${m.id}`,
    );
    // Arrow keys move between tabs (WAI-ARIA tabs); right from the last is the first.
    await chatTab.press("ArrowRight");
    await expect
      .poll(() => page.locator("[data-page=match] [role=tab][aria-selected=true]").getAttribute("data-tab"))
      .toBe("markets");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-tab"))).toBe("markets");
    await page.close();
  });

  it("a closed match preview stays closed for the session, from the first paint, and opens again", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await homeWithLiveData(page);
    const block = page.locator("main [data-block=match-preview]");
    const shown = block.locator("section[data-match]");
    const card = block.locator("[data-preview]");
    const show = block.locator("[data-action=show-preview]");
    const either = block.locator("[data-action=show-preview]:visible, [data-preview]:visible").first();
    const scripts = (url: URL) => url.pathname.endsWith(".js");
    // The block shows the next match before kick-off; on the fast demo clock that match may kick
    // off between the close and the reload, and its successor rightly shows a preview of its own.
    await expect
      .poll(
        async () => {
          // the preview itself, not its market: the featured match may not be priced yet
          await card.waitFor();
          const closed = await shown.getAttribute("data-match");
          await block.locator("[data-action=close-preview]").click();
          // the page as the server sends it, before any of its code runs, already shows it closed
          await page.route(scripts, (route) => route.abort());
          await page.reload();
          await either.waitFor();
          const early = { show: await show.isVisible(), card: await card.isVisible() };
          const same = (await shown.getAttribute("data-match")) === closed;
          await page.unroute(scripts);
          await page.reload();
          await either.waitFor();
          if (!same || (await shown.getAttribute("data-match")) !== closed) return "another match";
          return early;
        },
        { timeout: 90_000, interval: 0 },
      )
      .toEqual({ show: true, card: false });
    await show.waitFor();
    expect(await card.isVisible()).toBe(false);
    await show.click();
    await card.waitFor();
    expect(await show.isVisible()).toBe(false);
    await page.close();
    // room for the kick-off poll above (90 s) and the checks after it
  }, 120_000);

  it("the modal block opens its dialog and closes it", async () => {
    const page = await browser.newPage({ viewport: MOBILE });
    await page.goto(`${base}/`);
    await page.locator("main [data-block=modal] [data-action=open-modal]").click();
    const dialog = page.locator("main [data-block=modal] dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain("Bets are accepted at the price shown");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.close();
  });

  it("a prediction is sent to /vote and shown again as the player's earlier answer", async () => {
    // The block names the prematch match with the latest kick-off: the one it features by default
    // can kick off between the vote and the reload (the suites' feed runs five times faster than
    // real time), and the block would then feature another match.
    const prematch = (await fetch(`${base}/api/matches?match_status=0&limit=500`).then((r) => r.json())) as {
      data: { id: number; start_time: string }[];
    };
    const latest = prematch.data.reduce((a, b) =>
      Date.parse(b.start_time) > Date.parse(a.start_time) ? b : a,
    );
    writeSettings(dataDir, {
      ...example,
      layout: {
        ...example.layout,
        home: example.layout.home.map((b) => (b.kind === "prediction" ? { ...b, matchId: latest.id } : b)),
      },
    });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    // A visitor is sent to sign in.
    await page.locator("main [data-block=prediction] [data-choice=home]").click();
    await page.locator("dialog[data-modal=sign_in]").waitFor();

    await signedInPlayer(base, context);
    await page.goto(`${base}/`);
    const widget = page.locator("main [data-block=prediction] [data-prediction]");
    await page.locator("main [data-block=profile] [data-auth=logged_in]").waitFor();
    // The choice shows at once; the vote is saved by the call it starts.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/vote") && r.request().method() === "POST",
    );
    await widget.locator("[data-choice=away]").click();
    await expect.poll(() => widget.getAttribute("data-chosen")).toBe("away");
    expect((await saved).ok()).toBe(true);
    const votes = (await (await context.request.get(`${base}/api/vote`)).json()) as {
      data: { prediction_id: string; data: { choice: string } }[];
    };
    const id = await widget.getAttribute("data-prediction");
    expect(votes.data.find((v) => v.prediction_id === id)?.data.choice).toBe("away");

    await page.reload();
    await expect.poll(() => widget.getAttribute("data-chosen")).toBe("away");
    expect(await widget.getAttribute("data-prediction")).toBe(`match-${latest.id}`);
    expect(await widget.locator("[data-choice=away]").getAttribute("aria-pressed")).toBe("true");
    await context.close();
    writeSettings(dataDir, example);
  });

  it("the selection bar counts the slip's picks and opens it", async () => {
    const page = await browser.newPage({ viewport: MOBILE, isMobile: true });
    await homeWithLiveData(page);
    const bar = page.locator("main [data-block=mobile-selection-bar] [data-count]");
    expect(await bar.getAttribute("data-count")).toBe("0");
    // any open price of the home page's blocks: one match's markets may all be in a bet stop
    await page.locator("main [data-outcome]:not([disabled])").first().click();
    await expect.poll(() => bar.getAttribute("data-count")).toBe("1");
    // The first pick opened the slip; closed, the bar opens it again.
    const sheet = page.locator("[data-ticket-panel=sheet]");
    await sheet.locator("[data-selection]").waitFor();
    await sheet.locator("[data-action=toggle-slip]").click();
    expect(await sheet.locator("[data-selection]").count()).toBe(0);
    await bar.locator("[data-action=bet-slip]").click();
    await expect.poll(() => sheet.locator("[data-selection]").count()).toBe(1);
    await page.close();
  });
});
