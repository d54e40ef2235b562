import { hasMessages } from "../lib/locales";
import type en from "../messages/en.json";

export type Messages = typeof en;

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
    return (await import(`../messages/errors/${locale}.json`)).default as ErrorTexts;
  } catch {
    return (await import("../messages/errors/en.json")).default as ErrorTexts;
  }
}
