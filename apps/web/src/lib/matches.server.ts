import { apiGetOr } from "./api.server";
import { type Match, matchesResponseSchema } from "./catalog-schemas";

/** Filters of GET /matches (SPEC §7) the pages use; lists are comma-joined. */
export interface MatchQuery {
  id?: string | number;
  sport_key?: string;
  sport_type?: "regular" | "cyber" | "premium_cricket";
  category_id?: string | number;
  tournament_id?: string | number;
  match_status?: string | number;
  sort_by?: "start_time" | "priority" | "tournament";
  start_from?: string;
  start_to?: string;
  bettable?: boolean;
  custom_bet?: boolean;
  favourite?: boolean;
  type?: "match" | "outright";
  max_per_sport?: number;
  page?: number;
  limit?: number;
}

export interface MatchPage {
  matches: Match[];
  pagination?: { total: number; page: number; limit: number; last_page: number };
}

export async function fetchMatches(locale: string, query: MatchQuery, cookie?: string): Promise<MatchPage> {
  const res = await apiGetOr(
    "/matches",
    matchesResponseSchema,
    { locale, query: { ...query }, ...(cookie ? { cookie } : {}) },
    { data: [], pagination: { total: 0, page: 1, limit: query.limit ?? 50, last_page: 1 } },
  );
  return { matches: res.data, pagination: res.pagination };
}
