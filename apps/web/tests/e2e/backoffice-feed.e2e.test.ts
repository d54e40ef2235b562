import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { demoAdmin, enrol, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

interface FeedHealthJson {
  data: {
    runs_feed: boolean;
    providers: {
      provider: string;
      producers: { producer: number; status: string; messages_per_minute: number | null }[];
    }[];
  };
}

describe("the feed's health in the back office", { timeout: 240_000 }, () => {
  let browser: Browser;
  let adminPage: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(adminPage, base, demoAdmin(base, dataDir));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a trader sees each producer up with the messages the feed applies", async () => {
    const { page: trader } = await enrol(base, browser, adminPage, `feed${Date.now()}@staff.test`, "trader");
    await trader.getByRole("navigation").getByRole("link", { name: "Feed health" }).click();
    await trader.getByRole("heading", { name: "Feed health", level: 1 }).waitFor();

    // The simulator's feed runs on this node: some producer is up and has applied messages lately.
    await expect
      .poll(
        async () => {
          const res = await trader.request.get(`${base}/api/backoffice/feed`);
          const body = (await res.json()) as FeedHealthJson;
          return body.data.providers.flatMap((p) =>
            p.producers
              .filter((r) => r.status === "up" && (r.messages_per_minute ?? 0) > 0)
              .map((r) => ({ provider: p.provider, producer: r.producer })),
          );
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .not.toEqual([]);
    const body = (await (await trader.request.get(`${base}/api/backoffice/feed`)).json()) as FeedHealthJson;
    expect(body.data.runs_feed).toBe(true);
    const busy = body.data.providers.find((p) =>
      p.producers.some((r) => r.status === "up" && (r.messages_per_minute ?? 0) > 0),
    );
    if (!busy) throw new Error("no producer applied messages");

    // The page shows the same: the provider's table with an up producer and its messages per minute.
    const table = trader.getByRole("table", { name: `Feed health ${busy.provider}` });
    await expect
      .poll(
        async () => {
          const rows = await table.getByRole("row").allTextContents();
          return rows.some((r) => r.includes("Up") && !r.includes("Under way"));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const header = await table.getByRole("columnheader").allTextContents();
    expect(header).toEqual([
      "Producer",
      "Kind",
      "Status",
      "Last alive",
      "Last message",
      "Recovery",
      "Messages per minute",
      "Lag (ms)",
    ]);
    const perMinute = header.indexOf("Messages per minute");
    await expect
      .poll(
        async () => {
          for (const row of await table.getByRole("row").all()) {
            const cells = await row.getByRole("cell").allTextContents();
            // the row header is the producer, so the cells start at the kind
            const n = Number((cells[perMinute - 1] ?? "").replace(/[^\d]/g, ""));
            if (n > 0) return true;
          }
          return false;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect
      .poll(() => trader.getByRole("region", { name: busy.provider }).getByText("Last refusal:").count())
      .toBe(1);
    await screenshot(trader, "feed");
  });

  it("keeps support out of the feed's health", async () => {
    const support = await enrol(base, browser, adminPage, `feedsupport${Date.now()}@staff.test`, "support");
    expect(
      await support.page.getByRole("navigation").getByRole("link", { name: "Feed health" }).count(),
    ).toBe(0);
    await support.page.goto(`${base}/backoffice/feed`);
    await expect
      .poll(() =>
        support.page.getByRole("alert").filter({ hasText: "Your role does not open this page." }).count(),
      )
      .toBe(1);
    expect(await support.page.getByRole("heading", { name: "Feed health" }).count()).toBe(0);
    const res = await support.page.request.get(`${base}/api/backoffice/feed`);
    expect(res.status()).toBe(403);
  });
});
