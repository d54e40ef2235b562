import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BLOCK_KINDS,
  BLOCKS_AWAITING,
  blocksFor,
  chatUrl,
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

  it("a platform-switcher needs the platform's address and name, and is refused by name without them", () => {
    const r = siteSettingsSchema.safeParse({
      layout: { rightSidebarDesktop: [{ kind: "clock" }, { kind: "platform-switcher", text: "Casino" }] },
      customPages: [
        {
          slug: "promo",
          title: "Promo",
          blocks: [
            { kind: "jackpot-banner" },
            { kind: "platform-switcher", href: "https://casino.example/" },
          ],
        },
      ],
    });
    expect(r.success).toBe(false);
    const message = 'a "platform-switcher" block needs the platform\'s address (href) and name (text)';
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["layout.rightSidebarDesktop.1.href", message],
      ["customPages.0.blocks.1.href", message],
    ]);
    const ok = siteSettingsSchema.safeParse({
      layout: { header: [{ kind: "platform-switcher", text: "Casino", href: "https://casino.example/" }] },
    });
    expect(ok.success).toBe(true);
    for (const kind of Object.keys(BLOCKS_AWAITING))
      expect(siteSettingsSchema.safeParse({ layout: { home: [{ kind }] } }).success, kind).toBe(false);
  });

  it("the example document places every kind that can be built, and is valid", () => {
    const doc = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../examples/every-block.site-settings.json"), "utf8"),
    );
    const settings = siteSettingsSchema.parse(doc);
    const placed = new Set(Object.values(settings.layout).flatMap((list) => (list ?? []).map((b) => b.kind)));
    const buildable = BLOCK_KINDS.filter((k) => !(k in BLOCKS_AWAITING));
    expect([...buildable].filter((k) => !placed.has(k))).toEqual([]);
    expect(buildable.length + Object.keys(BLOCKS_AWAITING).length).toBe(44);
  });

  it("a chat-toggle block needs the site's chat, whose frame address is filled in and encoded", () => {
    const r = siteSettingsSchema.safeParse({
      layout: { footer: [{ kind: "clock" }, { kind: "chat-toggle" }] },
      customPages: [{ slug: "help", title: "Help", blocks: [{ kind: "chat-toggle" }] }],
    });
    expect(r.error?.issues.map((i) => i.path.join("."))).toEqual([
      "layout.footer.1.kind",
      "customPages.0.blocks.0.kind",
    ]);
    const s = siteSettingsSchema.parse({
      chat: {
        type: "frame",
        id: "room 1",
        url: "https://chat.example/{id}?lang={locale}&m={matchId}&r={region}",
      },
      layout: { footer: [{ kind: "chat-toggle" }] },
    });
    expect(s.chat && chatUrl(s.chat, "pt-BR", "42")).toBe("https://chat.example/room%201?lang=pt-BR&m=42&r=");
    expect(s.chat && chatUrl(s.chat, "en")).toBe("https://chat.example/room%201?lang=en&m=&r=");
  });

  it("a modal block needs its text and body", () => {
    const r = siteSettingsSchema.safeParse({ layout: { home: [{ kind: "modal", text: "Rules" }] } });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["layout.home.0.body", 'a "modal" block needs a text (its button and title) and a body'],
    ]);
    expect(
      siteSettingsSchema.safeParse({ layout: { home: [{ kind: "modal", text: "Rules", body: "Be fair" }] } })
        .success,
    ).toBe(true);
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
