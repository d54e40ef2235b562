import { idText, isMarketListed } from "@sportsbook/domain";
import { getTranslations } from "next-intl/server";
import { fetchBookSettings } from "../../lib/book-settings.server";
import { isUnavailable, type Market, type Match } from "../../lib/catalog-schemas";
import { fetchMarkets, fetchStreams } from "../../lib/matches.server";
import { chatUrl, type SiteSettings } from "../../lib/site-settings";
import { LiveSubscription } from "../../live/LiveSubscription";
import { MatchLive } from "../../live/MatchLive";
import { BetBuilderLazy } from "../bet-builder/BetBuilderLazy";
import { EventTime } from "../catalog/MatchCard";
import { matchPickOf } from "../ticket/pick";
import { MarketView } from "./MarketView";
import styles from "./MatchPage.module.css";
import { MatchTabs } from "./MatchTabs";
import { matchTabs } from "./match-tabs";
import { Scoreboard } from "./Scoreboard";
import { StreamPanel } from "./StreamPanel";

/** Groups markets by their first market group, in priority order; inactive markets are dropped (SPEC §4). */
function groupMarkets(markets: readonly Market[]): [string, Market[]][] {
  const groups = new Map<string, Market[]>();
  for (const m of [...markets].sort((a, b) => b.priority - a.priority)) {
    if (!isMarketListed(m.status)) continue;
    const g = m.market_groups[0] ?? "all";
    groups.set(g, [...(groups.get(g) ?? []), m]);
  }
  return [...groups.entries()];
}

/** The match page (page id `match`): its head, then markets, statistics, stream and chat as tabs. */
export async function MatchPage({
  match: m,
  locale,
  settings,
}: {
  match: Match;
  locale: string;
  settings: SiteSettings;
}) {
  const t = await getTranslations({ locale, namespace: "match" });
  const id = idText(m.id);
  const book = await fetchBookSettings(locale);
  // SPEC §3 video_settings: with video off no match offers its stream.
  const [markets, streams] = await Promise.all([
    fetchMarkets(m, locale),
    m.type === "outright" || !book.videoEnabled ? Promise.resolve([]) : fetchStreams(m.id, locale),
  ]);
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
  const builder =
    book.customBetEnabled && builderMarkets.length > 0 && !isUnavailable(m.status) ? (
      <section id="betBuilder" className="bet-builder" aria-labelledby="bet-builder-title">
        <h2 id="bet-builder-title" className="block-title">
          {t("bet-builder")}
        </h2>
        <BetBuilderLazy match={{ ...pickMatch, matchStatus: m.status }} markets={builderMarkets} />
      </section>
    ) : null;
  const marketsPanel = (
    <section className="markets" aria-label={t("all-markets")}>
      {groups.length === 0 ? <p className="empty">{t("no-markets")}</p> : null}
      {groups.map(([group, list]) => (
        <section key={group} className="market-group" data-group={group}>
          <h2 className="block-title">{groupTitle(group)}</h2>
          {list.map((market) => (
            <MarketView key={`${market.id}/${market.specifier}`} match={m} market={market} />
          ))}
        </section>
      ))}
    </section>
  );
  const tabs = matchTabs({
    statistics: m.statistics,
    hasVideo: m.has_video && book.videoEnabled,
    streams: streams.length,
    chat: Boolean(settings.chat),
    betBuilder: builder !== null,
  });
  return (
    <div className="page" data-page="match" data-match={id}>
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
      </header>
      {isUnavailable(m.status) ? <p className="notice">{t("unavailable")}</p> : null}
      <MatchTabs
        label={t("sections")}
        tabs={tabs.map((tab) => ({ id: tab, label: t(`tab.${tab}`) }))}
        panels={{
          markets: marketsPanel,
          betbuilder: builder,
          statistics: <Scoreboard matchId={id} home={home} away={away} statistics={m.statistics} />,
          stream: (
            <StreamPanel
              matchId={id}
              streams={streams}
              hasVideo={m.has_video && book.videoEnabled}
              locale={locale}
            />
          ),
          chat: settings.chat ? (
            <iframe
              className={styles.chat}
              src={chatUrl(settings.chat, locale, id)}
              title={t("tab.chat")}
              loading="lazy"
            />
          ) : null,
        }}
      />
      <LiveSubscription matchIds={[id]} />
    </div>
  );
}
