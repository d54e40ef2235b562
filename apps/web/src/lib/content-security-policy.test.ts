import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";
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
