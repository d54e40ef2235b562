import { localeDirection } from "@sportsbook/domain";

/** Locales whose UI messages are complete; the default site configuration offers these. */
export const MESSAGE_LOCALES = ["en", "es", "de", "pt-BR", "tr", "ar", "he"] as const;

/** Locales the error pages (404, 500, blocked, locked) are translated into. */
export const ERROR_PAGE_LOCALES = [
  "en",
  "es",
  "de",
  "pt-BR",
  "tr",
  "ar",
  "fr",
  "it",
  "pt",
  "nl",
  "pl",
  "ru",
  "uk",
  "he",
  "fa",
  "ur",
  "hi",
  "bn",
  "ja",
  "ko",
  "zh",
  "zh-Hant-TW",
  "vi",
  "th",
  "id",
  "ms",
  "fil",
  "sv",
  "nb",
  "da",
  "fi",
  "cs",
  "ro",
  "hu",
  "el",
  "bg",
  "sr",
  "ka",
  "kk",
  "az",
] as const;

/** SPEC §2: right-to-left only for ar, he, fa, ur and only when RTL is enabled. */
export function directionOf(locale: string, rtlEnabled: boolean): "rtl" | "ltr" {
  return localeDirection(locale, rtlEnabled);
}

export function hasMessages(locale: string): boolean {
  return (MESSAGE_LOCALES as readonly string[]).includes(locale);
}

export function hasErrorPage(locale: string): boolean {
  return (ERROR_PAGE_LOCALES as readonly string[]).includes(locale);
}
