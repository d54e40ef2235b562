import { describe, expect, it } from "vitest";
import { localeFromPath, localizeHref, pathWithoutLocale, switchLocaleHref } from "./locale-url.js";

const OPTIONAL = { locales: ["en", "de", "fr"], localeInUrl: false };
const REQUIRED = { ...OPTIONAL, localeInUrl: true };

describe("locale in URL (SPEC §2)", () => {
  it("§2 the locale is the first path segment", () => {
    expect(localeFromPath("/de/soccer", OPTIONAL)).toBe("de");
    expect(localeFromPath("/soccer", OPTIONAL)).toBeUndefined();
    expect(pathWithoutLocale("/de/soccer", OPTIONAL)).toBe("/soccer");
    expect(pathWithoutLocale("/de", OPTIONAL)).toBe("/");
  });

  it("§2 links get the prefix when the locale is not the first configured locale", () => {
    expect(localizeHref("/live", "de", OPTIONAL)).toBe("/de/live");
    expect(localizeHref("/live", "en", OPTIONAL)).toBe("/live");
    expect(localizeHref("/", "fr", OPTIONAL)).toBe("/fr");
  });

  it("§2 links always get the prefix when the setting requires it", () => {
    expect(localizeHref("/live", "en", REQUIRED)).toBe("/en/live");
  });

  it("§2 links starting with http, sms: or mailto: are left unchanged", () => {
    for (const href of ["https://example.com/x", "http://a.b", "sms:+123", "mailto:a@b.c", "#betBuilder"]) {
      expect(localizeHref(href, "de", REQUIRED)).toBe(href);
    }
  });

  it("§2 switching locale rewrites the path and keeps query and hash", () => {
    expect(switchLocaleHref("/de/soccer?time=today,tomorrow#betBuilder", "fr", OPTIONAL)).toBe(
      "/fr/soccer?time=today,tomorrow#betBuilder",
    );
    expect(switchLocaleHref("/de/soccer?x=1", "en", OPTIONAL)).toBe("/soccer?x=1");
    expect(switchLocaleHref("/soccer#sign-in", "de", OPTIONAL)).toBe("/de/soccer#sign-in");
    expect(switchLocaleHref("/", "en", REQUIRED)).toBe("/en");
  });
});
