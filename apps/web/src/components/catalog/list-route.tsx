import type { GameApp } from "@sportsbook/contracts/http/games";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { fetchBookSettings } from "../../lib/book-settings.server";
import type { SearchParams } from "../../lib/list-query";
import type { MatchQuery } from "../../lib/matches.server";
import { pageMetadata } from "../../lib/metadata.server";
import { pageContext } from "../../lib/request.server";
import type { SiteSettings } from "../../lib/site-settings";
import { GameFrame } from "../games/GameFrameLazy";
import { ListPage } from "./ListPage";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParams> };

export interface ListRoute {
  /** Page identifier of SPEC §2 (in_play, e_sports, schedule, results …). */
  pageId: string;
  path: string;
  /** Where the title comes from in the locale's messages. */
  title: { namespace: string; key: string };
  fixed: MatchQuery;
  tabs: boolean;
  /** A settings-gated section (SPEC §6): the page is not found unless the operator enables it. */
  feature?: keyof SiteSettings["features"];
  /**
   * The additional product of SPEC §3 this section is: when the server's settings turn it on, the
   * page is the provider's game in a frame instead of the feed's list.
   */
  product?: GameApp;
}

/** The metadata and page of a fixed match list route: each list route only says what it lists. */
export function listRoute(route: ListRoute) {
  async function titleOf(locale: string): Promise<string> {
    const t = await getTranslations({ locale, namespace: route.title.namespace });
    return t(route.title.key);
  }
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const { locale } = await params;
      return pageMetadata({ locale, path: route.path, title: await titleOf(locale) });
    },
    async Page({ params, searchParams }: Props) {
      const { locale } = await params;
      const { settings } = await pageContext(locale);
      const product = route.product ? (await fetchBookSettings(locale)).products[route.product] : undefined;
      if (route.product && product?.enabled) {
        const title = await titleOf(locale);
        return (
          <div className="page game-page" data-page={route.pageId}>
            <h1>{title}</h1>
            <GameFrame provider={product.provider} app={route.product} title={title} />
          </div>
        );
      }
      if (route.feature && !settings.features[route.feature]) notFound();
      return (
        <ListPage
          locale={locale}
          settings={settings}
          pageId={route.pageId}
          path={route.path}
          title={await titleOf(locale)}
          searchParams={await searchParams}
          fixed={route.fixed}
          tabs={route.tabs}
        />
      );
    },
  };
}
