import type { z } from "zod";
import { apiGetOr } from "./api.server";
import { listOf, type Match, matchSchema, type paginationSchema } from "./catalog-schemas";

/** Filters of GET /matches (SPEC §7) the pages use. */
export interface MatchQuery {
  sport_key?: string;
  sport_type?: string;
  category_id?: string;
  tournament_id?: string;
  match_status?: number;
  sort_by?: string;
  start_from?: string;
  start_to?: string;
  bettable?: boolean;
  favourite?: boolean;
  type?: string;
  page?: number;
  limit?: number;
}

export interface MatchPage {
  matches: Match[];
  pagination?: z.infer<typeof paginationSchema>;
}

export async function fetchMatches(locale: string, query: MatchQuery, cookie?: string): Promise<MatchPage> {
  const res = await apiGetOr(
    "/matches",
    listOf(matchSchema),
    { locale, query: { ...query }, ...(cookie ? { cookie } : {}) },
    { data: [] },
  );
  return { matches: res.data, ...(res.pagination ? { pagination: res.pagination } : {}) };
}
