import {
  categories,
  competitors,
  type Executor,
  markets,
  matches,
  outcomes,
  sports,
  tournaments,
} from "@sportsbook/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Descriptions } from "../descriptions/descriptions.js";
import type { FeedEvent, FixtureInfo, Provider } from "../model.js";
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
}

const now = sql`now()`;

function sportKeyOf(f: FixtureInfo): string {
  return SPORT_DEFAULTS[f.sport.name]?.key ?? slugify(f.sport.name);
}

async function upsertSport(
  tx: Executor,
  provider: Provider,
  f: FixtureInfo,
  described: Descriptions,
): Promise<number> {
  const d = SPORT_DEFAULTS[f.sport.name];
  const translations = described.names(f.sport.urn) ?? {};
  const [row] = await tx
    .insert(sports)
    .values({
      provider,
      urnId: f.sport.urn,
      key: sportKeyOf(f),
      name: f.sport.name,
      translations,
      type: provider === "oddin" ? "cyber" : "regular",
      mainMarketId: d?.main[0],
      mainMarketOutcomesCount: d?.main[1],
      secondaryMarketId: d?.secondary?.[0],
      secondaryMarketOutcomesCount: d?.secondary?.[1],
    })
    .onConflictDoUpdate({
      target: [sports.provider, sports.urnId],
      set: { name: f.sport.name, translations, updatedAt: now },
    })
    .returning({ id: sports.id });
  if (!row) throw new Error("sport was not written");
  return row.id;
}

async function upsertCategory(
  tx: Executor,
  provider: Provider,
  f: FixtureInfo,
  sportId: number,
  described: Descriptions,
): Promise<number> {
  const translations = described.names(f.category.urn) ?? {};
  const [row] = await tx
    .insert(categories)
    .values({
      provider,
      urnId: f.category.urn,
      sportId,
      slug: slugify(f.category.name),
      name: f.category.name,
      translations,
      countryCode: f.category.countryCode,
    })
    .onConflictDoUpdate({
      target: [categories.provider, categories.urnId],
      set: { name: f.category.name, translations, updatedAt: now },
    })
    .returning({ id: categories.id });
  if (!row) throw new Error("category was not written");
  return row.id;
}

async function upsertTournament(
  tx: Executor,
  provider: Provider,
  f: FixtureInfo,
  sportId: number,
  categoryId: number,
  described: Descriptions,
): Promise<number> {
  const translations = described.names(f.tournament.urn) ?? {};
  const [row] = await tx
    .insert(tournaments)
    .values({
      provider,
      urnId: f.tournament.urn,
      sportId,
      categoryId,
      slug: slugify(f.tournament.name),
      name: f.tournament.name,
      translations,
    })
    .onConflictDoUpdate({
      target: [tournaments.provider, tournaments.urnId],
      set: { name: f.tournament.name, translations, updatedAt: now },
    })
    .returning({ id: tournaments.id });
  if (!row) throw new Error("tournament was not written");
  return row.id;
}

async function upsertCompetitors(
  tx: Executor,
  provider: Provider,
  f: FixtureInfo,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (f.competitors.length === 0) return ids;
  const rows = await tx
    .insert(competitors)
    .values(
      f.competitors.map((c) => ({
        provider,
        urnId: c.urn,
        name: c.name,
        abbreviation: c.abbreviation,
        countryCode: c.countryCode,
        logo: competitorLogo(c.name),
      })),
    )
    .onConflictDoUpdate({
      target: [competitors.provider, competitors.urnId],
      set: { name: sql`excluded.name`, abbreviation: sql`excluded.abbreviation`, updatedAt: now },
    })
    .returning({ id: competitors.id, urn: competitors.urnId });
  for (const r of rows) ids.set(r.urn, r.id);
  return ids;
}

/** Writes the catalogue rows of a fixture (sport, category, tournament, competitors, match). */
export async function upsertFixture(
  tx: Executor,
  event: Extract<FeedEvent, { kind: "fixture" }>,
  described: Descriptions,
): Promise<{ ref: MatchRef; startChanged: boolean }> {
  const f = event.fixture;
  const provider = event.provider;
  const sportId = await upsertSport(tx, provider, f, described);
  const categoryId = await upsertCategory(tx, provider, f, sportId, described);
  const tournamentId = await upsertTournament(tx, provider, f, sportId, categoryId, described);
  const comp = await upsertCompetitors(tx, provider, f);
  const home = f.competitors.find((c) => c.qualifier === "home");
  const away = f.competitors.find((c) => c.qualifier === "away");
  const name = f.name ?? `${home?.name ?? "?"} vs ${away?.name ?? "?"}`;
  const startTime = new Date(f.startTime);
  const [before] = await tx
    .select({ startTime: matches.startTime })
    .from(matches)
    .where(and(eq(matches.provider, provider), eq(matches.urnId, event.eventUrn)));
  const [row] = await tx
    .insert(matches)
    .values({
      provider,
      urnId: event.eventUrn,
      sportId,
      categoryId,
      tournamentId,
      type: f.type,
      slug: slugify(name),
      name: f.type === "outright" ? name : null,
      translations: f.type === "outright" ? (described.names(event.eventUrn) ?? {}) : {},
      homeCompetitorId: home ? comp.get(home.urn) : undefined,
      awayCompetitorId: away ? comp.get(away.urn) : undefined,
      startTime,
      endDate: f.endTime !== undefined ? new Date(f.endTime) : undefined,
      stadium: f.venue?.name,
      city: f.venue?.city,
      // the provider's clock orders later messages of this match, so start it at the fixture's time
      updatedAt: new Date(event.timestamp),
    })
    .onConflictDoUpdate({
      target: [matches.provider, matches.urnId],
      set: {
        startTime,
        tournamentId,
        homeCompetitorId: sql`excluded.home_competitor_id`,
        awayCompetitorId: sql`excluded.away_competitor_id`,
      },
    })
    .returning({
      id: matches.id,
      status: matches.status,
      producer: matches.producer,
      updatedAt: matches.updatedAt,
      statistics: matches.statistics,
    });
  if (!row) throw new Error("match was not written");
  return {
    ref: {
      id: row.id,
      provider,
      urn: event.eventUrn,
      home: home?.name ?? "",
      away: away?.name ?? "",
      competitors: new Map(f.competitors.map((c) => [c.urn, c.name])),
      status: row.status,
      uofStatus: row.status === 1 ? 1 : 0,
      producer: row.producer,
      lastTs: row.updatedAt.getTime(),
      statistics: JSON.stringify(row.statistics ?? {}),
      written: new Map(),
      sportKey: sportKeyOf(f),
    },
    startChanged: before !== undefined && before.startTime.getTime() !== startTime.getTime(),
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
    uofStatus: row.status === 1 ? 1 : (stats?.status ?? 0),
    producer: row.producer,
    lastTs: row.updatedAt.getTime(),
    statistics: JSON.stringify(row.statistics ?? {}),
    written: new Map(),
    sportKey: found.sportKey,
  };
}
