import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { demoAdmin, enrol, screenshot, signIn } from "./staff";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

describe("the promotions desk", { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("marketing creates a bonus in English and German that players see on /promotions in both, without a restart; bad input is shown", async () => {
    const adminPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(adminPage, base, demoAdmin(base, dataDir));
    const stamp = Date.now();
    const { page } = await enrol(base, browser, adminPage, `promo${stamp}@staff.test`, "marketing");

    await page.getByRole("navigation").getByRole("link", { name: "Promotions" }).click();
    // the demo set is listed, imported from the seed file
    await expect.poll(() => page.locator("tr[data-key='welcome-freebet']").count()).toBe(1);
    await screenshot(page, "promotions");
    await page.getByRole("link", { name: "New bonus" }).click();
    const form = page.getByRole("form", { name: "New bonus" });
    const key = `derby-${stamp}`;
    const code = `DERBY${String(stamp).slice(-6)}`;
    await form.getByLabel(/^Key/).fill(key);
    await form.getByLabel(/^Kind/).selectOption("freebet");
    await form.getByLabel("Name (en)").fill(`Derby freebet ${stamp}`);
    await form.getByLabel("Name (de)").fill(`Derby-Gratiswette ${stamp}`);
    await form.getByLabel("Description (en)").fill("A free bet of 5 for the derby.");
    await form.getByLabel("Description (de)").fill("Eine Gratiswette über 5 zum Derby.");
    await form.getByLabel(/^Issued by/).selectOption("promo_code");
    await form.getByLabel(/^Promo code/).fill(code);
    await form.getByLabel(/^Valid to/).fill("2030-01-01T00:00");

    // the player's card beside the form follows the language picked
    const preview = page.getByRole("complementary", { name: "Preview" });
    await expect
      .poll(() => preview.locator("[data-bonus-name]").textContent())
      .toBe(`Derby freebet ${stamp}`);
    await preview.getByLabel("Preview language").selectOption("de");
    await expect
      .poll(() => preview.locator("[data-bonus-name]").textContent())
      .toBe(`Derby-Gratiswette ${stamp}`);
    await preview.getByLabel("Preview language").selectOption("tr");
    await expect
      .poll(() => preview.locator("[data-bonus-name]").textContent())
      .toBe(`Derby freebet ${stamp}`);

    // a bad input is refused with the field named, and nothing is written
    await form.getByLabel(/^Valid from/).fill("2031-01-01T00:00");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toContain("valid_to: after valid_from");
    await expect.poll(() => form.locator("label[data-invalid]").count()).toBeGreaterThan(0);
    await screenshot(page, "promotion-form-refused");
    await form.getByLabel(/^Valid from/).fill("");
    await form.getByLabel(/^Terms \(JSON\)/).fill("{ not json");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toContain("terms: Not valid JSON");
    await form.getByRole("button", { name: "Fill in the kind's template" }).click();

    await form.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${base}/backoffice/promotions`);
    await expect.poll(() => page.locator(`tr[data-key='${key}']`).getAttribute("data-phase")).toBe("running");

    // the player pages, in English and in German, list it at once
    const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await visitor.goto(`${base}/promotions`);
    await expect
      .poll(() => visitor.locator("[data-bonus-name]", { hasText: `Derby freebet ${stamp}` }).count())
      .toBe(1);
    await visitor.goto(`${base}/de/promotions`);
    await expect
      .poll(() => visitor.locator("[data-bonus-name]", { hasText: `Derby-Gratiswette ${stamp}` }).count())
      .toBe(1);
    // and the demo set is German there too
    expect(await visitor.locator("[data-bonus-name]", { hasText: "Willkommens-Gratiswette" }).count()).toBe(
      1,
    );

    // an edit shows at once; a code another bonus holds is refused
    await page.locator(`tr[data-key='${key}'] a`).click();
    const edit = page.getByRole("form", { name: "Edit bonus" });
    await expect.poll(() => edit.getByLabel("Name (de)").inputValue()).toBe(`Derby-Gratiswette ${stamp}`);
    await edit.getByLabel(/^Promo code/).fill("WELCOME10");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => edit.getByRole("alert").textContent()).toContain("promo code");
    await edit.getByLabel(/^Promo code/).fill(code);
    await edit.getByLabel("Name (de)").fill(`Derby-Gratiswette neu ${stamp}`);
    await edit.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${base}/backoffice/promotions`);
    await visitor.goto(`${base}/de/promotions`);
    await expect
      .poll(() => visitor.locator("[data-bonus-name]", { hasText: `Derby-Gratiswette neu ${stamp}` }).count())
      .toBe(1);

    // ending it takes it off the running list
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: `End now ${key}` }).click();
    await expect.poll(() => page.locator(`tr[data-key='${key}']`).getAttribute("data-phase")).toBe("ended");
    await visitor.goto(`${base}/promotions`);
    expect(await visitor.locator("[data-bonus-name]", { hasText: `Derby freebet ${stamp}` }).count()).toBe(0);

    // the change is in the audit log, for the admin to read
    await adminPage.goto(`${base}/backoffice/audit`);
    await expect.poll(() => adminPage.getByText("promotion.bonus_created").count()).toBeGreaterThan(0);
  });
});
