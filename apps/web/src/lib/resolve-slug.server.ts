import { z } from "zod";
import { apiGet, apiGetOr } from "./api.server";
import {
  type Category,
  categoriesResponseSchema,
  type Match,
  matchIdFromSlug,
  matchSchema,
  matchSlug,
  type Sport,
  type Tournament,
  tournamentsResponseSchema,
} from "./catalog-schemas";
import { fetchSports } from "./sports.server";

export type Resolved =
  | { kind: "category"; sport: Sport; category: Category }
  | { kind: "league"; sport: Sport; league: Tournament }
  | { kind: "match"; sport: Sport; match: Match };

export async function findSport(key: string, locale: string): Promise<Sport | undefined> {
  const sports = await fetchSports(locale);
  return sports.data.find((s) => s.key === key);
}

const EMPTY_PAGE = { total: 0, page: 1, limit: 500, last_page: 1 };

/** Category, league and match pages share /[sport]/[slug]; the slug says which one (SPEC §2). */
export async function resolveSlug(sport: Sport, slug: string, locale: string): Promise<Resolved | undefined> {
  const [categories, leagues] = await Promise.all([
    apiGetOr(
      "/categories",
      categoriesResponseSchema,
      { locale, query: { sport_key: sport.key } },
      { data: [] },
    ),
    apiGetOr(
      "/tournaments",
      tournamentsResponseSchema,
      { locale, query: { sport_key: sport.key, limit: 500 } },
      { data: [], pagination: EMPTY_PAGE },
    ),
  ]);
  const league = leagues.data.find((l) => l.slug === slug);
  if (league) return { kind: "league", sport, league };
  const category = categories.data.find((c) => c.slug === slug);
  if (category) return { kind: "category", sport, category };
  const match = await findMatch(slug, locale);
  return match && match.sport.key === sport.key ? { kind: "match", sport, match } : undefined;
}

/** A match slug is its name slug and its id; both must agree so stale or forged links are not found. */
async function findMatch(slug: string, locale: string): Promise<Match | undefined> {
  const id = matchIdFromSlug(slug);
  if (id === undefined) return undefined;
  const res = await apiGet(`/matches/${id}`, z.object({ data: matchSchema }), { locale }).catch(
    () => undefined,
  );
  return res && matchSlug(res.data) === slug ? res.data : undefined;
}
