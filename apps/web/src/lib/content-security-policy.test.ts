import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";
import { contentSources } from "./content-sources";
import { platformOrigins, siteSettingsSchema } from "./site-settings";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe("the pages' Content-Security-Policy", () => {
  it("lets only this site frame the pages unless the platform's origins are named", () => {
    expect(directive(contentSecurityPolicy("n"), "frame-ancestors")).toBe("'self'");
    const settings = siteSettingsSchema.parse({
      platform: {
        origins: ["https://casino.example", "http://localhost:4000"],
        firstPartyOrigin: "https://sb.example",
      },
    });
    expect(
      directive(contentSecurityPolicy("n", { frameAncestors: platformOrigins(settings) }), "frame-ancestors"),
    ).toBe("'self' https://casino.example http://localhost:4000 https://sb.example");
  });

  it("connects, frames and loads images only from this origin by default (the embedded default's needs)", () => {
    const policy = contentSecurityPolicy("n", { sources: contentSources(siteSettingsSchema.parse({}), {}) });
    expect(directive(policy, "connect-src")).toBe("'self'");
    expect(directive(policy, "img-src")).toBe("'self' data: blob:");
    expect(directive(policy, "frame-src")).toBe("'self'");
    expect(policy).not.toMatch(/\b(ws|wss|https):(?!\/)/);
  });

  it("adds the hosts the site settings use and those the operator names, and nothing else", () => {
    const settings = siteSettingsSchema.parse({
      logo: "https://cdn.example/brand/logo.png",
      chat: { type: "widget", url: "https://chat.example/room/{id}?lang={locale}" },
      layout: {
        header: [
          { kind: "banner", src: "https://banners.example/a.png?x=1" },
          { kind: "iframe", src: "https://widgets.example/scores" },
          { kind: "image", src: "/local.png" },
          { kind: "menu-link", href: "https://elsewhere.example/", text: { en: "Out" } },
        ],
      },
    });
    const sources = contentSources(settings, {
      CSP_IMG_ORIGINS: "https://promo.example, https://promo.example/path, *",
      CSP_FRAME_ORIGINS: "https://streams.example",
      CSP_CONNECT_ORIGINS: "wss://rt.example,https://api.example",
    });
    const policy = contentSecurityPolicy("n", { sources });
    expect(directive(policy, "img-src")).toBe(
      "'self' data: blob: https://cdn.example https://banners.example https://promo.example",
    );
    expect(directive(policy, "frame-src")).toBe(
      "'self' https://widgets.example https://chat.example https://streams.example",
    );
    expect(directive(policy, "connect-src")).toBe("'self' wss://rt.example https://api.example");
  });

  it("connects to the realtime transports the settings name, and to nothing for paths on this origin", () => {
    const settings = siteSettingsSchema.parse({
      realtime: {
        transports: [
          { transport: "websocket", endpoint: "wss://rt.example/connection/websocket" },
          { transport: "sse", endpoint: "/connection/sse" },
        ],
        emulationEndpoint: "https://rt.example/connection/emulation",
      },
    });
    const policy = contentSecurityPolicy("n", { sources: contentSources(settings, {}) });
    expect(directive(policy, "connect-src")).toBe("'self' wss://rt.example https://rt.example");
  });

  it("allows eval only in development", () => {
    expect(directive(contentSecurityPolicy("abc"), "script-src")).toBe("'self' 'nonce-abc' 'strict-dynamic'");
    expect(directive(contentSecurityPolicy("abc", { dev: true }), "script-src")).toContain("'unsafe-eval'");
  });

  it.each([
    "https://casino.example/lobby",
    "https://casino.example; script-src *",
    "javascript:alert(1)",
    "*",
    "casino.example",
    "HTTPS://Casino.example",
  ])("refuses %j as a platform origin", (origin) => {
    const r = siteSettingsSchema.safeParse({ platform: { origins: [origin] } });
    expect(r.error?.issues[0]?.path).toEqual(["platform", "origins", 0]);
  });
});
