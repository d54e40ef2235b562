/** How locales appear in URLs (SPEC §2 "Locale in URL", §5 locale resolution). */
export interface LocaleUrlConfig {
  /** Configured locales; the first is the default. */
  locales: readonly string[];
  /** When true every link carries the locale, the default one included. */
  localeInUrl: boolean;
}

/** SPEC §5 locale aliases. */
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
};

const EXTERNAL = /^(https?:|sms:|mailto:)/i;

export function defaultLocale(cfg: LocaleUrlConfig): string {
  return cfg.locales[0] ?? "en";
}

/**
 * Resolves a requested locale to a supported one: exact (case-insensitive), alias, base language,
 * the default locale, else "en".
 */
export function resolveLocale(requested: string | undefined, cfg: LocaleUrlConfig): string {
  const fallback = cfg.locales.includes("en") ? "en" : defaultLocale(cfg);
  if (!requested) return defaultLocale(cfg);
  const exact = matchLocale(requested, cfg);
  if (exact) return exact;
  const base = requested.split(/[-_]/)[0] ?? requested;
  return matchLocale(base, cfg) ?? defaultLocale(cfg) ?? fallback;
}

/** The configured locale a URL segment names, directly or through an alias; undefined when none. */
export function matchLocale(segment: string, cfg: LocaleUrlConfig): string | undefined {
  const lower = segment.toLowerCase().replace("_", "-");
  const direct = cfg.locales.find((l) => l.toLowerCase() === lower);
  if (direct) return direct;
  const alias = LOCALE_ALIASES[lower];
  return alias ? cfg.locales.find((l) => l.toLowerCase() === alias.toLowerCase()) : undefined;
}

/** Whether links in `locale` carry the locale prefix. */
export function needsPrefix(locale: string, cfg: LocaleUrlConfig): boolean {
  return cfg.localeInUrl || locale !== defaultLocale(cfg);
}

/** Prefixes an app-internal href with the locale when the rules ask for it; external links unchanged. */
export function localizeHref(href: string, locale: string, cfg: LocaleUrlConfig): string {
  if (EXTERNAL.test(href) || href.startsWith("#") || href.startsWith("//")) return href;
  const path = href.startsWith("/") ? href : `/${href}`;
  if (!needsPrefix(locale, cfg)) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path.startsWith("/?") ? path.slice(1) : path}`;
}

/** Splits a pathname into its locale segment (if it names an exact configured locale) and the rest. */
export function splitLocale(pathname: string, cfg: LocaleUrlConfig): { locale?: string; rest: string } {
  const m = /^\/([^/?#]+)(.*)$/.exec(pathname);
  const first = m?.[1];
  if (first && cfg.locales.includes(first)) return { locale: first, rest: m?.[2] || "/" };
  return { rest: pathname || "/" };
}

/** Rewrites the current URL for another locale, keeping path, query and hash. */
export function switchLocaleUrl(
  url: { pathname: string; search: string; hash: string },
  toLocale: string,
  cfg: LocaleUrlConfig,
): string {
  const { rest } = splitLocale(url.pathname, cfg);
  return `${localizeHref(rest, toLocale, cfg)}${url.search}${url.hash}`;
}

/** SPEC §2: query parameters are split on commas into lists. */
export function queryList(value: string | string[] | undefined): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.flatMap((v) => v.split(",")).filter((v) => v.length > 0);
}
