import { idText, isMarketListed, MATCH_STATUS } from "@sportsbook/domain";
import { headers } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Match } from "../../lib/catalog-schemas";
import { NONCE_HEADER } from "../../lib/content-security-policy";
import { fetchMarkets, fetchMatches } from "../../lib/matches.server";
import type { Block, SiteSettings } from "../../lib/site-settings";
import { LiveSubscription } from "../../live/LiveSubscription";
import { EventTime, matchHref, Team } from "../catalog/MatchCard";
import { MarketView } from "../match/MarketView";
import { Scoreboard } from "./BlocksLazy";
import styles from "./MatchBlocks.module.css";
import { PredictionWidget } from "./PredictionWidget";
import { PreviewDismiss } from "./PreviewDismiss";

interface MatchBlockProps {
  block: Block;
  locale: string;
  settings: SiteSettings;
}

/** Markets an event-markets block shows when the operator sets no limit. */
const EVENT_MARKETS_SHOWN = 4;

/** How far down the priority order a featured block looks for a match that offers markets. */
const FEATURED_CANDIDATES = 5;

/**
 * The match a block shows: the one the operator names, or else the first by priority among
 * matches in `status` (of the block's sport, when it names one) that offers a market right now.
 */
async function featuredMatch(block: Block, locale: string, status: string): Promise<Match | undefined> {
  if (block.matchId) return (await fetchMatches(locale, { id: block.matchId })).matches[0];
  const { matches } = await fetchMatches(locale, {
    match_status: status,
    sort_by: "priority" as const,
    type: "match" as const,
    limit: FEATURED_CANDIDATES,
    ...(block.sportKey ? { sport_key: block.sportKey } : {}),
  });
  // A match is featured to be bet on; one between its maps, or with every line decided, offers
  // nothing for a while.
  return matches.find((m) => m.available_markets > 0) ?? matches[0];
}

const OPEN = `${MATCH_STATUS.prematch},${MATCH_STATUS.live}`;

function names(m: Match): { home: string; away: string } {
  return { home: m.competitors.home?.name ?? m.name, away: m.competitors.away?.name ?? "" };
}

function MatchTitle({ match, locale, settings }: { match: Match; locale: string; settings: SiteSettings }) {
  const { home, away } = names(match);
  return (
    <h2 className="block-title">
      <Link href={matchHref(match, locale, settings)} prefetch={false}>
        {away ? `${home} – ${away}` : home}
      </Link>
    </h2>
  );
}

/** event-markets: the leading markets of a match, bettable in place. */
export async function EventMarketsBlock({ block, locale, settings }: MatchBlockProps) {
  const t = await getTranslations({ locale, namespace: "blocks" });
  const match = await featuredMatch(block, locale, OPEN);
  if (!match) return <p className="empty">{t("no-match")}</p>;
  const markets = (await fetchMarkets(match, locale)).data
    .filter((m) => isMarketListed(m.status))
    .sort((a, b) => b.priority - a.priority)
    .slice(0, block.limit ?? EVENT_MARKETS_SHOWN);
  return (
    <section className="event-markets" data-match={match.id}>
      <MatchTitle match={match} locale={locale} settings={settings} />
      {markets.length === 0 ? <p className="empty">{t("no-markets")}</p> : null}
      {markets.map((market) => (
        <MarketView key={`${market.id}/${market.specifier}`} match={match} market={market} />
      ))}
      <LiveSubscription matchIds={[idText(match.id)]} />
    </section>
  );
}

/** event-stats: the score and periods of a live match (or the named one), kept live. */
export async function EventStatsBlock({ block, locale, settings }: MatchBlockProps) {
  const t = await getTranslations({ locale, namespace: "blocks" });
  const match = await featuredMatch(block, locale, String(MATCH_STATUS.live));
  if (!match) return <p className="empty">{t("no-live-match")}</p>;
  const { home, away } = names(match);
  const id = idText(match.id);
  const hasScore = Boolean(match.statistics.total_score || match.statistics.period_score?.length);
  return (
    <section className="event-stats" data-match={id}>
      <MatchTitle match={match} locale={locale} settings={settings} />
      <Scoreboard matchId={id} home={home} away={away} statistics={match.statistics} />
      {hasScore ? null : <p className="empty">{t("no-statistics")}</p>}
      <LiveSubscription matchIds={[id]} />
    </section>
  );
}

/** prediction: who wins an upcoming match, voted through /vote (SPEC §3 prediction widget). */
export async function PredictionBlock({ block, locale, settings }: MatchBlockProps) {
  const t = await getTranslations({ locale, namespace: "blocks" });
  const match = await featuredMatch(block, locale, String(MATCH_STATUS.prematch));
  if (!match) return <p className="empty">{t("no-match")}</p>;
  const { home, away } = names(match);
  const outcomes = match.main_market?.outcomes ?? [];
  const odds = (i: number) => outcomes[i]?.odds ?? null;
  const threeWay = outcomes.length === 3;
  return (
    <section className="prediction" data-match={match.id}>
      <h2 className="block-title">{t("prediction")}</h2>
      <p className="league">
        {match.sport.name} · {match.tournament.name}
      </p>
      <PredictionWidget
        predictionId={`match-${match.id}`}
        matchId={match.id}
        href={matchHref(match, locale, settings)}
        choices={[
          { key: "home", label: home, odds: odds(0) },
          ...(threeWay ? [{ key: "draw" as const, label: t("draw"), odds: odds(1) }] : []),
          { key: "away", label: away, odds: odds(threeWay ? 2 : 1) },
        ]}
      />
    </section>
  );
}

/**
 * match-preview: the next top match before kick-off (or the named one): league, teams, start, venue,
 * its main market bettable in place and the way to all its markets; closable for the session.
 */
export async function MatchPreviewBlock({ block, locale, settings }: MatchBlockProps) {
  const t = await getTranslations({ locale, namespace: "blocks" });
  const tc = await getTranslations({ locale, namespace: "catalog" });
  const match = await featuredMatch(block, locale, String(MATCH_STATUS.prematch));
  if (!match) return <p className="empty">{t("no-match")}</p>;
  const id = idText(match.id);
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <section className={styles.preview} data-match={id}>
      <PreviewDismiss matchId={id} nonce={nonce}>
        <p className="league">
          {match.sport.name} · {match.category.name} · {match.tournament.name}
        </p>
        <p className={styles.teams}>
          <Team name={match.competitors.home?.name ?? match.name} logo={match.competitors.home?.logo} />
          <Team name={match.competitors.away?.name ?? ""} logo={match.competitors.away?.logo} />
        </p>
        <EventTime match={match} locale={locale} />
        {match.stadium ? (
          <p className="venue">
            {match.stadium}
            {match.city ? `, ${match.city}` : ""}
          </p>
        ) : null}
        {match.main_market ? <MarketView match={match} market={match.main_market} /> : null}
        <Link href={matchHref(match, locale, settings)} prefetch={false}>
          {tc("markets-count", { count: match.available_markets })}
        </Link>
      </PreviewDismiss>
      <LiveSubscription matchIds={[id]} />
    </section>
  );
}
