import { getTranslations } from "next-intl/server";
import { apiGetOr } from "../../lib/api.server";
import { isUnavailable, listOf, type Market, type Match, marketSchema } from "../../lib/catalog-schemas";
import type { SiteSettings } from "../../lib/site-settings";
import { LiveSubscription } from "../../live/LiveSubscription";
import { LocalTime } from "../../live/LocalTime";
import { MatchLive } from "../../live/MatchLive";
import { OutcomeCell } from "../../live/OutcomeCell";
import { Scoreboard } from "./Scoreboard";

/** SPEC §9: markets are read 500 at a time. */
const MARKETS_PAGE = 500;

/** Groups markets by their first market group; markets with status 0 are dropped (SPEC §4). */
export function groupMarkets(markets: readonly Market[]): [string, Market[]][] {
  const groups = new Map<string, Market[]>();
  for (const m of markets) {
    if (m.status === 0) continue;
    const g = m.market_groups?.[0] ?? "all";
    groups.set(g, [...(groups.get(g) ?? []), m]);
  }
  for (const list of groups.values()) list.sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0));
  return [...groups.entries()];
}

/** The match page (page id `match`): scoreboard, statistics, video link and every market. */
export async function MatchPage({
  match: m,
  locale,
}: {
  match: Match;
  locale: string;
  settings: SiteSettings;
}) {
  const t = await getTranslations({ locale, namespace: "match" });
  const markets = await apiGetOr(
    `/matches/${encodeURIComponent(m.id)}/markets`,
    listOf(marketSchema),
    { locale, query: { limit: MARKETS_PAGE } },
    { data: m.main_market ? [m.main_market] : [] },
  );
  const groups = groupMarkets(markets.data);
  const unavailable = isUnavailable(m.status);
  return (
    <div className="page match-page" data-page="match" data-match={m.id}>
      <header className="match-head">
        <p className="league">
          {m.sport?.name} · {m.category?.name ? `${m.category.name} · ` : ""}
          {m.tournament?.name}
        </p>
        <h1>
          {m.competitors?.home.name ?? m.name} {m.competitors ? "–" : ""} {m.competitors?.away.name}
        </h1>
        <LocalTime iso={m.start_time} locale={locale} />
        {m.stadium ? (
          <p className="venue">
            {t("stadium")}: {m.stadium}
            {m.city ? `, ${m.city}` : ""}
          </p>
        ) : null}
        <MatchLive matchId={m.id} status={m.status} statistics={m.statistics} />
        {m.has_video ? (
          <a
            className="btn"
            href={`/api/matches/${encodeURIComponent(m.id)}/video`}
            target="_blank"
            rel="noreferrer"
          >
            {t("video")}
          </a>
        ) : null}
      </header>
      <Scoreboard match={m} locale={locale} />
      {unavailable ? <p className="notice">{t("unavailable")}</p> : null}
      <section className="markets" aria-label={t("all-markets")}>
        {groups.length === 0 ? <p className="empty">{t("no-markets")}</p> : null}
        {groups.map(([group, list]) => (
          <section key={group} className="market-group" data-group={group}>
            <h2 className="block-title">{group === "all" ? t("all-markets") : group}</h2>
            {list.map((market) => (
              <div key={`${market.id}/${market.specifier ?? ""}`} className="market" data-market={market.id}>
                <h3>{market.name}</h3>
                <div className="outcomes">
                  {market.outcomes.map((o) => (
                    <OutcomeCell
                      key={o.id}
                      matchId={m.id}
                      marketId={market.id}
                      outcomeId={o.id}
                      name={o.name}
                      odds={o.odds}
                      active={o.active && !unavailable}
                      marketStatus={market.status}
                    />
                  ))}
                </div>
              </div>
            ))}
          </section>
        ))}
      </section>
      <LiveSubscription matchIds={[m.id]} />
    </div>
  );
}
