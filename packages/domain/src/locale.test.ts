import { describe, expect, it } from "vitest";
import { channelLocale, isRtlLocale, localeDirection, resolveLocale, sportListLocale } from "./locale.js";

const SUPPORTED = [
  "en",
  "de",
  "nb",
  "fil",
  "zh-Hant-TW",
  "pt-BR",
  "en-PH",
  "vi",
  "sv",
  "tg",
  "ar",
  "sr",
  "uk",
];

describe("locale resolution (SPEC §5)", () => {
  it("§5 a supported locale resolves to itself, ignoring case and underscores", () => {
    expect(resolveLocale("de", SUPPORTED)).toBe("de");
    expect(resolveLocale("PT_br", SUPPORTED)).toBe("pt-BR");
  });

  it("§5 aliases: no→nb, tl→fil, zh-TW→zh-Hant-TW, br→pt-BR, ph→en-PH, vn→vi, se→sv, tj→tg, kz→en", () => {
    const cases: [string, string][] = [
      ["no", "nb"],
      ["tl", "fil"],
      ["zh-TW", "zh-Hant-TW"],
      ["br", "pt-BR"],
      ["ph", "en-PH"],
      ["vn", "vi"],
      ["se", "sv"],
      ["tj", "tg"],
      ["kz", "en"],
      ["ua", "uk"],
    ];
    for (const [from, to] of cases) expect(resolveLocale(from, SUPPORTED)).toBe(to);
  });

  it("§5 then the base language, then the default, else en", () => {
    expect(resolveLocale("de-AT", SUPPORTED)).toBe("de");
    expect(resolveLocale("pt", SUPPORTED)).toBe("pt-BR");
    expect(resolveLocale("xx", SUPPORTED, "de")).toBe("de");
    expect(resolveLocale("xx", ["de", "fr"], "it")).toBe("en");
    expect(resolveLocale(undefined, SUPPORTED, "sv")).toBe("sv");
    expect(resolveLocale("", SUPPORTED)).toBe("en");
  });

  it("§5 sr maps to sr-ME in sport lists; §7 br uses the pt channel", () => {
    expect(sportListLocale("sr")).toBe("sr-ME");
    expect(sportListLocale("de")).toBe("de");
    expect(channelLocale("br")).toBe("pt");
  });

  it("§2 direction is right-to-left for ar, he, fa, ur only when RTL is enabled", () => {
    for (const l of ["ar", "he", "fa", "ur", "ar-EG"]) expect(isRtlLocale(l, true)).toBe(true);
    expect(isRtlLocale("ar", false)).toBe(false);
    expect(isRtlLocale("en", true)).toBe(false);
    expect(localeDirection("he", true)).toBe("rtl");
    expect(localeDirection("he", false)).toBe("ltr");
  });
});
