import { describe, expect, it } from "vitest";
import { localizeHref, matchLocale, splitLocale, switchLocaleUrl } from "./locale-url";

const off = { locales: ["en", "de", "pt-BR", "ar"], localeInUrl: false };
const on = { ...off, localeInUrl: true };

describe("locale in URL (SPEC §2, §5)", () => {
  it("omits the default locale unless the setting requires it", () => {
    expect(localizeHref("/live", "en", off)).toBe("/live");
    expect(localizeHref("/live", "en", on)).toBe("/en/live");
    expect(localizeHref("/live", "de", off)).toBe("/de/live");
    expect(localizeHref("/", "de", off)).toBe("/de");
  });

  it("leaves http, sms: and mailto: links unchanged", () => {
    for (const h of ["https://x.test/a", "sms:+100", "mailto:a@b.c"])
      expect(localizeHref(h, "de", on)).toBe(h);
  });

  it("switching locale keeps path, query and hash", () => {
    expect(
      switchLocaleUrl({ pathname: "/de/live", search: "?sport=soccer", hash: "#sign-in" }, "ar", off),
    ).toBe("/ar/live?sport=soccer#sign-in");
    expect(switchLocaleUrl({ pathname: "/ar/live", search: "", hash: "" }, "en", off)).toBe("/live");
  });

  it("finds aliases and other spellings of configured locales (br → pt-BR)", () => {
    expect(matchLocale("br", off)).toBe("pt-BR");
    expect(matchLocale("pt-br", off)).toBe("pt-BR");
    expect(matchLocale("soccer", off)).toBeUndefined();
  });

  it("splits only the exact configured spelling", () => {
    expect(splitLocale("/de/live", off)).toEqual({ locale: "de", rest: "/live" });
    expect(splitLocale("/pt-br/live", off)).toEqual({ rest: "/pt-br/live" });
    expect(splitLocale("/live", off)).toEqual({ rest: "/live" });
  });
});
