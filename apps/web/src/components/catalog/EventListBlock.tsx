import { MATCH_STATUS } from "@sportsbook/domain";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { type ListParams, startWindow } from "../../lib/list-query";
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
  | "outrights"
  | "favorites";
type Title = "top-events" | "live-now" | "upcoming" | "results" | "schedule" | "outrights" | "favorites";

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
  favorites: { title: "favorites", query: { favourite: true, match_status: OPEN } },
};

/** What an events-filter above a list narrows it to. */
export type EventsFilter = Pick<ListParams, "sports" | "time">;

/** The filter's sports replace the block's own; its time window applies to matches yet to start. */
function filtered(query: MatchQuery, filter: EventsFilter | undefined, now: Date): MatchQuery {
  if (!filter) return query;
  const q = { ...query };
  if (filter.sports.length > 0) q.sport_key = filter.sports.join(",");
  return query.match_status === MATCH_STATUS.prematch ? { ...q, ...startWindow(filter.time, now) } : q;
}

/** The kinds EventListBlock renders. */
export function isEventListKind(kind: string): kind is ListKind {
  return kind in QUERIES;
}

/** A settings block listing events (top, live, prematch …) from GET /matches. */
export async function EventListBlock({
  block,
  locale,
  settings,
  filter,
}: {
  block: Block & { kind: ListKind };
  locale: string;
  settings: SiteSettings;
  filter?: EventsFilter | undefined;
}) {
  const t = await getTranslations({ locale, namespace: "home" });
  const spec = QUERIES[block.kind];
  const query = filtered(
    { ...spec.query, ...(block.sportKey ? { sport_key: block.sportKey } : {}), limit: block.limit ?? 20 },
    filter,
    new Date(),
  );
  // Only the favourites list is the player's own; every other list is the same for everyone.
  const cookie = spec.query.favourite ? (await cookies()).toString() : undefined;
  const { matches } = await fetchMatches(locale, query, cookie);
  const title = block.text ? undefined : t(spec.title);
  return (
    <section className="event-list" data-list={block.kind}>
      {title ? <h2 className="block-title">{title}</h2> : null}
      <MatchList matches={matches} locale={locale} settings={settings} mode={block.mode} />
    </section>
  );
}
