import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import type { SearchParams } from "./list-query";
import { localizeHref } from "./locale-url";
import { hasErrorPage, hasMessages } from "./locales";
import { MOBILE_APP_HEADER, SEARCH_HEADER } from "./page-headers";
import { PREVIEW_COOKIE } from "./preview";
import { loadSiteSettings } from "./settings.server";
import type { SiteSettings } from "./site-settings";

export interface PageContext {
  locale: string;
  settings: SiteSettings;
  /** Builds a locale-aware href for an app path. */
  href: (path: string) => string;
}

/** The published settings, or the version a staff member previews (its token in the preview cookie). */
export async function requestSiteSettings(): Promise<SiteSettings> {
  return loadSiteSettings((await cookies()).get(PREVIEW_COOKIE)?.value);
}

/** The settings as this request renders them: mobile-app mode also when the visitor's URL chose it. */
export async function pageSettings(): Promise<SiteSettings> {
  const settings = await requestSiteSettings();
  if (settings.isMobileApp || (await headers()).get(MOBILE_APP_HEADER) !== "1") return settings;
  return { ...settings, isMobileApp: true };
}

/** Loads the settings and checks that the URL's locale is configured (error pages accept every error locale). */
export async function pageContext(locale: string, opts: { errorPage?: boolean } = {}): Promise<PageContext> {
  const settings = await pageSettings();
  const configured = settings.locales.includes(locale) && (hasMessages(locale) || hasErrorPage(locale));
  if (!configured && !(opts.errorPage && hasErrorPage(locale))) notFound();
  return { locale, settings, href: (path) => localizeHref(path, locale, settings) };
}

/** The public origin of this request, for absolute canonical and alternate links. */
export async function requestOrigin(): Promise<string> {
  if (process.env.PUBLIC_URL) return process.env.PUBLIC_URL.replace(/\/$/, "");
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return `${proto}://${host}`;
}

/** The query of the page being rendered, for parts (layout blocks) that get no search parameters. */
export async function requestQuery(): Promise<SearchParams> {
  const query: SearchParams = {};
  for (const [k, v] of new URLSearchParams((await headers()).get(SEARCH_HEADER) ?? "")) {
    const prior = query[k];
    query[k] = prior === undefined ? v : [...(Array.isArray(prior) ? prior : [prior]), v];
  }
  return query;
}
