import { describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_S, consentCookie, readConsent, shouldShowConsent } from "./consent";

const base = { inFrame: false, isLighthouse: false, isMobileApp: false, enabled: true, stored: null };

describe("cookie consent (SPEC §6)", () => {
  it("shows only outside a frame and Lighthouse, not in mobile-app mode, until answered", () => {
    expect(shouldShowConsent(base)).toBe(true);
    expect(shouldShowConsent({ ...base, inFrame: true })).toBe(false);
    expect(shouldShowConsent({ ...base, isLighthouse: true })).toBe(false);
    expect(shouldShowConsent({ ...base, isMobileApp: true })).toBe(false);
    expect(shouldShowConsent({ ...base, stored: "all" })).toBe(false);
  });

  it("keeps the answer 365 days in a cookie", () => {
    expect(CONSENT_MAX_AGE_S).toBe(365 * 86400);
    expect(consentCookie("all", true)).toMatch(
      /^consent=all; Max-Age=31536000; Path=\/; SameSite=Lax; Secure$/,
    );
    expect(readConsent("a=1; consent=necessary", null)).toBe("necessary");
    expect(readConsent("", { getItem: () => "all" })).toBe("all");
  });
});
