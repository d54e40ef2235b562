import { MATCH_STATUS } from "@sportsbook/domain";
import { getTranslations } from "next-intl/server";
import { fetchMatches, type MatchQuery } from "../../lib/matches.server";
import type { Block, SiteSettings } from "../../lib/site-settings";
import { MatchList } from "./MatchList";

type ListKind =
  | "top-events"
  | "live-events"
  | "prematch-events"
  | "result-events"
  | "results"
  | "schedule"
  | "outrights";
type Title = "top-events" | "live-now" | "upcoming" | "results" | "schedule" | "outrights";

/** Matches that still take bets: prematch and live. */
const OPEN = `${MATCH_STATUS.prematch},${MATCH_STATUS.live}`;

/** What each event-list block kind lists: results are finished matches, outrights outright events. */
const QUERIES: Record<ListKind, { title: Title; query: MatchQuery }> = {
  "top-events": { title: "top-events", query: { sort_by: "priority", match_status: OPEN } },
  "live-events": { title: "live-now", query: { match_status: MATCH_STATUS.live } },
  "prematch-events": {
    title: "upcoming",
    query: { match_status: MATCH_STATUS.prematch, sort_by: "start_time" },
  },
  "result-events": { title: "results", query: { match_status: MATCH_STATUS.finished } },
  results: { title: "results", query: { match_status: MATCH_STATUS.finished } },
  schedule: { title: "schedule", query: { match_status: MATCH_STATUS.prematch, sort_by: "start_time" } },
  outrights: { title: "outrights", query: { type: "outright", match_status: OPEN } },
};

/** The kinds EventListBlock renders. */
export function isEventListKind(kind: string): kind is ListKind {
  return kind in QUERIES;
}

/** A settings block listing events (top, live, prematch …) from GET /matches. */
export async function EventListBlock({
  block,
  locale,
  settings,
}: {
  block: Block & { kind: ListKind };
  locale: string;
  settings: SiteSettings;
}) {
  const t = await getTranslations({ locale, namespace: "home" });
  const spec = QUERIES[block.kind];
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
