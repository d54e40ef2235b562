import type { Browser, BrowserContext, Response, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { csrfOf, signedInPlayer } from "./players";

const base = inject("baseUrl");

/** Ends the context's session on the server, as a sign-out elsewhere does; the browser keeps its cookies. */
async function endSessionElsewhere(context: BrowserContext): Promise<void> {
  const cookie = (await context.cookies())
    .filter((c) => c.name === "sb_session" || c.name === "sb_csrf")
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  const res = await fetch(`${base}/api/player/logout`, {
    method: "POST",
    headers: { cookie, "x-csrf-token": await csrfOf(context) },
  });
  if (!res.ok) throw new Error(`logout answered ${res.status}`);
}

/**
 * SPEC §5 realtime: a connection token refused for an ended session (401) ends the connection for
 * good instead of connecting anonymously, the page shows the signed-out state, and the API clears
 * the ended session's cookies so the next page is a visitor's for real.
 */
describe("a session ended on the server", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("signs the page out and leaves the realtime connection closed, not anonymous, until a visitor's page", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/schedule?sport=soccer`);
    await page.locator("header [data-header-account][data-auth=logged_in]").waitFor();
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });

    await endSessionElsewhere(context);
    // The page's other API calls wait until the realtime client has asked for its token with the
    // ended session, so that answer is the one that meets it first.
    const tokenAnswer = new Promise<Response>((resolve) =>
      page.on("response", async (r) => {
        if (new URL(r.url()).pathname !== "/api/websocket/token") return;
        // the reloaded page's request, made with the ended session's cookie; `headers()` may not
        // hold the cookie yet (Chromium reports it apart, and late on a busy machine): `allHeaders()`
        // waits for it
        const withSession = ((await r.request().allHeaders()).cookie ?? "").includes("sb_session=");
        if (withSession) resolve(r);
      }),
    );
    const otherCalls = (url: URL) =>
      url.pathname.startsWith("/api/") && url.pathname !== "/api/websocket/token";
    const heldUntilToken = async (route: Route) => {
      await tokenAnswer;
      await route.continue();
    };
    await page.route(otherCalls, heldUntilToken);
    const states: string[] = [];
    await page.exposeFunction("realtimeState", (s: string) => states.push(s));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const s = document.documentElement.dataset.realtime;
        if (s) (window as unknown as { realtimeState(s: string): void }).realtimeState(s);
      }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-realtime"] });
    });
    await page.reload();
    expect((await tokenAnswer).status()).toBe(401);
    // signed out, whichever call met the ended session first
    await page.locator("header [data-action=sign-in]").waitFor();
    expect(await page.locator("header [data-header-account]").count()).toBe(0);
    // the connection ended for good: it never came up as a visitor's under the signed-in page
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.realtime))
      .toBe("disconnected");
    expect(states).not.toContain("connected");
    // the API took the ended session's cookies away with its 401
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain("sb_session");
    expect(names).not.toContain("sb_csrf");

    await page.unroute(otherCalls, heldUntilToken);
    await page.reload();
    await page.waitForSelector("html[data-realtime=connected]", { timeout: 20_000 });
    await page.locator("header [data-action=sign-in]").waitFor();
    expect(await page.locator("dialog[data-modal=session-ended]").count()).toBe(0);
    await context.close();
  }, 120_000);
});
