import { z } from "zod";
import { ApiError, apiGet, apiGetOr } from "./api.server";
import {
  type Category,
  categorySchema,
  listOf,
  type Match,
  matchSchema,
  type Sport,
  sportSchema,
  type Tournament,
  tournamentSchema,
} from "./catalog-schemas";

export type Resolved =
  | { kind: "category"; sport: Sport; category: Category }
  | { kind: "league"; sport: Sport; league: Tournament }
  | { kind: "match"; sport: Sport; match: Match };

const one = <T extends z.ZodType>(s: T) =>
  z
    .union([z.object({ data: s }), s])
    .transform((v) =>
      "data" in (v as object) && (v as { data?: unknown }).data !== undefined
        ? (v as { data: z.infer<T> }).data
        : (v as z.infer<T>),
    );

export async function findSport(key: string, locale: string): Promise<Sport | undefined> {
  const sports = await apiGetOr("/sports", listOf(sportSchema), { locale }, { data: [] });
  return sports.data.find((s) => s.key === key);
}

/** Category, league and match pages share /[sport]/[slug]; the slug says which one (SPEC §2). */
export async function resolveSlug(sport: Sport, slug: string, locale: string): Promise<Resolved | undefined> {
  const [categories, leagues] = await Promise.all([
    apiGetOr(
      "/categories",
      listOf(categorySchema),
      { locale, query: { sport_key: sport.key, limit: 500 } },
      { data: [] },
    ),
    apiGetOr(
      "/tournaments",
      listOf(tournamentSchema),
      { locale, query: { sport_key: sport.key, limit: 500 } },
      { data: [] },
    ),
  ]);
  const league = leagues.data.find((l) => l.slug === slug);
  if (league) return { kind: "league", sport, league };
  const category = categories.data.find((c) => c.slug === slug);
  if (category) return { kind: "category", sport, category };
  const match = await findMatch(slug, locale);
  return match ? { kind: "match", sport, match } : undefined;
}

async function findMatch(slug: string, locale: string): Promise<Match | undefined> {
  const candidates = [slug, /-(\d+)$/.exec(slug)?.[1]].filter((c): c is string => Boolean(c));
  for (const c of candidates) {
    try {
      const m = await apiGet(`/matches/${encodeURIComponent(c)}`, one(matchSchema), { locale });
      if (m.slug === slug || m.id === c) return m;
    } catch (err) {
      if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 400)) throw err;
    }
  }
  return undefined;
}
