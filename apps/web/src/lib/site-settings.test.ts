import { describe, expect, it } from "vitest";
import {
  BLOCK_KINDS,
  BLOCKS_AWAITING,
  blocksFor,
  DEFAULT_LAYOUT,
  pickText,
  siteSettingsSchema,
} from "./site-settings";

describe("site settings document", () => {
  it("an empty document gives the defaults: first locale is the default, locale omitted in URLs", () => {
    const s = siteSettingsSchema.parse({});
    expect(s.locales[0]).toBe("en");
    expect(s.localeInUrl).toBe(false);
    expect(s.theme).toBe("dark");
    expect(blocksFor(s, "header")).toBe(DEFAULT_LAYOUT.header);
  });

  it("knows every block kind of SPEC §2", () => {
    expect(BLOCK_KINDS).toHaveLength(44);
    expect(BLOCK_KINDS).toContain("navigation-top-leagues");
  });

  it("refuses a block whose content needs a part not built yet, naming the block and the part", () => {
    const r = siteSettingsSchema.safeParse({
      layout: { rightSidebarDesktop: [{ kind: "clock" }, { kind: "jackpot-card" }] },
      customPages: [{ slug: "promo", title: "Promo", blocks: [{ kind: "bonuses" }] }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      [
        "layout.rightSidebarDesktop.1.kind",
        'a "jackpot-card" block needs jackpots, which this sportsbook does not have yet',
      ],
      [
        "customPages.0.blocks.0.kind",
        'a "bonuses" block needs the bonus engine, which this sportsbook does not have yet',
      ],
    ]);
    for (const kind of Object.keys(BLOCKS_AWAITING))
      expect(siteSettingsSchema.safeParse({ layout: { home: [{ kind }] } }).success, kind).toBe(false);
    expect(Object.keys(BLOCKS_AWAITING)).not.toContain("clock");
  });

  it("a placement set in the document replaces the default layout", () => {
    const s = siteSettingsSchema.parse({ layout: { header: [{ kind: "clock" }] } });
    expect(blocksFor(s, "header")).toEqual([{ kind: "clock", mode: "tile", width: "default" }]);
  });

  it.each([
    [{ theme: "pink" }, "theme"],
    [{ locales: [] }, "locales"],
    [{ locales: ["not a locale"] }, "locales.0"],
    [{ layout: { header: [{ kind: "carousel" }] } }, "layout.header.0.kind"],
    [{ layout: { home: [{ kind: "menu-link", href: "javascript:alert(1)" }] } }, "layout.home.0.href"],
    [{ customPages: [{ slug: "Bad Slug", title: "x", blocks: [] }] }, "customPages.0.slug"],
  ])("rejects %j naming %s", (doc, path) => {
    const r = siteSettingsSchema.safeParse(doc);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toContain(path);
  });

  it("picks a localized text: exact, base language, English, any", () => {
    const t = { en: "Hello", de: "Hallo", "pt-BR": "Olá" };
    expect(pickText(t, "pt-BR")).toBe("Olá");
    expect(pickText(t, "de-AT")).toBe("Hallo");
    expect(pickText(t, "fr")).toBe("Hello");
    expect(pickText({ es: "Hola" }, "fr")).toBe("Hola");
    expect(pickText("plain", "fr")).toBe("plain");
  });
});
