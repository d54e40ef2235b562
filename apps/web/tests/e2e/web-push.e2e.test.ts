import {
  browserKeys,
  decryptPush,
  type PushServiceStandIn,
  startPushService,
  verifyVapid,
} from "@sportsbook/contracts/testing/push-service";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startApp } from "./app";
import { DESKTOP, launchChromium } from "./browser";
import { csrfOf, fund, type MainMarketRow, placeMainSingle, signedInPlayer } from "./players";

/**
 * Web Push on an app of its own that may push to a push service stand-in on this machine
 * (PUSH_LOOPBACK_HTTP) and whose matches run 60 times faster, so a bet settles within the test.
 *
 * The repository's Chromium is a headless shell: it answers every notification permission
 * "denied", whatever the context grants, so `pushManager.subscribe` cannot succeed in it and it has
 * no push service to reach anyway. The browser half is therefore proven up to the opt-in, the
 * permission answer and the service worker's registration; the server half with the subscription a
 * browser would hand over, made by the stand-in with real P-256 keys and posted with the player's
 * session to the same API call the page makes.
 */
describe("Web Push of a player's notifications (SPEC §1 push notifications)", () => {
  let app: RunningApp;
  let browser: Browser;
  let service: PushServiceStandIn;
  beforeAll(async () => {
    service = await startPushService();
    [app, browser] = await Promise.all([
      startApp({ FEED_SPEED: "60", PUSH_LOOPBACK_HTTP: "on" }),
      launchChromium(),
    ]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await service?.close();
  });

  it("the profile offers the opt-in, says when the browser blocks it, and the worker serves the site", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(["notifications"], { origin: app.baseUrl });
    await signedInPlayer(app.baseUrl, context);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/profile`);
    const section = page.locator("main [data-section=push]");
    await section.waitFor();
    expect(await section.locator("h2").innerText()).toBe("Push notifications");
    // this browser refuses notifications outright: the toggle cannot be turned on, and says why
    await expect.poll(() => section.getAttribute("data-push")).toBe("denied");
    expect(await section.locator("[data-action=push-toggle]").isDisabled()).toBe(true);
    expect(await section.locator("[role=status]").innerText()).toContain(
      "Notifications are blocked for this site",
    );
    // the service worker the opt-in registers: allowed by the pages' policy, scope the whole site
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const ready = await navigator.serviceWorker.ready;
      return { scope: registration.scope, active: ready.active?.scriptURL ?? null };
    });
    expect(registered).toEqual({ scope: `${app.baseUrl}/`, active: `${app.baseUrl}/sw.js` });
    // and the key the page subscribes with
    const key = (await (await context.request.get(`${app.baseUrl}/api/push/key`)).json()) as {
      data: { public_key: string };
    };
    expect(key.data.public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    await context.close();
  }, 120_000);

  it("a bet settled by the feed reaches the player's subscribed browser through its push service", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedInPlayer(app.baseUrl, context);
    await fund(app.baseUrl, context, 10_00);
    const key = (
      (await (await context.request.get(`${app.baseUrl}/api/push/key`)).json()) as {
        data: { public_key: string };
      }
    ).data.public_key;
    const phone = browserKeys();
    const endpoint = `${service.url}/push/e2e-${Date.now()}`;
    const subscribed = await context.request.post(`${app.baseUrl}/api/push/subscriptions`, {
      headers: { "x-csrf-token": await csrfOf(context) },
      data: { endpoint, expirationTime: null, keys: phone.keys },
    });
    expect(subscribed.status()).toBe(200);
    // a player cannot aim the server at the operator's own network
    const inside = await context.request.post(`${app.baseUrl}/api/push/subscriptions`, {
      headers: { "x-csrf-token": await csrfOf(context) },
      data: { endpoint: "https://169.254.169.254/latest/meta-data", keys: phone.keys },
    });
    expect(inside.status()).toBe(400);

    // The live soccer match nearest its end, so it finishes within the test; prices move while the
    // bet is sent, so a refused bet is tried again on a fresh read.
    const betOnLateLiveMatch = async (): Promise<number> => {
      const live = (await (
        await fetch(`${app.baseUrl}/api/matches?match_status=1&sport_key=soccer&limit=100`)
      ).json()) as { data: (MainMarketRow & { statistics: { clock?: { match_time?: string | null } } })[] };
      const minute = (m: (typeof live.data)[number]) =>
        Number((m.statistics.clock?.match_time ?? "0").split(":")[0]);
      for (const m of live.data.sort((a, b) => minute(b) - minute(a))) {
        const id = await placeMainSingle(app.baseUrl, context, m, 1_00);
        if (id) return id;
      }
      return 0;
    };
    let betId = 0;
    await expect
      .poll(
        async () => {
          betId = await betOnLateLiveMatch();
          return betId;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);

    const path = new URL(endpoint).pathname;
    const settled = async () => {
      for (const r of service.received.filter((r) => r.path === path)) {
        const message = JSON.parse(decryptPush(r.body, phone)) as { type: string; tag: string };
        if (message.type === "bet_settled" && message.tag === `bet-${betId}`) return r;
      }
      return undefined;
    };
    await expect.poll(settled, { timeout: 180_000, interval: 1_000 }).toBeDefined();
    const push = await settled();
    if (!push) throw new Error("no push for the settled bet");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(verifyVapid(push.headers.authorization, key, service.url).sub).toMatch(/^mailto:/);
    expect(JSON.parse(decryptPush(push.body, phone))).toMatchObject({
      type: "bet_settled",
      title: `Bet #${betId} settled`,
      url: "/my-bets",
    });
    // the in-app notification it mirrors
    const list = (await (await context.request.get(`${app.baseUrl}/api/notifications`)).json()) as {
      data: { type: string; object_id: string | null }[];
    };
    expect(list.data.some((n) => n.type === "bet_settled" && n.object_id === String(betId))).toBe(true);

    // opting out is the same call the page makes with the endpoint it gives up
    const optOut = await context.request.delete(`${app.baseUrl}/api/push/subscriptions`, {
      headers: { "x-csrf-token": await csrfOf(context) },
      data: { endpoint },
    });
    expect(optOut.status()).toBe(200);
    await context.close();
  }, 240_000);
});
