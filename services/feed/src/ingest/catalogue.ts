import {
  categories,
  competitors,
  type Executor,
  MATCH_MEDIA_KIND,
  markets,
  matches,
  matchMedia,
  namedStatement,
  outcomes,
  rowsOf,
  sports,
  tournaments,
} from "@sportsbook/db";
import { MATCH_STATUS } from "@sportsbook/domain";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Descriptions } from "../descriptions/descriptions.js";
import { EVENT_STATUS, type FeedEvent, type FixtureInfo, type Provider } from "../model.js";
import { checkpointRow, checkpointsUpsert, type FeedCheckpoint } from "./checkpoint.js";
import { ASYNC_COMMIT } from "./durability.js";
import { SPORT_DEFAULTS, slugify } from "./present.js";

/** What the ingest keeps in memory about a match it has written. */
export interface MatchRef {
  id: number;
  provider: Provider;
  urn: string;
  home: string;
  away: string;
  /** outright outcome ids (competitor URNs) → names */
  competitors: Map<string, string>;
  status: number;
  uofStatus: number;
  producer: number | null;
  /** provider timestamp of the last message applied to this match */
  lastTs: number;
  statistics: string;
  /** market key → what was last written, so unchanged markets are neither written nor published */
  written: Map<string, string>;
  /** The sport's key (`soccer` …): which markets the bet builder can price depends on it. */
  sportKey: string;
  /** market key → its English names for this match, rendered once (they depend on the competitors) */
  names: Map<string, MarketNames>;
}

/** A market's English name and its outcomes' by outcome id. */
export interface MarketNames {
  market: string;
  outcomes: Map<string, string>;
}

function sportKeyOf(f: FixtureInfo): string {
  return SPORT_DEFAULTS[f.sport.name]?.key ?? slugify(f.sport.name);
}

const param = (name: keyof FixtureValues, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The steps of a catalogue row every match of a league shares (its sport, category and tournament),
 * as the statement's `sent_<name>` step sends it, answering its id as `name`. The row is read first: when it already holds what the fixture says,
 * nothing is written. An upsert would lock the row until the fixture commits, and every fixture's
 * reference to it (a key-share lock) would queue behind that, so concurrent fixtures of one sport
 * went one at a time. A new or renamed row is upserted, which also settles a race between two
 * fixtures creating the same row (the second updates what the first committed).
 */
function sharedRow(name: "sport" | "category" | "tournament", table: PgTable, insert: SQL): SQL[] {
  const found = sql.raw(`${name}_found`);
  return [
    sql`${found} as (select x.id from ${table} x, ${sql.raw(`sent_${name}`)} s
      where x.provider = ${param("provider", "text")} and x.urn_id = s.urn and x.name = s.name
        and x.translations = s.translations)`,
    sql`${sql.raw(`${name}_written`)} as (${insert}
      where not exists (select 1 from ${found})
      on conflict (provider, urn_id) do update set name = excluded.name,
        translations = excluded.translations, updated_at = now()
      returning id)`,
    sql`${sql.raw(name)} as (select id from ${found} union all select id from ${sql.raw(`${name}_written`)})`,
  ];
}

/** The values of the fixture statement, by placeholder; JSON documents travel as text. */
interface FixtureValues {
  provider: Provider;
  urn: string;
  sport: string;
  category: string;
  tournament: string;
  competitors: string;
  match: string;
  /** the fixture's channels, which replace the match's stream links; null leaves them alone */
  streams: string | null;
  checkpoints: string;
}

/**
 * The fixture's statement: its text is constant (the fixture travels as parameters and JSON
 * documents), so it is built once and each connection parses and plans it once. Built per message,
 * its SQL cost the ingest more than running it cost PostgreSQL.
 */
const FIXTURE_WRITE = namedStatement(
  "feed_fixture_write",
  sql`with ${sql.join(
    [
      ASYNC_COMMIT,
      sql`sent_sport as (select * from json_to_record(${param("sport", "json")}) as s(urn text, key text,
        name text, translations jsonb, type text, main_id int, main_count int, secondary_id int,
        secondary_count int))`,
      sql`sent_category as (select * from json_to_record(${param("category", "json")})
        as c(urn text, slug text, name text, translations jsonb, country_code text))`,
      sql`sent_tournament as (select * from json_to_record(${param("tournament", "json")})
        as t(urn text, slug text, name text, translations jsonb))`,
      ...sharedRow(
        "sport",
        sports,
        sql`insert into ${sports} (provider, urn_id, key, name, translations, type, main_market_id,
          main_market_outcomes_count, secondary_market_id, secondary_market_outcomes_count)
        select ${param("provider", "text")}, urn, key, name, translations, type, main_id, main_count,
          secondary_id, secondary_count from sent_sport`,
      ),
      ...sharedRow(
        "category",
        categories,
        sql`insert into ${categories} (provider, urn_id, sport_id, slug, name, translations, country_code)
        select ${param("provider", "text")}, c.urn, sport.id, c.slug, c.name, c.translations, c.country_code
        from sent_category c, sport`,
      ),
      ...sharedRow(
        "tournament",
        tournaments,
        sql`insert into ${tournaments} (provider, urn_id, sport_id, category_id, slug, name, translations)
        select ${param("provider", "text")}, t.urn, sport.id, category.id, t.slug, t.name, t.translations
        from sent_tournament t, sport, category`,
      ),
      sql`sent_competitor as (select * from json_to_recordset(${param("competitors", "json")})
        as c(urn_id text, name text, abbreviation text, country_code text))`,
      sql`competitor_found as (
        select c.id, c.urn_id from ${competitors} c join sent_competitor s
          on c.provider = ${param("provider", "text")} and c.urn_id = s.urn_id and c.name = s.name
          and c.abbreviation is not distinct from s.abbreviation)`,
      // Providers' fixtures carry no logo, so none is written: the pages draw a badge in its place.
      sql`competitor_written as (
        insert into ${competitors} (provider, urn_id, name, abbreviation, country_code)
        select ${param("provider", "text")}, s.urn_id, s.name, s.abbreviation, s.country_code
        from sent_competitor s
        where s.urn_id not in (select urn_id from competitor_found)
        on conflict (provider, urn_id) do update set name = excluded.name,
          abbreviation = excluded.abbreviation, updated_at = now()
        returning id, urn_id)`,
      sql`competitor as (select id, urn_id from competitor_found
        union all select id, urn_id from competitor_written)`,
      // read in the statement's snapshot: the start time before this fixture
      sql`before as (select start_time from ${matches}
        where provider = ${param("provider", "text")} and urn_id = ${param("urn", "text")})`,
      sql`sent_match as (select * from json_to_record(${param("match", "json")}) as m(type text, slug text,
        name text, translations jsonb, home text, away text, start_time timestamptz, end_date timestamptz,
        stadium text, city text, updated_at timestamptz))`,
      sql`match_row as (
        insert into ${matches} (provider, urn_id, sport_id, category_id, tournament_id, type, slug, name,
          translations, home_competitor_id, away_competitor_id, start_time, end_date, stadium, city,
          updated_at)
        select ${param("provider", "text")}, ${param("urn", "text")}, sport.id, category.id, tournament.id,
          m.type, m.slug, m.name, m.translations,
          (select id from competitor where urn_id = m.home),
          (select id from competitor where urn_id = m.away),
          m.start_time, m.end_date, m.stadium, m.city, m.updated_at
        from sent_match m, sport, category, tournament, durability
        on conflict (provider, urn_id) do update set start_time = excluded.start_time,
          tournament_id = excluded.tournament_id, home_competitor_id = excluded.home_competitor_id,
          away_competitor_id = excluded.away_competitor_id
        returning id, status, producer, updated_at, statistics)`,
      // both steps see the same snapshot, so the delete leaves the new rows alone
      sql`streams_gone as (delete from ${matchMedia} where ${param("streams", "json")} is not null
        and match_id = (select id from match_row) and kind = ${MATCH_MEDIA_KIND.stream})`,
      sql`streams as (insert into ${matchMedia} (match_id, kind, provider, link, language_code)
        select match_row.id, ${MATCH_MEDIA_KIND.stream}, c.name, c.link, c.language
        from match_row, json_to_recordset(${param("streams", "json")}) as c(name text, link text, language text))`,
      sql`checkpoint as (${checkpointsUpsert(param("checkpoints", "json"))})`,
    ],
    sql`, `,
  )}
  select m.id, m.status, m.producer, m.updated_at, m.statistics,
    (select start_time from before) as before_start
  from match_row m`,
);

/**
 * Writes the catalogue rows of a fixture (sport, category, tournament, competitors, match) in one
 * statement, atomic by itself and one round trip, with the checkpoint when given; it commits
 * without waiting for the WAL flush (see `ASYNC_COMMIT`).
 */
export async function upsertFixture(
  ex: Executor,
  event: Extract<FeedEvent, { kind: "fixture" }>,
  described: Descriptions,
  checkpoint?: FeedCheckpoint,
): Promise<{ ref: MatchRef; startChanged: boolean }> {
  const f = event.fixture;
  const provider = event.provider;
  const d = SPORT_DEFAULTS[f.sport.name];
  const home = f.competitors.find((c) => c.qualifier === "home");
  const away = f.competitors.find((c) => c.qualifier === "away");
  const name = f.name ?? `${home?.name ?? "?"} vs ${away?.name ?? "?"}`;
  const startTime = new Date(f.startTime).toISOString();
  const names = (urn: string) => described.names(urn) ?? {};
  const values: FixtureValues = {
    provider,
    urn: event.eventUrn,
    sport: JSON.stringify({
      urn: f.sport.urn,
      key: sportKeyOf(f),
      name: f.sport.name,
      translations: names(f.sport.urn),
      type: provider === "oddin" ? "cyber" : "regular",
      main_id: d?.main[0] ?? null,
      main_count: d?.main[1] ?? null,
      secondary_id: d?.secondary?.[0] ?? null,
      secondary_count: d?.secondary?.[1] ?? null,
    }),
    category: JSON.stringify({
      urn: f.category.urn,
      slug: slugify(f.category.name),
      name: f.category.name,
      translations: names(f.category.urn),
      country_code: f.category.countryCode ?? null,
    }),
    tournament: JSON.stringify({
      urn: f.tournament.urn,
      slug: slugify(f.tournament.name),
      name: f.tournament.name,
      translations: names(f.tournament.urn),
    }),
    competitors: JSON.stringify(
      f.competitors.map((c) => ({
        urn_id: c.urn,
        name: c.name,
        abbreviation: c.abbreviation ?? null,
        country_code: c.countryCode ?? null,
      })),
    ),
    match: JSON.stringify({
      type: f.type,
      slug: slugify(name),
      name: f.type === "outright" ? name : null,
      translations: f.type === "outright" ? names(event.eventUrn) : {},
      home: home?.urn ?? null,
      away: away?.urn ?? null,
      start_time: startTime,
      end_date: f.endTime !== undefined ? new Date(f.endTime).toISOString() : null,
      stadium: f.venue?.name ?? null,
      city: f.venue?.city ?? null,
      // the provider's clock orders later messages of this match, so it starts at the fixture's time
      updated_at: new Date(event.timestamp).toISOString(),
    }),
    streams: f.tvChannels
      ? JSON.stringify(
          f.tvChannels.map((c) => ({ name: c.name, link: c.streamUrl, language: c.language ?? null })),
        )
      : null,
    checkpoints: JSON.stringify(checkpoint ? [checkpointRow(checkpoint)] : []),
  };
  const [row] = rowsOf<{
    id: string | number;
    status: number;
    producer: number | null;
    updated_at: Date | string;
    statistics: unknown;
    before_start: Date | string | null;
  }>(await FIXTURE_WRITE.run(ex, { ...values }));
  if (!row) throw new Error("match was not written");
  return {
    ref: {
      id: Number(row.id),
      provider,
      urn: event.eventUrn,
      home: home?.name ?? "",
      away: away?.name ?? "",
      competitors: new Map(f.competitors.map((c) => [c.urn, c.name])),
      status: row.status,
      uofStatus: row.status === MATCH_STATUS.live ? EVENT_STATUS.live : EVENT_STATUS.notStarted,
      producer: row.producer,
      lastTs: new Date(row.updated_at).getTime(),
      statistics: JSON.stringify(row.statistics ?? {}),
      written: new Map(),
      sportKey: sportKeyOf(f),
      names: new Map(),
    },
    startChanged: row.before_start !== null && new Date(row.before_start).toISOString() !== startTime,
  };
}

/** Reads a match the ingest has not seen since it started (after a restart). */
export async function loadMatchRef(
  tx: Executor,
  provider: Provider,
  urn: string,
): Promise<MatchRef | undefined> {
  const [found] = await tx
    .select({ match: matches, sportKey: sports.key })
    .from(matches)
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .where(and(eq(matches.provider, provider), eq(matches.urnId, urn)));
  if (!found) return undefined;
  const row = found.match;
  const ids = [row.homeCompetitorId, row.awayCompetitorId].filter((x): x is number => x !== null);
  const names = new Map<number, string>();
  if (ids.length) {
    const rows = await tx
      .select({ id: competitors.id, name: competitors.name })
      .from(competitors)
      .where(inArray(competitors.id, ids));
    for (const r of rows) names.set(r.id, r.name);
  }
  const outright = new Map<string, string>();
  if (row.type === "outright") {
    const rows = await tx
      .select({ id: outcomes.outcomeId, name: outcomes.name })
      .from(outcomes)
      .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
      .where(eq(markets.matchId, row.id));
    for (const r of rows) outright.set(r.id, r.name);
  }
  const stats = row.statistics as { status?: number } | null;
  return {
    id: row.id,
    provider,
    urn,
    home: row.homeCompetitorId !== null ? (names.get(row.homeCompetitorId) ?? "") : "",
    away: row.awayCompetitorId !== null ? (names.get(row.awayCompetitorId) ?? "") : "",
    competitors: outright,
    status: row.status,
    uofStatus:
      row.status === MATCH_STATUS.live ? EVENT_STATUS.live : (stats?.status ?? EVENT_STATUS.notStarted),
    producer: row.producer,
    lastTs: row.updatedAt.getTime(),
    statistics: JSON.stringify(row.statistics ?? {}),
    written: new Map(),
    sportKey: found.sportKey,
    names: new Map(),
  };
}
