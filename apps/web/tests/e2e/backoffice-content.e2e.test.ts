import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { demoAdmin, enrol, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

const SLUG = "e2e-autumn-news";
const TITLE = "Autumn news from the desk";

/** What a visitor without any preview sees at the custom page's address: its title, or nothing. */
async function visitorTitle(page: Page): Promise<string | null> {
  const res = await page.goto(`${base}/${SLUG}`);
  if (res?.status() === 404) return null;
  return page.locator("main h1").first().textContent();
}

describe("site content: draft, preview, publish and roll back", { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a marketing member previews a new custom page at desktop and phone width, publishes it and rolls it back", async () => {
    const adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(adminPage, base, demoAdmin(base, dataDir));
    const { page } = await enrol(
      base,
      browser,
      adminPage,
      `content-${Date.now()}@staff.example`,
      "marketing",
    );
    const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    expect(await visitorTitle(visitor)).toBeNull();

    await page.getByRole("navigation").getByRole("link", { name: "Content" }).click();
    await expect.poll(() => page.getByText(/Editing a copy of version \d+/).count()).toBe(1);
    const before = Number(
      (await page.getByText(/Editing a copy of version \d+/).textContent())?.match(/\d+/)?.[0],
    );
    const editor = page.getByLabel("Document (JSON)");

    // A mistake is shown by its path as it is typed, and the server refuses it the same way.
    await editor.fill(
      JSON.stringify({ theme: "purple", customPages: [{ slug: "Bad Slug", title: "x", blocks: [] }] }),
    );
    const problems = page.locator("[data-problems=editor]");
    await expect.poll(() => problems.textContent()).toContain("theme:");
    expect(await problems.textContent()).toContain("customPages.0.slug:");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("theme:");

    // A valid draft: a custom page, its title then changed in the structured field.
    await editor.fill(
      JSON.stringify({
        customPages: [
          { slug: SLUG, title: "First title", blocks: [{ kind: "text", text: "Fresh content" }] },
        ],
      }),
    );
    await expect.poll(() => page.getByText("The document is valid.").count()).toBe(1);
    await page.getByLabel(`Title of custom page /${SLUG}`).fill(TITLE);
    expect(JSON.parse(await editor.inputValue()).customPages[0].title).toBe(TITLE);
    await page.locator("input[name=note]").fill("autumn campaign");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => page.locator("output.bo-ok").textContent()).toMatch(/Draft saved as version \d+/);
    const draftId = Number((await page.locator("output.bo-ok").textContent())?.match(/\d+/)?.[0]);
    expect(draftId).toBeGreaterThan(before);

    // The preview: the real page, rendered with the draft, at a desktop's and a phone's width.
    await page.locator("input[name=preview_path]").fill(`/${SLUG}`);
    await page.getByRole("button", { name: "Show preview" }).click();
    const frame = page.frameLocator(`iframe[title="Preview of version ${draftId}"]`);
    await expect.poll(() => frame.locator("main h1").first().textContent()).toBe(TITLE);
    expect(await page.locator("iframe[data-viewport=desktop]").getAttribute("width")).toBe("1366");
    await screenshot(page, "content-preview-desktop");
    await page.getByLabel("Phone 390").check();
    await page.getByRole("button", { name: "Show preview" }).click();
    expect(await page.locator("iframe[data-viewport=phone]").getAttribute("width")).toBe("390");
    await expect.poll(() => frame.locator("main h1").first().textContent()).toBe(TITLE);
    const phoneWidth = await frame.locator("body").evaluate(() => window.innerWidth);
    expect(phoneWidth).toBeLessThanOrEqual(390);
    await screenshot(page, "content-preview-phone");
    // Only the draft's preview shows it: a visitor still gets no such page.
    expect(await visitorTitle(visitor)).toBeNull();

    // Published: every visitor sees it, without a restart.
    await page.getByRole("button", { name: `Publish this draft (${draftId})` }).click();
    await expect
      .poll(() => page.locator("output.bo-ok").textContent())
      .toBe(`Published: the pages show version ${draftId}`);
    await expect.poll(() => visitorTitle(visitor)).toBe(TITLE);
    // published once, it is no draft any more: only a rollback could publish it again
    expect(await page.getByRole("button", { name: /Publish this draft/ }).count()).toBe(0);
    await expect.poll(() => page.locator(`tr[data-version="${draftId}"]`).textContent()).toContain("Live");
    await screenshot(page, "content-published");

    // Rolled back to the version shown before: the page is gone again, and the history keeps both.
    await page
      .locator(`tr[data-version="${before}"]`)
      .getByRole("button", { name: "Roll back to this" })
      .click();
    await expect.poll(() => page.locator("output.bo-ok").textContent()).toContain("Rolled back");
    await expect.poll(() => visitorTitle(visitor)).toBeNull();
    const rows = page.locator("table[aria-label=Versions] tbody tr");
    await expect.poll(() => rows.first().textContent()).toContain(`Rollback to version ${before}`);
    expect(await page.locator(`tr[data-version="${draftId}"]`).getAttribute("data-status")).toBe("published");

    // Every step is in the audit log.
    await adminPage.goto(`${base}/backoffice/audit`);
    for (const action of [
      "content.draft_saved",
      "content.previewed",
      "content.published",
      "content.rolled_back",
    ])
      await expect.poll(() => adminPage.locator("main").textContent(), { message: action }).toContain(action);
  });
});
