import {
  arrayParam,
  categories,
  competitors,
  type Executor,
  MATCH_MEDIA_KIND,
  markets,
  matches,
  matchMedia,
  outcomes,
  rowsOf,
  sports,
  tournaments,
} from "@sportsbook/db";
import { MATCH_STATUS } from "@sportsbook/domain";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Descriptions } from "../descriptions/descriptions.js";
import { EVENT_STATUS, type FeedEvent, type FixtureInfo, type Provider } from "../model.js";
import { checkpointUpsert, type FeedCheckpoint } from "./checkpoint.js";
import { ASYNC_COMMIT } from "./durability.js";
import { runNamedByText } from "./prepared.js";
import { competitorLogo, SPORT_DEFAULTS, slugify } from "./present.js";

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

/**
 * The steps of a catalogue row every match of a league shares (its sport, category and tournament),
 * answering its id as `name`. The row is read first: when it already holds what the fixture says,
 * nothing is written. An upsert would lock the row until the fixture commits, and every fixture's
 * reference to it (a key-share lock) would queue behind that, so concurrent fixtures of one sport
 * went one at a time. A new or renamed row is upserted, which also settles a race between two
 * fixtures creating the same row (the second updates what the first committed).
 */
function sharedRow(name: "sport" | "category" | "tournament", found: SQL, insert: SQL): SQL[] {
  const table = sql.raw(name);
  return [
    sql`${sql.raw(`${name}_found`)} as (${found})`,
    sql`${sql.raw(`${name}_written`)} as (${insert}
      where not exists (select 1 from ${sql.raw(`${name}_found`)})
      on conflict (provider, urn_id) do update set name = excluded.name,
        translations = excluded.translations, updated_at = now()
      returning id)`,
    sql`${table} as (select id from ${sql.raw(`${name}_found`)}
      union all select id from ${sql.raw(`${name}_written`)})`,
  ];
}

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
  const names = (urn: string) => JSON.stringify(described.names(urn) ?? {});
  const steps: SQL[] = [
    ASYNC_COMMIT,
    ...sharedRow(
      "sport",
      sql`select id from ${sports} where provider = ${provider} and urn_id = ${f.sport.urn}
        and name = ${f.sport.name} and translations = ${names(f.sport.urn)}::jsonb`,
      sql`insert into ${sports} (provider, urn_id, key, name, translations, type, main_market_id,
        main_market_outcomes_count, secondary_market_id, secondary_market_outcomes_count)
      select ${provider}, ${f.sport.urn}, ${sportKeyOf(f)}, ${f.sport.name}, ${names(f.sport.urn)}::jsonb,
        ${provider === "oddin" ? "cyber" : "regular"}, ${d?.main[0] ?? null}::int, ${d?.main[1] ?? null}::int,
        ${d?.secondary?.[0] ?? null}::int, ${d?.secondary?.[1] ?? null}::int`,
    ),
    ...sharedRow(
      "category",
      sql`select id from ${categories} where provider = ${provider} and urn_id = ${f.category.urn}
        and name = ${f.category.name} and translations = ${names(f.category.urn)}::jsonb`,
      sql`insert into ${categories} (provider, urn_id, sport_id, slug, name, translations, country_code)
      select ${provider}, ${f.category.urn}, sport.id, ${slugify(f.category.name)}, ${f.category.name},
        ${names(f.category.urn)}::jsonb, ${f.category.countryCode ?? null}::text
      from sport`,
    ),
    ...sharedRow(
      "tournament",
      sql`select id from ${tournaments} where provider = ${provider} and urn_id = ${f.tournament.urn}
        and name = ${f.tournament.name} and translations = ${names(f.tournament.urn)}::jsonb`,
      sql`insert into ${tournaments} (provider, urn_id, sport_id, category_id, slug, name, translations)
      select ${provider}, ${f.tournament.urn}, sport.id, category.id, ${slugify(f.tournament.name)},
        ${f.tournament.name}, ${names(f.tournament.urn)}::jsonb
      from sport, category`,
    ),
    sql`sent_competitor as (
      select * from unnest(
        ${arrayParam(
          f.competitors.map((c) => c.urn),
          "text",
        )},
        ${arrayParam(
          f.competitors.map((c) => c.name),
          "text",
        )},
        ${arrayParam(
          f.competitors.map((c) => c.abbreviation ?? null),
          "text",
        )},
        ${arrayParam(
          f.competitors.map((c) => c.countryCode ?? null),
          "text",
        )},
        ${arrayParam(
          f.competitors.map((c) => competitorLogo(c.name)),
          "text",
        )}
      ) as c(urn_id, name, abbreviation, country_code, logo))`,
    sql`competitor_found as (
      select c.id, c.urn_id from ${competitors} c join sent_competitor s on c.provider = ${provider}
        and c.urn_id = s.urn_id and c.name = s.name and c.abbreviation is not distinct from s.abbreviation)`,
    sql`competitor_written as (
      insert into ${competitors} (provider, urn_id, name, abbreviation, country_code, logo)
      select ${provider}, s.urn_id, s.name, s.abbreviation, s.country_code, s.logo from sent_competitor s
      where s.urn_id not in (select urn_id from competitor_found)
      on conflict (provider, urn_id) do update set name = excluded.name,
        abbreviation = excluded.abbreviation, updated_at = now()
      returning id, urn_id)`,
    sql`competitor as (select id, urn_id from competitor_found
      union all select id, urn_id from competitor_written)`,
    // read in the statement's snapshot: the start time before this fixture
    sql`before as (select start_time from ${matches} where provider = ${provider} and urn_id = ${event.eventUrn})`,
    sql`match_row as (
      insert into ${matches} (provider, urn_id, sport_id, category_id, tournament_id, type, slug, name,
        translations, home_competitor_id, away_competitor_id, start_time, end_date, stadium, city,
        updated_at)
      select ${provider}, ${event.eventUrn}, sport.id, category.id, tournament.id, ${f.type},
        ${slugify(name)}, ${f.type === "outright" ? name : null}::text,
        ${JSON.stringify(f.type === "outright" ? (described.names(event.eventUrn) ?? {}) : {})}::jsonb,
        (select id from competitor where urn_id = ${home?.urn ?? null}::text),
        (select id from competitor where urn_id = ${away?.urn ?? null}::text),
        ${startTime}::timestamptz,
        ${f.endTime !== undefined ? new Date(f.endTime).toISOString() : null}::timestamptz,
        ${f.venue?.name ?? null}::text, ${f.venue?.city ?? null}::text,
        -- the provider's clock orders later messages of this match, so start it at the fixture's time
        ${new Date(event.timestamp).toISOString()}::timestamptz
      from sport, category, tournament, durability
      on conflict (provider, urn_id) do update set start_time = excluded.start_time,
        tournament_id = excluded.tournament_id, home_competitor_id = excluded.home_competitor_id,
        away_competitor_id = excluded.away_competitor_id
      returning id, status, producer, updated_at, statistics)`,
  ];
  if (f.tvChannels) {
    // The fixture's channels replace the match's stream links (both steps see the same snapshot,
    // so the delete leaves the new rows alone).
    const channels = f.tvChannels;
    steps.push(
      sql`streams_gone as (delete from ${matchMedia} where match_id = (select id from match_row)
        and kind = ${MATCH_MEDIA_KIND.stream})`,
      sql`streams as (insert into ${matchMedia} (match_id, kind, provider, link, language_code)
        select match_row.id, ${MATCH_MEDIA_KIND.stream}, c.name, c.link, c.language
        from match_row, unnest(
          ${arrayParam(
            channels.map((c) => c.name),
            "text",
          )},
          ${arrayParam(
            channels.map((c) => c.streamUrl),
            "text",
          )},
          ${arrayParam(
            channels.map((c) => c.language ?? null),
            "text",
          )}
        ) as c(name, link, language))`,
    );
  }
  if (checkpoint) steps.push(sql`checkpoint as (${checkpointUpsert(checkpoint)})`);
  const [row] = rowsOf<{
    id: string | number;
    status: number;
    producer: number | null;
    updated_at: Date | string;
    statistics: unknown;
    before_start: Date | string | null;
  }>(
    // a fixture's statement takes four shapes (stream links or not, checkpoint or not), each planned
    // once per connection: planning it took twice as long as running it
    await runNamedByText(
      ex,
      "feed_fixture",
      sql`with ${sql.join(steps, sql`, `)}
      select m.id, m.status, m.producer, m.updated_at, m.statistics,
        (select start_time from before) as before_start
      from match_row m`,
    ),
  );
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
