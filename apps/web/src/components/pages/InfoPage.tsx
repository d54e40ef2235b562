import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageMetadata } from "../../lib/metadata.server";
import { pageContext } from "../../lib/request.server";
import { pickText, type SiteSettings } from "../../lib/site-settings";

/** The pages whose text the operator writes in the site settings (`pages`), by path. */
export type InfoPage = "terms-and-conditions" | "help-center";

export async function infoPageMetadata(locale: string, page: InfoPage): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: `pages.${page}` });
  return pageMetadata({ locale, path: `/${page}`, title: t("title") });
}

/** The operator's text for the page in this locale, else the messages' own (every UI language has one). */
function infoPageText(settings: SiteSettings, page: InfoPage, locale: string, fallback: string): string {
  return pickText(settings.pages[page], locale) || fallback;
}

/** Terms and conditions, help centre (SPEC §2): a title and the operator's paragraphs. */
export async function InfoPageView({ locale, page }: { locale: string; page: InfoPage }) {
  const { settings } = await pageContext(locale);
  const t = await getTranslations({ locale, namespace: `pages.${page}` });
  const text = infoPageText(settings, page, locale, t("body"));
  return (
    <article className="page text-page" data-page={page.replaceAll("-", "_")}>
      <h1>{t("title")}</h1>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          // paragraphs of a fixed text: their order is their identity
          // biome-ignore lint/suspicious/noArrayIndexKey: the text's paragraphs never reorder
          <p key={i}>{p}</p>
        ))}
    </article>
  );
}
