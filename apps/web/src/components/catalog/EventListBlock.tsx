import { getTranslations } from "next-intl/server";
import { fetchMatches, type MatchQuery } from "../../lib/matches.server";
import type { Block, SiteSettings } from "../../lib/site-settings";
import { MatchList } from "./MatchList";

const QUERIES: Partial<
  Record<Block["kind"], { title: "top-events" | "live-now" | "upcoming"; query: MatchQuery }>
> = {
  "top-events": { title: "top-events", query: { sort_by: "priority", match_status: "0,1" } },
  "live-events": { title: "live-now", query: { match_status: "1" } },
  "prematch-events": { title: "upcoming", query: { match_status: "0", sort_by: "start_time" } },
};

/** A settings block listing events (top, live, prematch …) from GET /matches. */
export async function EventListBlock({
  block,
  locale,
  settings,
}: {
  block: Block;
  locale: string;
  settings: SiteSettings;
}) {
  const t = await getTranslations({ locale, namespace: "home" });
  const spec = QUERIES[block.kind] ?? { title: "upcoming" as const, query: { match_status: "0" } };
  const { matches } = await fetchMatches(locale, {
    ...spec.query,
    ...(block.sportKey ? { sport_key: block.sportKey } : {}),
    limit: block.limit ?? 20,
  });
  const title = block.text ? undefined : t(spec.title);
  return (
    <section className="event-list" data-list={block.kind}>
      {title ? <h2 className="block-title">{title}</h2> : null}
      <MatchList matches={matches} locale={locale} settings={settings} mode={block.mode} />
    </section>
  );
}
