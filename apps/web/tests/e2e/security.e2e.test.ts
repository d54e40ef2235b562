import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchChromium } from "./browser";
import { serveHostPage } from "./host";
import { removeSettings, writeSettings } from "./settings";

const base = inject("baseUrl");
const dataDir = inject("dataDir");

describe("pages under their Content-Security-Policy", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("every page answers with a nonce policy and the common security headers", async () => {
    for (const path of ["/", "/live", "/de/schedule", "/about", "/404"]) {
      const res = await fetch(`${base}${path}`);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'self'");
      // Sockets, images and frames from this origin only: the embedded default needs no other host.
      expect(csp, path).toContain("connect-src 'self';");
      expect(csp, path).toContain("img-src 'self' data: blob:;");
      expect(csp, path).toContain("frame-src 'self';");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy"), path).toContain("camera=()");
      // Each answer has its own nonce, on the scripts of that page.
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(await res.text(), path).toContain(`nonce="${nonce}"`);
    }
  });

  it("pages hydrate, go live and take a bet selection with no policy violation", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { reportViolation(v: string): void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      );
    });
    for (const path of ["/", "/live", "/schedule"]) {
      await page.goto(`${base}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.realtime === "connected");
    }
    const price = page.locator("[data-match-card] button[data-outcome]:not([disabled])").first();
    await price.click();
    await expect.poll(() => price.getAttribute("aria-pressed")).toBe("true");
    expect(violations).toEqual([]);
    await page.close();
  });

  it("a page on another origin cannot frame the site until the settings name that origin", async () => {
    // A host page on its own origin (another port) that frames the sportsbook's /about page.
    const host = await serveHostPage(
      `<!doctype html><title>host</title><iframe src="${base}/about" width="800" height="600"></iframe>`,
    );
    const hostOrigin = host.origin;
    const framedPage = async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      const blocked: string[] = [];
      page.on("console", (m) => {
        if (/frame-ancestors/.test(m.text())) blocked.push(m.text());
      });
      await page.goto(hostOrigin);
      const frame = page.frames().find((f) => f !== page.mainFrame());
      if (!frame) throw new Error("no frame");
      await frame.waitForLoadState();
      const shown = await frame.locator("[data-page]").count();
      await page.close();
      return { shown, blocked };
    };
    try {
      const refused = await framedPage();
      expect(refused.shown).toBe(0);
      expect(refused.blocked.join(" ")).toContain("frame-ancestors");

      writeSettings(dataDir, { platform: { origins: [hostOrigin] } });
      await expect
        .poll(async () => (await fetch(`${base}/about`)).headers.get("content-security-policy"))
        .toContain(`frame-ancestors 'self' ${hostOrigin}`);
      const allowed = await framedPage();
      expect(allowed.blocked).toEqual([]);
      expect(allowed.shown).toBe(1);
    } finally {
      removeSettings(dataDir);
      await host.close();
    }
  });
});
