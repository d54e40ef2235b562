import {
  localizeHref as domainLocalizeHref,
  LOCALE_ALIASES,
  type LocaleUrlRules,
  localeFromPath,
  pathWithoutLocale,
  splitQueryList,
  switchLocaleHref,
} from "@sportsbook/domain";

// The locale-in-URL rules (SPEC §2) live in the domain package; this module adapts them to the
// site settings and adds what only the page server needs (alias redirects).

export type LocaleUrlConfig = LocaleUrlRules;

export function defaultLocale(cfg: LocaleUrlConfig): string {
  return cfg.locales[0] ?? "en";
}

/** The configured locale a URL segment names through another spelling or an alias (SPEC §5), if any. */
export function matchLocale(segment: string, cfg: LocaleUrlConfig): string | undefined {
  const lower = segment.toLowerCase().replace(/_/g, "-");
  const direct = cfg.locales.find((l) => l.toLowerCase() === lower);
  if (direct) return direct;
  const alias = LOCALE_ALIASES[lower];
  return alias ? cfg.locales.find((l) => l.toLowerCase() === alias.toLowerCase()) : undefined;
}

/** Prefixes an app path with the locale when the rules ask for it; external links unchanged. */
export function localizeHref(href: string, locale: string, cfg: LocaleUrlConfig): string {
  return domainLocalizeHref(href, locale, cfg);
}

/** Splits a pathname into the configured locale it starts with (exact spelling) and the rest. */
export function splitLocale(pathname: string, cfg: LocaleUrlConfig): { locale?: string; rest: string } {
  const locale = localeFromPath(pathname, cfg);
  const first = pathname.split("/")[1] ?? "";
  if (locale && locale === first) return { locale, rest: pathWithoutLocale(pathname, cfg) };
  return { rest: pathname || "/" };
}

/** Rewrites the current URL for another locale, keeping path, query and hash. */
export function switchLocaleUrl(
  url: { pathname: string; search: string; hash: string },
  toLocale: string,
  cfg: LocaleUrlConfig,
): string {
  return switchLocaleHref(`${url.pathname}${url.search}${url.hash}`, toLocale, cfg);
}

/** SPEC §2: query parameters are split on commas into lists. */
export function queryList(value: string | string[] | undefined): string[] {
  return splitQueryList(value);
}
