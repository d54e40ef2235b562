import { cookies } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { fetchBookSettings } from "../../lib/book-settings.server";
import {
  LIST_TABS,
  type ListParams,
  readListParams,
  type SearchParams,
  TIME_FILTERS,
  toMatchQuery,
} from "../../lib/list-query";
import { localizeHref } from "../../lib/locale-url";
import { fetchMatches, type MatchQuery } from "../../lib/matches.server";
import type { SiteSettings } from "../../lib/site-settings";
import styles from "./ListPage.module.css";
import { MatchList } from "./MatchList";

export interface ListPageProps {
  locale: string;
  settings: SiteSettings;
  /** Page identifier of SPEC §2 (in_play, e_sports, sport, league, schedule, results …). */
  pageId: string;
  /** App path of this page without locale, for tab and filter links. */
  path: string;
  title: string;
  searchParams: SearchParams;
  /** Filters fixed by the page itself (live status, sport, league …). */
  fixed: MatchQuery;
  tabs?: boolean;
}

/** A match list page with tabs, time and sort filters and pagination, all kept in the query string. */
export async function ListPage(props: ListPageProps) {
  const { locale, settings, searchParams } = props;
  const t = await getTranslations({ locale, namespace: "catalog" });
  const params = readListParams(searchParams);
  const cookie = (await cookies()).toString();
  const [{ matches, pagination }, book] = await Promise.all([
    fetchMatches(locale, { ...toMatchQuery(params, new Date()), ...props.fixed }, cookie),
    fetchBookSettings(locale),
  ]);
  // SPEC §3 custom_bet_enabled: without the bet builder there is no list of its matches either.
  const tabs = LIST_TABS.filter((tab) => tab !== "betbuilder" || book.customBetEnabled);
  const link = (patch: Partial<Record<keyof ListParams, string | number | undefined>>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(searchParams)) if (typeof v === "string") q.set(k, v);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === "") q.delete(k);
      else q.set(k, String(v));
    }
    if (!("page" in patch)) q.delete("page");
    const s = q.toString();
    return `${localizeHref(props.path, locale, settings)}${s ? `?${s}` : ""}`;
  };
  return (
    <div className="page list-page" data-page={props.pageId}>
      <h1>{props.title}</h1>
      {props.tabs !== false ? (
        <nav className="tabs" aria-label={props.title}>
          {tabs.map((tab) => (
            <Link
              key={tab}
              href={link({ tab })}
              aria-current={params.tab === tab ? "page" : undefined}
              prefetch={false}
            >
              {t(`tab.${tab}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      <div className="filters">
        <span>{t("filter.time")}:</span>
        {TIME_FILTERS.map((f) => (
          <Link
            key={f}
            href={link({ time: f === "all" ? undefined : f })}
            aria-current={params.time === f ? "true" : undefined}
            prefetch={false}
          >
            {t(`filter.${f}`)}
          </Link>
        ))}
        <span>{t("filter.sort-by")}:</span>
        <Link
          href={link({ sortBy: undefined })}
          aria-current={params.sortBy === "start_time" ? "true" : undefined}
          prefetch={false}
        >
          {t("filter.sort-time")}
        </Link>
        <Link
          href={link({ sortBy: "league" })}
          aria-current={params.sortBy === "league" ? "true" : undefined}
          prefetch={false}
        >
          {t("filter.sort-league")}
        </Link>
      </div>
      <MatchList
        matches={matches}
        locale={locale}
        settings={settings}
        {...(params.sortBy === "league" ? { groupBy: "league" as const } : {})}
      />
      {pagination && pagination.last_page > 1 ? (
        <nav
          className={styles.pager}
          aria-label={t("page", { page: pagination.page, pages: pagination.last_page })}
        >
          {pagination.page > 1 ? (
            <Link href={link({ page: pagination.page - 1 })} prefetch={false}>
              {t("previous")}
            </Link>
          ) : null}
          <span>{t("page", { page: pagination.page, pages: pagination.last_page })}</span>
          {pagination.page < pagination.last_page ? (
            <Link href={link({ page: pagination.page + 1 })} prefetch={false}>
              {t("next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
