import { idText } from "@sportsbook/domain";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { CSSProperties } from "react";
import { isUnavailable, type Match, matchSlug } from "../../lib/catalog-schemas";
import { imageProps } from "../../lib/image-props";
import { localizeHref } from "../../lib/locale-url";
import type { SiteSettings } from "../../lib/site-settings";
import { LocalTime } from "../../live/LocalTime";
import { marketIdKey } from "../../live/live-store";
import { MatchLive } from "../../live/MatchLive";
import { startTimeText } from "../../live/start-time";
import { OutcomeCell } from "../price/OutcomeCell";
import { PriceGrid } from "../price/PriceGrid";
import { matchPickOf } from "../ticket/pick";
import { closedMarkets } from "./closed-markets";
import { FavoriteToggle } from "./FavoriteToggle";
import styles from "./MatchCard.module.css";
import { teamBadge } from "./team-badge";

export function matchHref(m: Match, locale: string, settings: SiteSettings): string {
  return localizeHref(`/${m.sport.key}/${matchSlug(m)}`, locale, settings);
}

/** When a match starts; for an outright, when betting on it ends (its start has long passed). */
export async function EventTime({ match: m, locale }: { match: Match; locale: string }) {
  const end = m.end_date;
  const time = (iso: string) => (
    <LocalTime iso={iso} locale={locale} utc={startTimeText(iso, locale, "UTC")} />
  );
  if (m.type !== "outright" || !end) return time(m.start_time);
  const t = await getTranslations({ locale, namespace: "match" });
  return <span className="event-ends">{t.rich("ends", { time: () => time(end) })}</span>;
}

/** SPEC §3 card view: teams with logos, start time, league, sport, status and main-market odds. */
export async function MatchCard({
  match: m,
  locale,
  settings,
}: {
  match: Match;
  locale: string;
  settings: SiteSettings;
}) {
  const t = await getTranslations({ locale, namespace: "catalog" });
  const id = idText(m.id);
  const main = m.main_market;
  const href = matchHref(m, locale, settings);
  const pickMatch = matchPickOf(m);
  const closed = closedMarkets(m.available_markets);
  return (
    <article
      className={styles.card}
      data-match-card
      data-match={id}
      data-unavailable={isUnavailable(m.status) || undefined}
    >
      <header className={styles.head}>
        <span className="league">
          {m.sport.name} · {m.tournament.name}
        </span>
        <EventTime match={m} locale={locale} />
        <FavoriteToggle matchId={id} />
      </header>
      <Link href={href} className={styles.teams} prefetch={false}>
        {m.competitors.home || m.competitors.away ? (
          <>
            <Team name={m.competitors.home?.name ?? ""} logo={m.competitors.home?.logo} />
            <Team name={m.competitors.away?.name ?? ""} logo={m.competitors.away?.logo} />
          </>
        ) : (
          <span className={styles.team}>{m.name}</span>
        )}
      </Link>
      <MatchLive matchId={id} status={m.status} statistics={m.statistics} outright={m.type === "outright"} />
      {main && m.available_markets > 0 ? (
        <PriceGrid data-market={main.id}>
          {main.outcomes.map((o, i) => (
            <OutcomeCell
              key={o.id}
              matchId={id}
              marketId={marketIdKey(main.id, main.specifier)}
              outcomeId={o.id}
              name={o.name}
              label={columnLabels(main.outcomes.length)?.[i]}
              odds={o.odds}
              active={o.active}
              marketStatus={main.status}
              matchStatus={m.status}
              pick={{ match: pickMatch, marketId: main.id, specifier: main.specifier, marketName: main.name }}
            />
          ))}
        </PriceGrid>
      ) : (
        <p className={styles.marketsClosed} data-markets-closed={closed}>
          {t(closed === "main" ? "main-market-closed" : "markets-closed")}
        </p>
      )}
      {m.available_markets > 0 ? (
        <Link href={href} className={styles.moreMarkets} prefetch={false}>
          {t("markets-count", { count: m.available_markets })}
        </Link>
      ) : null}
    </article>
  );
}

/**
 * The column headers books print over a main market (1 / X / 2, or 1 / 2 without a draw): a card's
 * cells are too narrow for team names, which stay in each cell's title and accessible name.
 */
function columnLabels(outcomeCount: number): readonly string[] | undefined {
  if (outcomeCount === 3) return ["1", "X", "2"];
  if (outcomeCount === 2) return ["1", "2"];
  return undefined;
}

export function Team({ name, logo }: { name: string; logo?: string | null | undefined }) {
  return (
    <span className={styles.team}>
      {logo ? (
        // biome-ignore lint/performance/noImgElement: the optimizer's props on a plain img (lib/image-props.ts says why)
        <img
          {...imageProps({
            src: logo,
            alt: "",
            width: 20,
            height: 20,
            unoptimized: logo.startsWith("data:") || logo.endsWith(".svg"),
          })}
          alt=""
        />
      ) : name ? (
        <Badge name={name} />
      ) : null}
      <span>{name}</span>
    </span>
  );
}

/**
 * A competitor without a logo: its initials on its colour, a picture to the eye only. The initials
 * are drawn by the style sheet, so they are no text of the page (a reader, a copy, a search).
 */
function Badge({ name }: { name: string }) {
  const { initials, hue } = teamBadge(name);
  return (
    <span
      className={styles.badge}
      style={{ "--badge-hue": hue } as CSSProperties}
      aria-hidden="true"
      data-team-badge={initials}
    />
  );
}
