import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { type ErrorTexts, loadErrorTexts } from "../../i18n/messages";
import { localizeHref } from "../../lib/locale-url";
import { hasErrorPage } from "../../lib/locales";
import { LOCALE_HEADER } from "../../lib/page-headers";
import { loadSiteSettings } from "../../lib/settings.server";

export type ErrorKind = "notFound" | "serverError" | "blocked" | "locked";

const IMAGES: Record<ErrorKind, string> = {
  notFound: "/errors/not-found.svg",
  serverError: "/errors/server-error.svg",
  blocked: "/errors/blocked.svg",
  locked: "/errors/locked.svg",
};

/** SPEC §2 error pages: an image, a description and a button to the locale root. */
export async function ErrorPage({
  kind,
  locale,
  countryName,
}: {
  kind: ErrorKind;
  locale?: string;
  countryName?: string;
}) {
  const fromProxy = (await headers()).get(LOCALE_HEADER);
  const loc = locale ?? (fromProxy && hasErrorPage(fromProxy) ? fromProxy : await getLocale());
  const texts: ErrorTexts = await loadErrorTexts(loc);
  const settings = await loadSiteSettings();
  const home = settings.locales.includes(loc) ? localizeHref("/", loc, settings) : `/${loc}`;
  const description = (texts[kind] || texts.fallback).replace("{countryName}", countryName ?? "—");
  return (
    <section className="error-page" data-error={kind}>
      {/* biome-ignore lint/performance/noImgElement: an unoptimized static picture needs no next/image, whose client code would load with every page's error boundary */}
      <img src={IMAGES[kind]} alt="" width={240} height={160} fetchPriority="high" />
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
