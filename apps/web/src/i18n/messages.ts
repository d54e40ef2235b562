import type { Formats } from "next-intl";
import { hasMessages } from "../lib/locales";
import type en from "../messages/en.json";

export type Messages = typeof en;

/**
 * The named styles the messages use (`{share, number, percent}`). Messages are compiled at build
 * time (next.config) and a compiled message names its style rather than carrying it: the style is
 * defined here, for the server's rendering and the browser's alike.
 */
export const MESSAGE_FORMATS = { number: { percent: { style: "percent" } } } satisfies Formats;

/** UI messages of a locale; locales without complete messages use English (their error pages are translated). */
export async function loadMessages(locale: string): Promise<Messages> {
  const code = hasMessages(locale) ? locale : "en";
  return (await import(`../messages/${code}.json`)).default as Messages;
}

export interface ErrorTexts {
  notFound: string;
  serverError: string;
  blocked: string;
  /** The blocked text when no country is known. */
  blockedHere: string;
  locked: string;
  goHome: string;
  fallback: string;
}

/** The error pages' texts (SPEC §8 page texts) in any of the ~40 error-page locales. */
export async function loadErrorTexts(locale: string): Promise<ErrorTexts> {
  try {
    return (await import(`../error-texts/${locale}.json`)).default as ErrorTexts;
  } catch {
    return (await import("../error-texts/en.json")).default as ErrorTexts;
  }
}
