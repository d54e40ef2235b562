/**
 * Locale codes players or hosts send that are not the locale meant (country codes, legacy tags),
 * mapped to the supported one (SPEC §5).
 */
export const LOCALE_ALIASES: Readonly<Record<string, string>> = {
  no: "nb",
  tl: "fil",
  "zh-tw": "zh-Hant-TW",
  br: "pt-BR",
  ph: "en-PH",
  vn: "vi",
  se: "sv",
  tj: "tg",
  kz: "en",
  // Further country codes commonly sent in place of their language.
  ua: "uk",
  gr: "el",
  dk: "da",
  jp: "ja",
  kr: "ko",
  cz: "cs",
  ee: "et",
  ir: "fa",
};

/** The locale used when nothing else matches. */
export const FALLBACK_LOCALE = "en";

/** Locales written right to left (SPEC §2 page head). */
export const RTL_LANGUAGES: readonly string[] = ["ar", "he", "fa", "ur"];

function lower(tag: string): string {
  return tag.trim().replace(/_/g, "-").toLowerCase();
}

function findSupported(tag: string, supported: readonly string[]): string | undefined {
  const key = lower(tag);
  return supported.find((s) => lower(s) === key);
}

/**
 * Resolves a requested locale (SPEC §5): a supported locale as is, else its alias, else its base
 * language, else the default, else "en". Matching ignores case and accepts "_" for "-".
 */
export function resolveLocale(
  requested: string | undefined,
  supported: readonly string[],
  defaultLocale?: string,
): string {
  if (requested && requested.trim() !== "") {
    const exact = findSupported(requested, supported);
    if (exact) return exact;
    const alias = LOCALE_ALIASES[lower(requested)];
    const aliased = alias === undefined ? undefined : findSupported(alias, supported);
    if (aliased) return aliased;
    const base = lower(requested).split("-")[0] ?? "";
    const baseMatch =
      findSupported(base, supported) ?? supported.find((s) => lower(s).split("-")[0] === base);
    if (baseMatch) return baseMatch;
  }
  if (defaultLocale && findSupported(defaultLocale, supported))
    return findSupported(defaultLocale, supported) as string;
  return FALLBACK_LOCALE;
}

/** The base language of a locale tag: "pt" for "pt-BR". */
export function baseLanguage(locale: string): string {
  return lower(locale).split("-")[0] ?? "";
}

/** True for ar, he, fa and ur when right-to-left display is enabled (SPEC §2). */
export function isRtlLocale(locale: string, rtlEnabled: boolean): boolean {
  return rtlEnabled && RTL_LANGUAGES.includes(baseLanguage(locale));
}

/** The page direction for a locale. */
export function localeDirection(locale: string, rtlEnabled: boolean): "rtl" | "ltr" {
  return isRtlLocale(locale, rtlEnabled) ? "rtl" : "ltr";
}

/** The locale sport lists are requested in: sr lists come as sr-ME (SPEC §5). */
export function sportListLocale(locale: string): string {
  return lower(locale) === "sr" ? "sr-ME" : locale;
}

/** The locale of a player's private realtime channel: pt for br (SPEC §7). */
export function channelLocale(locale: string): string {
  return lower(locale) === "br" ? "pt" : locale;
}

/**
 * An operator's text (a bonus's name, a jackpot's) in `locale`: its own, else its language's
 * (`pt` for `pt-BR`), else English, else nothing. The API answers players with it and the back
 * office previews with it, so both pick the same text.
 */
export function localText(texts: Readonly<Record<string, string>>, locale: string): string {
  return texts[locale] ?? texts[locale.split("-")[0] ?? ""] ?? texts[FALLBACK_LOCALE] ?? "";
}
