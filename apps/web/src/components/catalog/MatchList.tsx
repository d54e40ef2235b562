import { getTranslations } from "next-intl/server";
import type { Match } from "../../lib/catalog-schemas";
import type { SiteSettings } from "../../lib/site-settings";
import { LiveSubscription } from "../../live/LiveSubscription";
import { MatchCard } from "./MatchCard";

/** A list of match cards, shown as a slider or tiles, with live updates for the matches shown. */
export async function MatchList({
  matches,
  locale,
  settings,
  mode = "tile",
}: {
  matches: readonly Match[];
  locale: string;
  settings: SiteSettings;
  mode?: "slider" | "tile";
}) {
  if (matches.length === 0) {
    const t = await getTranslations({ locale, namespace: "catalog" });
    return <p className="empty">{t("no-events")}</p>;
  }
  return (
    <>
      <ul className={`match-list match-list-${mode}`}>
        {matches.map((m) => (
          <li key={m.id}>
            <MatchCard match={m} locale={locale} settings={settings} />
          </li>
        ))}
      </ul>
      <LiveSubscription matchIds={matches.map((m) => String(m.id))} />
    </>
  );
}
