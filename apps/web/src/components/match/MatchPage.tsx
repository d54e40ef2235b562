import { isMarketListed } from "@sportsbook/domain";
import { getTranslations } from "next-intl/server";
import { apiGetOr } from "../../lib/api.server";
import { isUnavailable, type Market, type Match, marketsResponseSchema } from "../../lib/catalog-schemas";
import type { SiteSettings } from "../../lib/site-settings";
import { LiveSubscription } from "../../live/LiveSubscription";
import { marketIdKey } from "../../live/live-store";
import { MatchLive } from "../../live/MatchLive";
import { OutcomeCell } from "../../live/OutcomeCell";
import { BetBuilderLazy } from "../bet-builder/BetBuilderLazy";
import { EventTime } from "../catalog/MatchCard";
import { matchPickOf } from "../ticket/pick";
import { Scoreboard } from "./Scoreboard";
import { VideoLink } from "./VideoLink";

/** SPEC §9: markets are read 500 at a time. */
const MARKETS_PAGE = 500;

/** Groups markets by their first market group, in priority order; inactive markets are dropped (SPEC §4). */
export function groupMarkets(markets: readonly Market[]): [string, Market[]][] {
  const groups = new Map<string, Market[]>();
  for (const m of [...markets].sort((a, b) => b.priority - a.priority)) {
    if (!isMarketListed(m.status)) continue;
    const g = m.market_groups[0] ?? "all";
    groups.set(g, [...(groups.get(g) ?? []), m]);
  }
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
  const id = String(m.id);
  const markets = await apiGetOr(
    `/matches/${m.id}/markets`,
    marketsResponseSchema,
    { locale, query: { limit: MARKETS_PAGE } },
    {
      data: m.main_market ? [m.main_market] : [],
      pagination: { total: 0, page: 1, limit: MARKETS_PAGE, last_page: 1 },
      groups: [],
    },
  );
  const groups = groupMarkets(markets.data);
  // groups the product knows read in the page's language; a provider's own group keeps its key
  const groupTitle = (group: string) =>
    group === "all" ? t("all-markets") : t.has(`groups.${group}`) ? t(`groups.${group}`) : group;
  const pickMatch = matchPickOf(m);
  const builderMarkets = markets.data.filter(
    (x) => x.custom_bet_groups.length > 0 && isMarketListed(x.status),
  );
  const home = m.competitors.home?.name ?? m.name;
  const away = m.competitors.away?.name ?? "";
  return (
    <div className="page match-page" data-page="match" data-match={id}>
      <header className="match-head">
        <p className="league">
          {m.sport.name} · {m.category.name} · {m.tournament.name}
        </p>
        <h1>{away ? `${home} – ${away}` : home}</h1>
        <EventTime match={m} locale={locale} />
        {m.stadium ? (
          <p className="venue">
            {t("stadium")}: {m.stadium}
            {m.city ? `, ${m.city}` : ""}
          </p>
        ) : null}
        <MatchLive
          matchId={id}
          status={m.status}
          statistics={m.statistics}
          outright={m.type === "outright"}
        />
        {m.has_video ? <VideoLink matchId={id} /> : null}
      </header>
      <Scoreboard matchId={id} home={home} away={away} statistics={m.statistics} />
      {isUnavailable(m.status) ? <p className="notice">{t("unavailable")}</p> : null}
      {builderMarkets.length > 0 && !isUnavailable(m.status) ? (
        <section id="betBuilder" className="bet-builder" aria-labelledby="bet-builder-title">
          <h2 id="bet-builder-title" className="block-title">
            {t("bet-builder")}
          </h2>
          <BetBuilderLazy match={{ ...pickMatch, matchStatus: m.status }} markets={builderMarkets} />
        </section>
      ) : null}
      <section className="markets" aria-label={t("all-markets")}>
        {groups.length === 0 ? <p className="empty">{t("no-markets")}</p> : null}
        {groups.map(([group, list]) => (
          <section key={group} className="market-group" data-group={group}>
            <h2 className="block-title">{groupTitle(group)}</h2>
            {list.map((market) => (
              <div key={`${market.id}/${market.specifier}`} className="market" data-market={market.id}>
                <h3>{market.name}</h3>
                <div className="outcomes">
                  {market.outcomes.map((o) => (
                    <OutcomeCell
                      key={o.id}
                      matchId={id}
                      marketId={marketIdKey(market.id, market.specifier)}
                      outcomeId={o.id}
                      name={o.name}
                      odds={o.odds}
                      active={o.active}
                      marketStatus={market.status}
                      matchStatus={m.status}
                      pick={{
                        match: pickMatch,
                        marketId: market.id,
                        specifier: market.specifier,
                        marketName: market.name,
                      }}
                    />
                  ))}
                </div>
              </div>
            ))}
          </section>
        ))}
      </section>
      <LiveSubscription matchIds={[id]} />
    </div>
  );
}
