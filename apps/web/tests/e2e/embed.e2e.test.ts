import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { type HostPage, serveHostPage } from "./host";
import { fund, signedInPlayer } from "./players";
import { removeSettings, writeSettings } from "./settings";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

type Received = { origin: string; type: string; payload: Record<string, unknown> };

/** What the host page heard from the sportsbook, in order. */
const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: Received[] }).received);

describe("embedded in a host platform on another origin (SPEC §7 window messages)", () => {
  let browser: Browser;
  let host: HostPage;
  beforeAll(async () => {
    browser = await launchChromium();
    // The host keeps the frame as tall as the sportsbook says its page is; it starts shorter than any
    // page (the about page is about 300 px tall at 900 px).
    host = await serveHostPage(`<!doctype html><title>host</title>
<iframe id="sb" src="${base}/about" width="900" height="150"></iframe>
<script>
window.received = [];
addEventListener("message", (e) => {
  if (!e.data || e.data.source !== "sportsbook") return;
  window.received.push({ origin: e.origin, type: e.data.type, payload: e.data.payload });
  if (e.data.type === "page-size-changed") document.getElementById("sb").height = String(e.data.payload.height);
});
</script>`);
    writeSettings(dataDir, { platform: { origins: [host.origin] } });
    // the page server reads the document on its next request
    for (let i = 0; i < 50; i++) {
      const policy = (await fetch(`${base}/about`)).headers.get("content-security-policy") ?? "";
      if (policy.includes(host.origin)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("the settings naming the host were not taken up");
  });
  afterAll(async () => {
    removeSettings(dataDir);
    await host?.close();
    await browser?.close();
  });

  it("says it is ready, which page it shows and how tall it is, and the host sizes the frame", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(host.origin);
    await expect
      .poll(async () => (await received(page)).map((m) => m.type))
      .toEqual(expect.arrayContaining(["initialized", "page-loaded", "page-size-changed"]));
    const messages = await received(page);
    expect(new Set(messages.map((m) => m.origin))).toEqual(new Set([new URL(base).origin]));
    expect(messages.find((m) => m.type === "initialized")?.payload).toEqual({ locale: "en" });
    expect(messages.find((m) => m.type === "page-loaded")?.payload).toEqual({ path: "/about" });
    const size = messages.filter((m) => m.type === "page-size-changed").at(-1)?.payload as { height: number };
    expect(size.height).toBeGreaterThan(150);
    await expect.poll(() => page.locator("#sb").getAttribute("height")).toBe(String(size.height));
    await page.close();
  });

  it("follows the host's locale, page and bet-slip messages, and ignores malformed ones", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(host.origin);
    await expect.poll(async () => (await received(page)).map((m) => m.type)).toContain("initialized");
    const send = (message: unknown) =>
      page.evaluate(
        ([m, to]) =>
          (document.getElementById("sb") as HTMLIFrameElement).contentWindow?.postMessage(m, to as string),
        [message, base] as const,
      );
    const frame = page.frameLocator("#sb");

    await send({ type: "change_locale", payload: { locale: "de" } });
    await expect.poll(() => frame.locator("html").getAttribute("lang")).toBe("de");
    await expect
      .poll(async () =>
        (await received(page)).filter((m) => m.type === "initialized").map((m) => m.payload.locale),
      )
      .toEqual(["en", "de"]);

    await send({ type: "page_changed", payload: { path: "/general-rules" } });
    await expect
      .poll(async () => (await received(page)).filter((m) => m.type === "page-loaded").at(-1)?.payload.path)
      .toBe("/general-rules");
    expect(await frame.locator("[data-page]").count()).toBeGreaterThan(0);

    // A malformed message changes nothing.
    await send({ type: "change_locale", payload: { locale: "../../etc" } });
    await send({ type: "page_changed", payload: { path: "//evil.example/" } });
    await expect.poll(() => frame.locator("html").getAttribute("lang")).toBe("de");

    // The frame is narrower than the docked slip's breakpoint: the host opens the slip's sheet.
    await send({ type: "open_bet_slip", payload: { tab: "BET_SLIP" } });
    await frame.locator("[data-ticket-panel=sheet][data-open]").waitFor();
    await page.close();
  });

  it("tells the host a signed-in player's balance", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    await fund(base, context, 12_34);
    const page = await context.newPage();
    await page.goto(host.origin);
    await expect
      .poll(async () => (await received(page)).filter((m) => m.type === "balance-changed").at(-1)?.payload)
      .toEqual({ currency: "EUR", balance: 12_34 });
    await context.close();
  });

  const sendTo = (page: Page) => (message: unknown) =>
    page.evaluate(
      ([m, to]) =>
        (document.getElementById("sb") as HTMLIFrameElement).contentWindow?.postMessage(m, to as string),
      [message, base] as const,
    );

  it("hands sign-in to a host that listens, and tells it of top-event clicks", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(host.origin);
    await expect.poll(async () => (await received(page)).map((m) => m.type)).toContain("initialized");
    const send = sendTo(page);
    const frame = page.frameLocator("#sb");
    await send({ type: "page_changed", payload: { path: "/" } });
    await frame.locator('[data-list="top-events"] [data-match]').first().waitFor();
    await send({ type: "iframe_integration", payload: { listeners: ["sign-in", "deposit"] } });
    await frame.locator("header [data-action=sign-in][data-route=host]").click();
    await expect.poll(async () => (await received(page)).map((m) => m.type)).toContain("sign-in");
    expect(await frame.locator("dialog[open]").count()).toBe(0);

    const card = frame.locator('[data-list="top-events"] [data-match]').first();
    const matchId = Number(await card.getAttribute("data-match"));
    await card.locator("a").first().click();
    await expect
      .poll(async () => (await received(page)).find((m) => m.type === "top-event-clicked")?.payload)
      .toEqual({ matchId });
    await page.close();
  });

  it("opens its own modal where the host does not listen, says so, and places it where the host shows the frame", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(host.origin);
    await expect.poll(async () => (await received(page)).map((m) => m.type)).toContain("initialized");
    const frame = page.frameLocator("#sb");
    await sendTo(page)({ type: "viewport", payload: { width: 900, height: 400, top: 500 } });
    await frame.locator("html[data-host-viewport]").waitFor();
    await frame.locator("header [data-action=sign-in]").click();
    const dialog = frame.locator("dialog[open][data-modal]");
    await dialog.waitFor();
    await expect
      .poll(async () => (await received(page)).find((m) => m.type === "notify-modal-triggered")?.payload)
      .toEqual({ modal: "sign_in" });
    const box = await dialog.evaluate((d) => d.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.top).toBe(516);
    expect(box.height).toBeLessThanOrEqual(368);
    await page.close();
  });

  it("with accounts kept by the host, offers sign-in only through a host that listens", async () => {
    writeSettings(dataDir, { platform: { origins: [host.origin], accounts: "host" } });
    const alone = await browser.newPage({ viewport: DESKTOP });
    await expect
      .poll(async () => {
        await alone.goto(`${base}/about`);
        return alone.locator("header [data-action=sign-in]").isDisabled();
      })
      .toBe(true);
    // the hash that would open the modal opens nothing
    await alone.goto(`${base}/about#sign-in`);
    await alone.locator("header [data-action=sign-in][disabled]").waitFor();
    expect(await alone.locator("dialog[open]").count()).toBe(0);
    await alone.close();

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(host.origin);
    await expect.poll(async () => (await received(page)).map((m) => m.type)).toContain("initialized");
    const button = page.frameLocator("#sb").locator("header [data-action=sign-in]");
    expect(await button.isDisabled()).toBe(true);
    await sendTo(page)({ type: "iframe_integration", payload: { listeners: ["sign-in"] } });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(async () => (await received(page)).map((m) => m.type)).toContain("sign-in");
    await page.close();
    writeSettings(dataDir, { platform: { origins: [host.origin] } });
  });

  it("in mobile-app mode, chosen by a link and remembered, shows no consent banner and no floating widgets", async () => {
    const widgets = [
      { kind: "modal", text: "House rules", body: "Bets stand at the confirmed price." },
      { kind: "speed-dial", text: "Shortcuts" },
      { kind: "chat-toggle" },
    ];
    writeSettings(dataDir, {
      platform: { origins: [host.origin] },
      chat: { type: "frame", url: "/examples/chat.html?room={id}" },
      layout: { footer: widgets },
    });
    const floating = (page: Page) =>
      page
        .locator(
          "footer [data-block=speed-dial] details, footer [data-block=chat-toggle] [data-action=chat], footer [data-block=modal] dialog",
        )
        .count();
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await expect
      .poll(async () => {
        await page.goto(`${base}/about`);
        return floating(page);
      })
      .toBe(3);
    expect(await page.locator("section[data-consent]").count()).toBe(1);

    await page.goto(`${base}/about?mobileApp=1`);
    expect(await floating(page)).toBe(0);
    expect(await page.locator("section[data-consent]").count()).toBe(0);
    // remembered on the next page without the parameter, until a link leaves the mode
    await page.goto(`${base}/general-rules`);
    expect(await floating(page)).toBe(0);
    await page.goto(`${base}/general-rules?mobileApp=0`);
    expect(await floating(page)).toBe(3);
    await context.close();
    writeSettings(dataDir, { platform: { origins: [host.origin] } });
  });

  it("sends visitors outside the configured user group to the platform's front end", async () => {
    writeSettings(dataDir, {
      platform: { origins: [host.origin] },
      userGroup: { statuses: ["beta"], redirectUrl: `${host.origin}/` },
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    await expect
      .poll(async () => {
        await page.goto(`${base}/about`);
        await page.waitForURL(`${host.origin}/`, { timeout: 5_000 }).catch(() => undefined);
        return new URL(page.url()).origin;
      })
      .toBe(host.origin);
    await page.close();
    writeSettings(dataDir, { platform: { origins: [host.origin] } });
  });

  it("ignores, and logs, messages from an origin that is not an allowed platform", async () => {
    // A foreign page inside the allowed host's page tries to drive the sportsbook's frame.
    const foreign = await serveHostPage(`<!doctype html><script>
setInterval(() => parent.frames[0].postMessage({ type: "change_locale", payload: { locale: "de" } }, "*"), 200);
</script>`);
    const both = await serveHostPage(`<!doctype html><iframe id="sb" src="${base}/about"></iframe>
<iframe src="${foreign.origin}"></iframe>`);
    writeSettings(dataDir, { platform: { origins: [host.origin, both.origin] } });
    const page = await browser.newPage({ viewport: DESKTOP });
    const ignored: string[] = [];
    page.on("console", (m) => {
      if (m.text().includes("window message ignored")) ignored.push(m.text());
    });
    try {
      await expect
        .poll(async () => {
          await page.goto(both.origin);
          await page.frameLocator("#sb").locator("[data-page]").waitFor();
          return page.frameLocator("#sb").locator("html").getAttribute("lang");
        })
        .toBe("en");
      await expect.poll(() => ignored.length).toBeGreaterThan(2);
      expect(ignored[0]).toContain(`(origin) from ${foreign.origin}`);
      expect(await page.frameLocator("#sb").locator("html").getAttribute("lang")).toBe("en");
    } finally {
      await page.close();
      await both.close();
      await foreign.close();
      writeSettings(dataDir, { platform: { origins: [host.origin] } });
    }
  });
});
