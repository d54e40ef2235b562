import type { z } from "zod";
import { apiGetOr } from "./api.server";
import {
  type Match,
  marketsResponseSchema,
  matchesResponseSchema,
  streamsResponseSchema,
} from "./catalog-schemas";

type MarketsResponse = z.infer<typeof marketsResponseSchema>;

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

/** SPEC §9: markets are read 500 at a time. */
const MARKETS_PAGE = 500;

/** A match's markets; when they cannot be read, its main market alone. */
export async function fetchMarkets(match: Match, locale: string): Promise<MarketsResponse> {
  return apiGetOr(
    `/matches/${match.id}/markets`,
    marketsResponseSchema,
    { locale, query: { limit: MARKETS_PAGE } },
    {
      data: match.main_market ? [match.main_market] : [],
      pagination: { total: 0, page: 1, limit: MARKETS_PAGE, last_page: 1 },
      groups: [],
    },
  );
}

/** A match's stream links (public); none when they cannot be read. */
export async function fetchStreams(
  matchId: number,
  locale: string,
): Promise<z.infer<typeof streamsResponseSchema>["data"]> {
  return (await apiGetOr(`/matches/${matchId}/streams`, streamsResponseSchema, { locale }, { data: [] }))
    .data;
}
