import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MatchList } from "../../../components/catalog/MatchList";
import { SEARCH_MAX, SEARCH_MIN } from "../../../components/controls/search-limits";
import { apiGetOr } from "../../../lib/api.server";
import { searchResponseSchema } from "../../../lib/catalog-schemas";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "catalog" });
  return pageMetadata({ locale, path: "/search", title: t("search"), index: false });
}

/** Search results (GET /search); queries outside 3–50 characters are not sent. */
export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  const { settings } = await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "catalog" });
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const valid = q.length >= SEARCH_MIN && q.length <= SEARCH_MAX;
  const empty = { data: { matches: [], tournaments: [] } };
  const res = valid
    ? await apiGetOr("/search", searchResponseSchema, { locale, query: { q } }, empty)
    : empty;
  const found = res.data.matches;
  return (
    <div className="page" data-page="search">
      <h1>{t("search")}</h1>
      {!valid ? <p className="hint">{t("search-hint")}</p> : null}
      {valid && found.length === 0 ? <p className="empty">{t("search-empty", { query: q })}</p> : null}
      {found.length > 0 ? <MatchList matches={found} locale={locale} settings={settings} /> : null}
    </div>
  );
}
