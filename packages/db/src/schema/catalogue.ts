import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Locale → name, e.g. `{"de": "Fußball"}`; `name` holds the default (English) name. */
export type Translations = Record<string, string>;

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const provider = () => text("provider").notNull();
const urnId = () => text("urn_id").notNull();
const name = () => text("name").notNull();
const translations = () => jsonb("translations").$type<Translations>().notNull().default({});
/**
 * Translations of market and outcome names, stored as the text they were sent in (`json`, not
 * `jsonb`): a match's first book writes hundreds of them at once and nothing ever looks inside them
 * in SQL, so converting each to `jsonb` on the way in (and back to text on the way out) was work
 * without a use. On the first books of the feed's opening it was a fifth of the write.
 */
const sentTranslations = () => json("translations").$type<Translations>().notNull().default({});
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Sports; `type` is `regular`, `cyber` or `premium_cricket`. */
export const sports = pgTable(
  "sports",
  {
    id: id(),
    provider: provider(),
    urnId: urnId(),
    key: text("key").notNull(),
    name: name(),
    translations: translations(),
    priority: integer("priority").notNull().default(0),
    type: text("type").notNull().default("regular"),
    /** Provider market ids shown on match cards of this sport, with their outcome counts. */
    mainMarketId: integer("main_market_id"),
    mainMarketOutcomesCount: integer("main_market_outcomes_count"),
    secondaryMarketId: integer("secondary_market_id"),
    secondaryMarketOutcomesCount: integer("secondary_market_outcomes_count"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sports_provider_urn_key").on(t.provider, t.urnId), index("sports_key_idx").on(t.key)],
);

export const categories = pgTable(
  "categories",
  {
    id: id(),
    provider: provider(),
    urnId: urnId(),
    sportId: bigint("sport_id", { mode: "number" })
      .notNull()
      .references(() => sports.id),
    slug: text("slug").notNull(),
    name: name(),
    translations: translations(),
    priority: integer("priority").notNull().default(0),
    countryCode: text("country_code"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("categories_provider_urn_key").on(t.provider, t.urnId),
    index("categories_sport_idx").on(t.sportId),
  ],
);

/** Leagues/tournaments; `type` is `match`, `stage`, `season` or `simple_tournament`. */
export const tournaments = pgTable(
  "tournaments",
  {
    id: id(),
    provider: provider(),
    urnId: urnId(),
    sportId: bigint("sport_id", { mode: "number" })
      .notNull()
      .references(() => sports.id),
    categoryId: bigint("category_id", { mode: "number" })
      .notNull()
      .references(() => categories.id),
    slug: text("slug").notNull(),
    name: name(),
    translations: translations(),
    priority: integer("priority").notNull().default(0),
    /** Priority per context key (e.g. `top_leagues`), overriding `priority` there. */
    priorities: jsonb("priorities").$type<Record<string, number>>().notNull().default({}),
    type: text("type").notNull().default("match"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tournaments_provider_urn_key").on(t.provider, t.urnId),
    index("tournaments_category_idx").on(t.categoryId),
    index("tournaments_sport_idx").on(t.sportId),
  ],
);

export const competitors = pgTable(
  "competitors",
  {
    id: id(),
    provider: provider(),
    urnId: urnId(),
    name: name(),
    translations: translations(),
    abbreviation: text("abbreviation"),
    logo: text("logo"),
    countryCode: text("country_code"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("competitors_provider_urn_key").on(t.provider, t.urnId)],
);

/**
 * Matches and outright events. `status` is the SPEC §4 match status (0 prematch, 1 live, 2 stopped,
 * 3 closed, 4 finished, 5 not covered); `match_status_code` the provider's detailed code (UOF
 * `match_status`); `statistics` the live score block of SPEC §3 (clock, scores, periods).
 */
export const matches = pgTable(
  "matches",
  {
    id: id(),
    provider: provider(),
    urnId: urnId(),
    sportId: bigint("sport_id", { mode: "number" })
      .notNull()
      .references(() => sports.id),
    categoryId: bigint("category_id", { mode: "number" })
      .notNull()
      .references(() => categories.id),
    tournamentId: bigint("tournament_id", { mode: "number" })
      .notNull()
      .references(() => tournaments.id),
    /** `match` or `outright`. */
    type: text("type").notNull().default("match"),
    slug: text("slug").notNull(),
    /** Outright events carry their own name; matches are named by their competitors. */
    name: text("name"),
    translations: translations(),
    parentId: bigint("parent_id", { mode: "number" }),
    homeCompetitorId: bigint("home_competitor_id", { mode: "number" }).references(() => competitors.id),
    awayCompetitorId: bigint("away_competitor_id", { mode: "number" }).references(() => competitors.id),
    status: smallint("status").notNull().default(0),
    matchStatusCode: integer("match_status_code"),
    stage: text("stage"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }),
    stadium: text("stadium"),
    city: text("city"),
    hasVideo: boolean("has_video").notNull().default(false),
    priority: integer("priority").notNull().default(0),
    /** The UOF producer currently sending odds for this match (3 prematch, 1 live). */
    producer: integer("producer"),
    statistics: jsonb("statistics").notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("matches_provider_urn_key").on(t.provider, t.urnId),
    index("matches_listing_idx").on(t.status, t.startTime),
    index("matches_tournament_idx").on(t.tournamentId, t.startTime),
    index("matches_sport_idx").on(t.sportId, t.startTime),
    index("matches_category_idx").on(t.categoryId),
  ],
);

/**
 * Markets of a match, identified by (match, provider market id, specifier) as in the Unified Odds
 * Feed. `specifier` is the canonical `key=value|key=value` string, empty for markets without one.
 * `status` follows UOF: 1 active, -1 suspended, 0 inactive, -2 handed over, -3 settled, -4 cancelled.
 */
export const markets = pgTable(
  "markets",
  {
    id: id(),
    // no foreign key onto the match: see `outcomes`
    matchId: bigint("match_id", { mode: "number" }).notNull(),
    marketId: integer("market_id").notNull(),
    specifier: text("specifier").notNull().default(""),
    name: name(),
    translations: sentTranslations(),
    status: smallint("status").notNull(),
    /** The status the feed last sent, kept while a trader's suspension holds `status` at suspended. */
    feedStatus: smallint("feed_status"),
    groupKeys: text("group_keys").array().notNull().default(sql`'{}'::text[]`),
    customBetGroups: text("custom_bet_groups").array().notNull().default(sql`'{}'::text[]`),
    priority: integer("priority").notNull().default(0),
    mostBalanced: boolean("most_balanced").notNull().default(false),
    nextBetStop: timestamp("next_bet_stop", { withTimezone: true }),
    cashoutStatus: smallint("cashout_status"),
    producer: integer("producer"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("markets_identity_key").on(t.matchId, t.marketId, t.specifier)],
);

/**
 * Outcomes of a market. `outcome_id` is the provider's outcome id (a string: UOF ids such as `1`,
 * `12` or `pre:playerprops:…`). `odds` are decimal odds × 1000. Settlement columns follow UOF:
 * `result` 1 won / 0 lost / -1 undecided; factors × 1000 (500 = 0.5).
 */
export const outcomes = pgTable(
  "outcomes",
  {
    id: id(),
    // No foreign key onto the market row (nor from markets onto the match). Only the feed's odds
    // write inserts markets and outcomes, in one statement that takes each outcome's market row from
    // the markets it has just written, and no match or market is ever deleted. The checks cost a
    // lookup and a row lock per new row: a quarter of the database's work for a match's first book.
    marketRowId: bigint("market_row_id", { mode: "number" }).notNull(),
    outcomeId: text("outcome_id").notNull(),
    name: name(),
    translations: sentTranslations(),
    odds: integer("odds").notNull(),
    active: boolean("active").notNull().default(true),
    /** Whether the feed last sent it active, kept while a trader's suspension holds `active` off. */
    feedActive: boolean("feed_active"),
    result: smallint("result"),
    voidFactor: integer("void_factor"),
    deadHeatFactor: integer("dead_heat_factor"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("outcomes_identity_key").on(t.marketRowId, t.outcomeId)],
);

/** Kinds of match media: the signed-in players' video and the public stream links. */
export const MATCH_MEDIA_KIND = { video: "video", stream: "stream" } as const;
export type MatchMediaKind = (typeof MATCH_MEDIA_KIND)[keyof typeof MATCH_MEDIA_KIND];

/** Video and stream links of a match (SPEC §7 `/matches/{id}/video`, `/matches/{id}/streams`). */
export const matchMedia = pgTable(
  "match_media",
  {
    id: id(),
    matchId: bigint("match_id", { mode: "number" })
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    kind: text("kind").$type<MatchMediaKind>().notNull(),
    provider: text("provider").notNull(),
    link: text("link").notNull(),
    languageCode: text("language_code"),
  },
  (t) => [index("match_media_match_idx").on(t.matchId)],
);

/** Feed producers' liveness, for recovery after a gap (UOF `alive` / `snapshot_complete`). */
export const feedProducers = pgTable(
  "feed_producers",
  {
    provider: text("provider").notNull(),
    producerId: integer("producer_id").notNull(),
    name: text("name").notNull(),
    /** `up` or `down`; markets of a down producer are suspended. */
    status: text("status").notNull().default("down"),
    lastAliveAt: timestamp("last_alive_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("feed_producers_key").on(t.provider, t.producerId)],
);
