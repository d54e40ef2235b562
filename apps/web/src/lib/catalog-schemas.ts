import { z } from "zod";

// The catalog as the page server reads it from the Sportsbook API (SPEC §3 field names). Unknown
// fields are ignored so the API can grow; the fields the pages use are checked.

const id = z.union([z.string(), z.number()]).transform(String);
const name = z.string().max(500);
const optionalText = z.string().max(2000).nullish();

export const paginationSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  last_page: z.number().int().nonnegative(),
});

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: paginationSchema.optional() });

export const sportSchema = z.object({
  id,
  urn_id: optionalText,
  key: z.string().max(100),
  name,
  priority: z.number().nullish(),
  type: z.string().max(50).nullish(),
  provider: z.string().max(50).nullish(),
});
export type Sport = z.infer<typeof sportSchema>;

const ref = z.object({
  id,
  name: name.optional(),
  slug: z.string().max(200).optional(),
  key: z.string().max(100).optional(),
});

export const categorySchema = z.object({
  id,
  slug: z.string().max(200),
  name,
  priority: z.number().nullish(),
  country_code: z.string().max(10).nullish(),
  sport: ref.nullish(),
});
export type Category = z.infer<typeof categorySchema>;

export const tournamentSchema = z.object({
  id,
  urn_id: optionalText,
  slug: z.string().max(200),
  name,
  priority: z.number().nullish(),
  type: z.string().max(50).nullish(),
  category: ref.nullish(),
  sport: ref
    .extend({
      main_market_id: z.union([z.string(), z.number()]).nullish(),
      main_market_outcomes_count: z.number().nullish(),
    })
    .nullish(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

export const outcomeSchema = z.object({
  id,
  name,
  active: z.boolean().default(true),
  /** Odds × 1000. */
  odds: z.number().int().nonnegative(),
});
export type Outcome = z.infer<typeof outcomeSchema>;

export const marketSchema = z.object({
  id,
  name,
  status: z.number().int(),
  specifier: z.string().max(500).nullish(),
  outcomes: z.array(outcomeSchema),
  market_groups: z.array(z.string().max(100)).nullish(),
  priority: z.number().nullish(),
  provider: z.string().max(50).nullish(),
});
export type Market = z.infer<typeof marketSchema>;

const competitor = z.object({ name, logo: optionalText });

const periodScore = z.object({
  home: z.number().nullish(),
  away: z.number().nullish(),
  period_key: z.string().max(50).nullish(),
  period_name: z.string().max(100).nullish(),
  number: z.number().nullish(),
  type: z.string().max(50).nullish(),
});

export const statisticsSchema = z.object({
  clock: z
    .object({
      match_time: z.string().max(20).nullish(),
      stoppage_time: z.string().max(20).nullish(),
      stoppage_time_announced: z.string().max(20).nullish(),
      remaining_time: z.string().max(20).nullish(),
      remaining_time_in_period: z.string().max(20).nullish(),
      stopped: z.boolean().nullish(),
      clock_updated_at: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
  total_score: z.object({ home: z.number().nullish(), away: z.number().nullish() }).nullish(),
  game_score: z
    .object({
      home: z.union([z.number(), z.string()]).nullish(),
      away: z.union([z.number(), z.string()]).nullish(),
    })
    .nullish(),
  current_server: z.union([z.string(), z.number()]).nullish(),
  period_score: z.array(periodScore).nullish(),
  max_period_number: z.number().nullish(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const matchSchema = z.object({
  id,
  urn_id: optionalText,
  slug: z.string().max(300),
  type: z.string().max(50).nullish(),
  status: z.number().int(),
  stage: z.string().max(100).nullish(),
  start_time: z.string().max(50),
  stadium: optionalText,
  city: optionalText,
  competitors: z.object({ home: competitor, away: competitor }).nullish(),
  name: optionalText,
  available_markets: z.number().int().nullish(),
  has_video: z.boolean().nullish(),
  provider: z.string().max(50).nullish(),
  main_market: marketSchema.nullish(),
  statistics: statisticsSchema.nullish(),
  sport: ref.nullish(),
  category: ref.nullish(),
  tournament: ref.nullish(),
});
export type Match = z.infer<typeof matchSchema>;

export const MATCH_STATUS = {
  prematch: 0,
  live: 1,
  stopped: 2,
  closed: 3,
  finished: 4,
  notCovered: 5,
} as const;
export const MARKET_STATUS = { allowed: 1, suspended: -1 } as const;

/** SPEC §4: stopped, closed, finished and not covered matches are unavailable. */
export function isUnavailable(status: number): boolean {
  return status >= 2;
}
