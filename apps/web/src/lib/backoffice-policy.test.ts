import { describe, expect, it } from "vitest";
import { backofficePolicy, isBackofficePath } from "./backoffice-policy";

describe("the back office's pages", () => {
  it("are /backoffice and below, not a look-alike", () => {
    expect(isBackofficePath("/backoffice")).toBe(true);
    expect(isBackofficePath("/backoffice/audit")).toBe(true);
    expect(isBackofficePath("/backofficex")).toBe(false);
    expect(isBackofficePath("/en/backoffice")).toBe(false);
  });

  it("are never framed, load scripts by nonce only and connect only to this origin", () => {
    const policy = backofficePolicy("abc");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("https:");
  });
});
