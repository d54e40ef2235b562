import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { localizeHref } from "./locale-url";
import { requestOrigin, requestSiteSettings } from "./request.server";

export interface PageHead {
  locale: string;
  /** App path without locale, e.g. "/live". */
  path: string;
  title?: string;
  description?: string;
  /** The page allows indexing; the site config must allow it too (SPEC §2 "Page head"). */
  index?: boolean;
}

/** Page head of SPEC §2: noindex rule, canonical and alternate-language links, social metadata. */
export async function pageMetadata(head: PageHead): Promise<Metadata> {
  const settings = await requestSiteSettings();
  const origin = await requestOrigin();
  const indexable = settings.index && (head.index ?? true);
  const languages: Record<string, string> = {};
  for (const l of settings.locales) languages[l] = `${origin}${localizeHref(head.path, l, settings)}`;
  languages["x-default"] = `${origin}${localizeHref(head.path, settings.locales[0] ?? "en", settings)}`;
  const t = await getTranslations({ locale: head.locale, namespace: "site" });
  const title = head.title ? `${head.title} | ${settings.siteName}` : (settings.seo.title ?? t("title"));
  const description = head.description ?? settings.seo.description ?? t("description");
  const og = settings.seo.openGraph;
  return {
    metadataBase: new URL(origin),
    title,
    description,
    keywords: settings.seo.keywords,
    robots: indexable ? { index: true, follow: true } : { index: false, follow: false },
    alternates: { canonical: `${origin}${localizeHref(head.path, head.locale, settings)}`, languages },
    icons: { icon: settings.favicon },
    openGraph: {
      type: "website",
      siteName: settings.siteName,
      title,
      description,
      locale: head.locale,
      url: `${origin}${localizeHref(head.path, head.locale, settings)}`,
      ...(og ? { images: [{ url: og.url, width: og.width, height: og.height, alt: og.alt }] } : {}),
    },
    twitter: { card: og ? "summary_large_image" : "summary", title, description },
    other: settings.seo.meta,
  };
}
