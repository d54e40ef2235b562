import type { Metadata } from "next";
import { getLocale } from "next-intl/server";
import { ErrorPage, errorText } from "../../components/shell/ErrorPage";
import { loadErrorTexts } from "../../i18n/messages";
import { requestSiteSettings } from "../../lib/request.server";

/** The not-found page's head names it, whichever page called notFound(). */
export async function generateMetadata(): Promise<Metadata> {
  const [texts, settings] = await Promise.all([loadErrorTexts(await getLocale()), requestSiteSettings()]);
  return { title: `${errorText(texts, "notFound")} | ${settings.siteName}`, robots: { index: false } };
}

export default function NotFound() {
  return <ErrorPage kind="notFound" title />;
}
