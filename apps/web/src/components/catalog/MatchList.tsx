import { idText } from "@sportsbook/domain";
import { getTranslations } from "next-intl/server";
import type { Match } from "../../lib/catalog-schemas";
import type { SiteSettings } from "../../lib/site-settings";
import { LiveSubscription } from "../../live/LiveSubscription";
import { groupByLeague } from "./league-groups";
import { MatchCard } from "./MatchCard";
import styles from "./MatchList.module.css";

/**
 * A list of match cards, shown as a slider or tiles, with live updates for the matches shown; sorted
 * by league, the cards sit under a heading per league.
 */
export async function MatchList({
  matches,
  locale,
  settings,
  mode = "tile",
  groupBy,
}: {
  matches: readonly Match[];
  locale: string;
  settings: SiteSettings;
  mode?: "slider" | "tile";
  groupBy?: "league";
}) {
  if (matches.length === 0) {
    const t = await getTranslations({ locale, namespace: "catalog" });
    return <p className="empty">{t("no-events")}</p>;
  }
  const cards = (list: readonly Match[]) => (
    <ul className={`${styles.list} ${styles[mode]}`}>
      {list.map((m) => (
        <li key={m.id}>
          <MatchCard match={m} locale={locale} settings={settings} />
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {groupBy === "league"
        ? groupByLeague(matches).map((g) => (
            <section key={`${g.key}-${g.matches[0]?.id}`} data-league={g.key}>
              <h2>{g.title}</h2>
              {cards(g.matches)}
            </section>
          ))
        : cards(matches)}
      <LiveSubscription matchIds={matches.map((m) => idText(m.id))} />
    </>
  );
}
