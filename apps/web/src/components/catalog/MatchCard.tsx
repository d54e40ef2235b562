import Image from "next/image";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { isUnavailable, type Match } from "../../lib/catalog-schemas";
import { localizeHref } from "../../lib/locale-url";
import type { SiteSettings } from "../../lib/site-settings";
import { LocalTime } from "../../live/LocalTime";
import { MatchLive } from "../../live/MatchLive";
import { OutcomeCell } from "../../live/OutcomeCell";

export function matchHref(m: Match, locale: string, settings: SiteSettings): string {
  return localizeHref(`/${m.sport?.key ?? "sport"}/${m.slug}`, locale, settings);
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
  const home = m.competitors?.home;
  const away = m.competitors?.away;
  const main = m.main_market;
  return (
    <article className="match-card" data-match={m.id} data-unavailable={isUnavailable(m.status) || undefined}>
      <header className="match-card-head">
        <span className="league">
          {m.sport?.name ? `${m.sport.name} · ` : ""}
          {m.tournament?.name ?? ""}
        </span>
        <LocalTime iso={m.start_time} locale={locale} />
      </header>
      <Link href={matchHref(m, locale, settings)} className="teams" prefetch={false}>
        <Team name={home?.name ?? m.name ?? ""} logo={home?.logo} />
        <Team name={away?.name ?? ""} logo={away?.logo} />
      </Link>
      <MatchLive matchId={m.id} status={m.status} statistics={m.statistics} />
      {main ? (
        <div className="outcomes" data-market={main.id}>
          {main.outcomes.map((o) => (
            <OutcomeCell
              key={o.id}
              matchId={m.id}
              marketId={main.id}
              outcomeId={o.id}
              name={o.name}
              odds={o.odds}
              active={o.active && !isUnavailable(m.status)}
              marketStatus={main.status}
            />
          ))}
        </div>
      ) : null}
      {m.available_markets ? (
        <Link href={matchHref(m, locale, settings)} className="more-markets" prefetch={false}>
          {t("markets-count", { count: m.available_markets })}
        </Link>
      ) : null}
    </article>
  );
}

function Team({ name, logo }: { name: string; logo?: string | null | undefined }) {
  return (
    <span className="team">
      {logo ? <Image src={logo} alt="" width={20} height={20} /> : null}
      <span>{name}</span>
    </span>
  );
}
