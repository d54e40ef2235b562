import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe";
import { DESKTOP, launchChromium, MOBILE } from "./browser";
import { csrfOf, fund, type MainMarketRow, placeMainSingle, signedInPlayer } from "./players";

const base = inject("baseUrl");

/** Places a single of `stake` on the first prematch soccer match that takes it. */
async function placeOneSingle(context: BrowserContext, stake: number) {
  const list = (await (
    await fetch(`${base}/api/matches?sport_key=soccer&match_status=0&limit=30`)
  ).json()) as {
    data: MainMarketRow[];
  };
  for (const m of list.data) if ((await placeMainSingle(base, context, m, stake)) > 0) return;
  throw new Error("no prematch soccer match took the bet");
}

/** Sets a limit through the API, as the limits page does. */
async function limit(context: BrowserContext, body: object) {
  const res = await context.request.post(`${base}/api/player/limits`, {
    headers: { "x-csrf-token": await csrfOf(context) },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

describe("responsible gambling in the browser (SPEC §4 limits, §5, §8 out of limit, §9)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a stricter limit applies at once, a looser one waits and can be withdrawn; bad input is refused by the field", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    // a step that never completes fails naming its locator, within the test's own timeout
    context.setDefaultTimeout(30_000);
    await signedInPlayer(base, context);
    const page = await context.newPage();
    await page.goto(`${base}/profile/limits`);
    const form = page.locator("main form");
    await form.locator("select[name=type]").selectOption("deposit");
    await form.locator("input[name=value]").fill("50");
    await form.locator("select[name=period]").selectOption("week");
    await form.locator("[data-action=set-limit]").click();
    const deposit = page.locator("main [data-limit=deposit]");
    await expect.poll(() => deposit.first().getAttribute("data-status")).toBe("active");
    expect(await deposit.first().innerText()).toContain("€50.00");

    // Looser: it waits for the waiting time and the player's confirmation, and can be withdrawn.
    await form.locator("input[name=value]").fill("500");
    await form.locator("[data-action=set-limit]").click();
    const waiting = page.locator("main [data-limit=deposit][data-status=unconfirmed]");
    await waiting.waitFor();
    expect(await waiting.locator("[data-action=confirm-limit]").count()).toBe(1);
    await waiting.locator("[data-action=withdraw-change]").click();
    await expect.poll(() => waiting.count()).toBe(0);
    expect(await deposit.count()).toBe(1);

    // Bad input stays where it was typed, with the reason beside the field.
    await form.locator("input[name=value]").fill("abc");
    await form.locator("[data-action=set-limit]").click();
    await form.locator("[data-refusal]").waitFor();
    expect(await form.locator("input[name=value]").inputValue()).toBe("abc");
    expect(await form.locator("input[name=value]").getAttribute("aria-invalid")).toBe("true");

    expect(await seriousViolations(page, "main")).toEqual([]);
    await context.close();
  });

  it("the reality check appears and continue keeps the session; a reached session limit signs out with its modal", async () => {
    // Both limits are a minute, the least there is; the two players wait side by side.
    const [checked, limited] = await Promise.all([
      browser.newContext({ viewport: DESKTOP }),
      browser.newContext({ viewport: DESKTOP }),
    ]);
    await signedInPlayer(base, checked);
    await signedInPlayer(base, limited);
    await limit(checked, { type: "reality_check", value: 60 });
    // a lost bet of the session, which the reality check tells beside the time
    await fund(base, checked, 10_00);
    await placeOneSingle(checked, 2_00);
    await limit(limited, { type: "session", value: 60 });
    const [a, b] = await Promise.all([checked.newPage(), limited.newPage()]);
    await Promise.all([a.goto(`${base}/live`), b.goto(`${base}/live`)]);

    const reality = a.locator("dialog[data-modal=reality-check]");
    const outOfLimit = b.locator("dialog[data-modal=out-of-session-limit]");
    await Promise.all([reality.waitFor({ timeout: 150_000 }), outOfLimit.waitFor({ timeout: 150_000 })]);

    expect(await reality.innerText()).toMatch(/playing for \d+ minute/);
    expect(await reality.getByText("This session you have lost €2.00 on your bets.").count()).toBe(1);
    await reality.locator("[data-action=reality-continue]").click();
    await expect.poll(() => reality.count()).toBe(0);
    expect(await a.locator("header [data-action=sign-out]").count()).toBe(1);
    const info = await checked.request.get(`${base}/api/player/sessions/info`);
    expect(info.ok()).toBe(true);
    expect(
      ((await info.json()) as { data: { reality_check: { is_due: boolean } } }).data.reality_check.is_due,
    ).toBe(false);

    expect(await outOfLimit.innerText()).toContain("session limit");
    await b.locator("header [data-action=sign-in]").waitFor();
    expect((await limited.request.get(`${base}/api/player`)).status()).toBe(401);
    await Promise.all([checked.close(), limited.close()]);
  }, 240_000);
});
