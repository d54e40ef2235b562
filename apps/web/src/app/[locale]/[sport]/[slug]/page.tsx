import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ListPage } from "../../../../components/catalog/ListPage";
import { MatchPage } from "../../../../components/match/MatchPage";
import type { SearchParams } from "../../../../lib/list-query";
import { pageMetadata } from "../../../../lib/metadata.server";
import { pageContext } from "../../../../lib/request.server";
import { findSport, resolveSlug } from "../../../../lib/resolve-slug.server";

type Props = {
  params: Promise<{ locale: string; sport: string; slug: string }>;
  searchParams: Promise<SearchParams>;
};

async function resolve(locale: string, sportKey: string, slug: string) {
  const sport = await findSport(sportKey, locale);
  return sport ? resolveSlug(sport, slug, locale) : undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, sport, slug } = await params;
  const r = await resolve(locale, sport, slug);
  const title =
    r?.kind === "match"
      ? [r.match.competitors.home?.name ?? r.match.name, r.match.competitors.away?.name]
          .filter(Boolean)
          .join(" – ")
      : r?.kind === "league"
        ? r.league.name
        : r?.kind === "category"
          ? r.category.name
          : undefined;
  return pageMetadata({ locale, path: `/${sport}/${slug}`, ...(title ? { title } : { index: false }) });
}

/** Category, league (page id `league`) or match (page id `match`), resolved by slug. */
export default async function Page({ params, searchParams }: Props) {
  const { locale, sport, slug } = await params;
  const { settings } = await pageContext(locale);
  const r = await resolve(locale, sport, slug);
  if (!r) notFound();
  if (r.kind === "match") return <MatchPage match={r.match} locale={locale} settings={settings} />;
  const common = { locale, settings, path: `/${sport}/${slug}`, searchParams: await searchParams };
  return r.kind === "league" ? (
    <ListPage {...common} pageId="league" title={r.league.name} fixed={{ tournament_id: r.league.id }} />
  ) : (
    <ListPage {...common} pageId="category" title={r.category.name} fixed={{ category_id: r.category.id }} />
  );
}
