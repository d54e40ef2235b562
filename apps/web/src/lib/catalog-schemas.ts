import { isMatchAvailable } from "@sportsbook/domain";

// The catalog as the Sportsbook API answers it: the contracts package holds the wire schemas, so the
// page server validates exactly what the API promises.
export {
  type Category,
  categoriesResponseSchema,
  countersResponseSchema,
  type Market,
  type Match,
  marketsResponseSchema,
  matchesResponseSchema,
  matchSchema,
  type Outcome,
  type Sport,
  searchResponseSchema,
  sportsResponseSchema,
  streamsResponseSchema,
  type Tournament,
  tournamentsResponseSchema,
} from "@sportsbook/contracts/http/catalogue";
export type { Statistics } from "@sportsbook/contracts/statistics";

/** SPEC §4: stopped, closed, finished and not covered matches are unavailable. */
export function isUnavailable(status: number): boolean {
  return !isMatchAvailable(status);
}

/** The URL slug of a match: its name slug and its id, so the page finds it by one lookup. */
export function matchSlug(m: { slug: string; id: number }): string {
  return `${m.slug}-${m.id}`;
}

/** The match id at the end of a match slug. */
export function matchIdFromSlug(slug: string): number | undefined {
  const m = /(?:^|-)(\d{1,15})$/.exec(slug);
  return m ? Number(m[1]) : undefined;
}
