import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BlockList } from "../../../components/blocks/BlockList";
import { ListPage } from "../../../components/catalog/ListPage";
import type { SearchParams } from "../../../lib/list-query";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext, requestSiteSettings } from "../../../lib/request.server";
import { findSport } from "../../../lib/resolve-slug.server";
import { pickText } from "../../../lib/site-settings";

type Props = { params: Promise<{ locale: string; sport: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, sport } = await params;
  const settings = await requestSiteSettings();
  const custom = settings.customPages.find((p) => p.slug === sport);
  if (custom)
    return pageMetadata({
      locale,
      path: `/${sport}`,
      title: pickText(custom.title, locale),
      index: custom.index,
    });
  const s = await findSport(sport, locale);
  return pageMetadata({ locale, path: `/${sport}`, ...(s ? { title: s.name } : { index: false }) });
}

/** A custom page of the settings document, else a sport page (page id `sport`). */
export default async function Page({ params, searchParams }: Props) {
  const { locale, sport } = await params;
  const { settings } = await pageContext(locale);
  const custom = settings.customPages.find((p) => p.slug === sport);
  if (custom) {
    return (
      <div className="page custom-page" data-page={`custom:${custom.slug}`}>
        <h1>{pickText(custom.title, locale)}</h1>
        <BlockList blocks={custom.blocks} ctx={{ locale, settings }} />
      </div>
    );
  }
  const s = await findSport(sport, locale);
  if (!s) notFound();
  return (
    <ListPage
      locale={locale}
      settings={settings}
      pageId="sport"
      path={`/${s.key}`}
      title={s.name}
      searchParams={await searchParams}
      fixed={{ sport_key: s.key }}
    />
  );
}
