/** How locales appear in paths (SPEC §2 locale in URL). */
export interface LocaleUrlRules {
  /** Configured locales; the first is the default. */
  readonly locales: readonly string[];
  /** When on, every path carries its locale, the default one included. */
  readonly localeInUrl: boolean;
}

const EXTERNAL = /^(https?:|sms:|mailto:)/i;

/** Links to other sites, SMS and mail are never rewritten (SPEC §2). */
export function isExternalHref(href: string): boolean {
  return EXTERNAL.test(href.trim()) || href.startsWith("//");
}

/** Splits "path?query#hash" into its parts; query and hash keep their leading marks. */
function splitHref(href: string): { path: string; query: string; hash: string } {
  const hashAt = href.indexOf("#");
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const hash = hashAt < 0 ? "" : href.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  return {
    path: queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt),
    query: queryAt < 0 ? "" : beforeHash.slice(queryAt),
    hash,
  };
}

/** The locale in the first path segment, if it is a configured one. */
export function localeFromPath(pathname: string, rules: LocaleUrlRules): string | undefined {
  const first = pathname.split("/")[1] ?? "";
  return rules.locales.find((l) => l.toLowerCase() === first.toLowerCase());
}

/** The path without its locale segment ("/" at least). */
export function pathWithoutLocale(pathname: string, rules: LocaleUrlRules): string {
  const locale = localeFromPath(pathname, rules);
  if (!locale) return pathname || "/";
  const rest = pathname.slice(locale.length + 1);
  return rest === "" ? "/" : rest;
}

/** True when links in this locale carry it as a prefix: not the first locale, or the setting requires it. */
export function needsLocalePrefix(locale: string, rules: LocaleUrlRules): boolean {
  return rules.localeInUrl || locale !== rules.locales[0];
}

/**
 * A link for the current locale (SPEC §2): internal paths get the locale prefix when needed; external,
 * SMS and mail links, hash-only and query-only links are left unchanged.
 */
export function localizeHref(href: string, locale: string, rules: LocaleUrlRules): string {
  if (isExternalHref(href) || !href.startsWith("/")) return href;
  const { path, query, hash } = splitHref(href);
  const bare = pathWithoutLocale(path, rules);
  if (!needsLocalePrefix(locale, rules)) return `${bare}${query}${hash}`;
  return `${bare === "/" ? `/${locale}` : `/${locale}${bare}`}${query}${hash}`;
}

/** Rewrites the current path to another locale, keeping query and hash (SPEC §2). */
export function switchLocaleHref(currentHref: string, locale: string, rules: LocaleUrlRules): string {
  return localizeHref(currentHref.startsWith("/") ? currentHref : `/${currentHref}`, locale, rules);
}
