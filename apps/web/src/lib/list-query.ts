import { LIST_TABS } from "@sportsbook/domain";
import { queryList } from "./locale-url";
import type { MatchQuery } from "./matches.server";

export { LIST_TABS };
export type ListTab = (typeof LIST_TABS)[number];

export const TIME_FILTERS = ["all", "today", "h1", "h3", "h6", "h12"] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];

export type SearchParams = Record<string, string | string[] | undefined>;

export interface ListParams {
  tab: ListTab;
  time: TimeFilter;
  sortBy: "start_time" | "league";
  date?: string;
  sports: string[];
  sportType?: "regular" | "cyber" | "premium_cricket";
  page: number;
  isBettable: boolean;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Reads the list query parameters of SPEC §2 (time, sortBy, date, sport, page, isBettable, sportType, tab); bad values fall back to defaults. */
export function readListParams(sp: SearchParams, defaultTab: ListTab = "all"): ListParams {
  const tab = first(sp.tab);
  const time = first(sp.time);
  const sortBy = first(sp.sortBy);
  const date = first(sp.date);
  const page = Number(first(sp.page) ?? "1");
  const sportType = first(sp.sportType);
  return {
    tab: (LIST_TABS as readonly string[]).includes(tab ?? "") ? (tab as ListTab) : defaultTab,
    time: (TIME_FILTERS as readonly string[]).includes(time ?? "") ? (time as TimeFilter) : "all",
    sortBy: sortBy === "league" ? "league" : "start_time",
    ...(date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { date } : {}),
    sports: queryList(sp.sport).filter((s) => /^[a-z0-9-]{1,50}$/.test(s)),
    ...(sportType === "regular" || sportType === "cyber" || sportType === "premium_cricket"
      ? { sportType }
      : {}),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    isBettable: first(sp.isBettable) === "true",
  };
}

const HOURS: Record<TimeFilter, number | undefined> = {
  all: undefined,
  today: undefined,
  h1: 1,
  h3: 3,
  h6: 6,
  h12: 12,
};

/** Turns list parameters into GET /matches filters; `now` is passed in so the mapping is testable. */
export function toMatchQuery(p: ListParams, now: Date, pageSize = 30): MatchQuery {
  const q: MatchQuery = {
    page: p.page,
    limit: pageSize,
    sort_by: p.sortBy === "league" ? "tournament" : "start_time",
  };
  if (p.sports.length > 0) q.sport_key = p.sports.join(",");
  if (p.sportType) q.sport_type = p.sportType;
  if (p.isBettable) q.bettable = true;
  if (p.tab === "top") q.sort_by = "priority";
  if (p.tab === "favorites") q.favourite = true;
  if (p.tab === "outrights") q.type = "outright";
  if (p.tab === "betbuilder") q.custom_bet = true;
  return { ...q, ...startWindow(p.time, now, p.date) };
}

/** The start-time bounds of a time filter (or a date), none for "all" without a date. */
export function startWindow(
  time: TimeFilter,
  now: Date,
  date?: string,
): Pick<MatchQuery, "start_from" | "start_to"> {
  const hours = HOURS[time];
  if (hours !== undefined)
    return {
      start_from: now.toISOString(),
      start_to: new Date(now.getTime() + hours * 3_600_000).toISOString(),
    };
  if (time !== "today" && !date) return {};
  const day = date ?? now.toISOString().slice(0, 10);
  return { start_from: `${day}T00:00:00.000Z`, start_to: `${day}T23:59:59.999Z` };
}
