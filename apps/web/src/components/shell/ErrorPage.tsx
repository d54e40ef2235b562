import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { type ErrorTexts, loadErrorTexts } from "../../i18n/messages";
import { localizeHref } from "../../lib/locale-url";
import { hasErrorPage } from "../../lib/locales";
import { LOCALE_HEADER } from "../../lib/page-headers";
import { requestSiteSettings } from "../../lib/request.server";

export type ErrorKind = "notFound" | "serverError" | "blocked" | "locked";

const IMAGES: Record<ErrorKind, string> = {
  notFound: "/errors/not-found.svg",
  serverError: "/errors/server-error.svg",
  blocked: "/errors/blocked.svg",
  locked: "/errors/locked.svg",
};

/** An error page's text; the blocked text names the country, or says "your country" when none is known. */
export function errorText(texts: ErrorTexts, kind: ErrorKind, countryName?: string): string {
  if (kind === "blocked" && !countryName) return texts.blockedHere || texts.fallback;
  return (texts[kind] || texts.fallback).replace("{countryName}", countryName ?? "");
}

/** SPEC §2 error pages: an image, a description and a button to the locale root. */
export async function ErrorPage({
  kind,
  locale,
  countryName,
  title = false,
}: {
  kind: ErrorKind;
  locale?: string;
  countryName?: string;
  /** Renders the page's title itself (React hoists it): the not-found page has no metadata of its own. */
  title?: boolean;
}) {
  const fromProxy = (await headers()).get(LOCALE_HEADER);
  const loc = locale ?? (fromProxy && hasErrorPage(fromProxy) ? fromProxy : await getLocale());
  const texts: ErrorTexts = await loadErrorTexts(loc);
  const settings = await requestSiteSettings();
  const home = settings.locales.includes(loc) ? localizeHref("/", loc, settings) : `/${loc}`;
  const description = errorText(texts, kind, countryName);
  return (
    <section className="error-page" data-error={kind}>
      {title ? <title>{`${description} | ${settings.siteName}`}</title> : null}
      {/* biome-ignore lint/performance/noImgElement: an unoptimized static picture needs no next/image, whose client code would load with every page's error boundary */}
      {/* Lazy: React preloads a server component's eager pictures, and every page's payload carries
          the not-found boundary, so each page fetched this one too. At the top of an error page a
          lazy picture still loads at once. */}
      <img src={IMAGES[kind]} alt="" width={240} height={160} loading="lazy" />
      <h1>{description}</h1>
      <a
        className="btn btn-primary"
        href={
          settings.locales.includes(loc) ? home : localizeHref("/", settings.locales[0] ?? "en", settings)
        }
      >
        {texts.goHome}
      </a>
    </section>
  );
}
