import { z } from "zod";
import { statisticsSchema } from "../statistics.js";
import {
  commaList,
  idSchema,
  instantSchema,
  listOf,
  marketIdSchema,
  matchIdSchema,
  outcomeIdSchema,
  pageQuery,
  queryBoolean,
  text,
} from "./common.js";

export const sportTypeSchema = z.enum(["regular", "cyber", "premium_cricket"]);
/** SPEC §4 match status: 0 prematch, 1 live, 2 stopped, 3 closed, 4 finished, 5 not covered. */
export const matchStatusCodeSchema = z.number().int().min(0).max(5);

export const sportSchema = z.object({
  id: z.number().int(),
  urn_id: text(),
  key: text(),
  name: text(),
  priority: z.number().int(),
  type: sportTypeSchema,
  provider: text(),
});
export type Sport = z.infer<typeof sportSchema>;

const sportRefSchema = sportSchema.pick({ id: true, key: true, name: true, type: true });

export const categorySchema = z.object({
  id: z.number().int(),
  urn_id: text(),
  slug: text(),
  name: text(),
  priority: z.number().int(),
  country_code: text().nullable(),
  sport: sportRefSchema,
});
export type Category = z.infer<typeof categorySchema>;

export const tournamentSchema = z.object({
  id: z.number().int(),
  urn_id: text(),
  slug: text(),
  name: text(),
  priority: z.number().int(),
  type: text(),
  provider: text(),
  category: categorySchema.pick({ id: true, slug: true, name: true, country_code: true }),
  sport: sportRefSchema.extend({
    main_market_id: z.number().int().nullable(),
    main_market_outcomes_count: z.number().int().nullable(),
    secondary_market_id: z.number().int().nullable(),
    secondary_market_outcomes_count: z.number().int().nullable(),
  }),
});
export type Tournament = z.infer<typeof tournamentSchema>;

export const outcomeSchema = z.object({
  /** The provider's outcome id (`1`, `12`, `pre:playerprops:…`). */
  id: outcomeIdSchema,
  name: text(),
  active: z.boolean(),
  odds: z.number().int(),
});
export type Outcome = z.infer<typeof outcomeSchema>;

/** SPEC §3 market. `status` 1 allowed, -1 suspended, other values not allowed (0 is never listed). */
export const marketSchema = z.object({
  /** The provider's market id (UOF market type, e.g. 1 for 1x2). */
  id: marketIdSchema,
  match_id: matchIdSchema,
  match_urn_id: text(),
  name: text(),
  status: z.number().int(),
  /** Canonical `key=value|key=value` specifier, `""` when the market has none. */
  specifier: text(),
  outcomes: z.array(outcomeSchema),
  market_groups: z.array(text()),
  priority: z.number().int(),
  most_balanced: z.boolean(),
  next_bet_stop: text().nullable(),
  custom_bet_groups: z.array(text()),
  provider: text(),
});
export type Market = z.infer<typeof marketSchema>;

export const competitorSchema = z.object({
  id: z.number().int(),
  urn_id: text(),
  name: text(),
  logo: text().nullable(),
});

/** SPEC §3 match (also outright events: `type` = `outright`, `name` set, no competitors). */
export const matchSchema = z.object({
  id: matchIdSchema,
  urn_id: text(),
  slug: text(),
  type: text(),
  name: text(),
  status: z.number().int(),
  stage: text().nullable(),
  start_time: text(),
  end_date: text().nullable(),
  stadium: text().nullable(),
  city: text().nullable(),
  competitors: z.object({ home: competitorSchema.nullable(), away: competitorSchema.nullable() }),
  /** Count of markets a player can see on the match page. */
  available_markets: z.number().int(),
  has_video: z.boolean(),
  provider: text(),
  is_live: z.boolean(),
  is_finished: z.boolean(),
  bettable: z.boolean(),
  main_market: marketSchema.nullable(),
  secondary_market: marketSchema.nullable(),
  statistics: statisticsSchema,
  sport: sportRefSchema,
  category: categorySchema.pick({ id: true, slug: true, name: true, country_code: true }),
  tournament: tournamentSchema.pick({ id: true, urn_id: true, slug: true, name: true }),
});
export type Match = z.infer<typeof matchSchema>;

export const sportsResponseSchema = z.object({ data: z.array(sportSchema) });
export const categoriesQuerySchema = z.object({
  sport_id: idSchema.optional(),
  sport_key: text().max(100).optional(),
});
export const categoriesResponseSchema = z.object({ data: z.array(categorySchema) });
export const tournamentsQuerySchema = z.object({
  sport_id: idSchema.optional(),
  sport_key: text().max(100).optional(),
  category_id: idSchema.optional(),
  ...pageQuery(100, 500),
});
export const tournamentsResponseSchema = listOf(tournamentSchema);

export const matchSortSchema = z.enum(["start_time", "priority", "tournament"]);

/** `GET /matches` filters of SPEC §7. */
export const matchesQuerySchema = z.object({
  id: commaList(idSchema).optional(),
  type: z.enum(["match", "outright"]).optional(),
  sport_key: commaList(text().max(100)).optional(),
  sport_type: sportTypeSchema.optional(),
  category_id: commaList(idSchema).optional(),
  tournament_id: commaList(idSchema).optional(),
  match_status: commaList(z.coerce.number().int().min(0).max(5)).optional(),
  sort_by: matchSortSchema.default("start_time"),
  start_from: instantSchema.optional(),
  start_to: instantSchema.optional(),
  bettable: queryBoolean.optional(),
  max_per_sport: z.coerce.number().int().min(1).max(500).optional(),
  favourite: queryBoolean.optional(),
  has_video: queryBoolean.optional(),
  /** Only matches with an open market that takes part in the bet builder. */
  custom_bet: queryBoolean.optional(),
  ...pageQuery(50, 500),
});
export const matchesResponseSchema = listOf(matchSchema);

export const marketsQuerySchema = z.object({
  group_key: text().max(100).optional(),
  market_id: commaList(z.coerce.number().int().min(0).max(2_000_000_000)).optional(),
  ...pageQuery(500, 500),
});
/** Markets of a match ordered by priority, with the groups present and their sizes. */
export const marketsResponseSchema = listOf(marketSchema).extend({
  groups: z.array(z.object({ group_key: text(), count: z.number().int() })),
});

/** `POST /counters`: which matches to count; the answer counts per sport, category and tournament. */
export const countersBodySchema = z.object({
  match_status: z.array(matchStatusCodeSchema).max(6).optional(),
  sport_type: sportTypeSchema.optional(),
  start_from: instantSchema.optional(),
  start_to: instantSchema.optional(),
  bettable: z.boolean().optional(),
});
export const countersResponseSchema = z.object({
  live: z.number().int(),
  total: z.number().int(),
  sports: z.record(text(), z.number().int()),
  categories: z.record(text(), z.number().int()),
  tournaments: z.record(text(), z.number().int()),
});

export const searchQuerySchema = z.object({
  q: text().trim().min(3).max(50),
  sport_type: sportTypeSchema.optional(),
  match_status: commaList(z.coerce.number().int().min(0).max(5)).optional(),
  only_events_name: queryBoolean.optional(),
  ...pageQuery(20, 100),
});
export const searchResponseSchema = z.object({
  data: z.object({ matches: z.array(matchSchema), tournaments: z.array(tournamentSchema) }),
});

export const mediaLinkSchema = z.object({
  link: text(),
  provider: text(),
  language_code: text().nullable(),
});
export const videoResponseSchema = z.object({ data: mediaLinkSchema });
export const streamsResponseSchema = z.object({ data: z.array(mediaLinkSchema) });
