import type { Market, Match } from "@sportsbook/contracts";
import {
  categories,
  competitors,
  favourites,
  markets,
  matches,
  outcomes,
  sports,
  tournaments,
} from "@sportsbook/db";
import { isMatchAvailable, MARKET_STATUS, MATCH_STATUS } from "@sportsbook/domain";
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../context.js";
import { translationKeys } from "../http/i18n.js";
import { presentMarket, presentMatch } from "./present.js";

export interface MatchFilters {
  ids?: number[] | undefined;
  type?: "match" | "outright" | undefined;
  sportKeys?: string[] | undefined;
  sportType?: string | undefined;
  categoryIds?: number[] | undefined;
  tournamentIds?: number[] | undefined;
  statuses?: number[] | undefined;
  startFrom?: Date | undefined;
  startTo?: Date | undefined;
  bettable?: boolean | undefined;
  /** Only matches with an open market the bet builder can combine. */
  customBet?: boolean | undefined;
  hasVideo?: boolean | undefined;
  /** Only the favourite matches of this player. */
  favouriteOf?: number | undefined;
  maxPerSport?: number | undefined;
  /** Case-insensitive text in the match, competitor or tournament name, in English or `textLocale`. */
  text?: string | undefined;
  textLocale?: string | undefined;
  /** Only sports (and their matches) whose provider serves their type (`sport_type_providers`). */
  providers?: Record<string, readonly string[]> | undefined;
}

/** A row's name in a locale (or its base language), as `translate` picks it; null without one. */
export function localName(translations: SQL | AnyColumn, locale: string | undefined): SQL {
  if (!locale) return sql`null`;
  const [own, base] = translationKeys(locale);
  return sql`coalesce(${translations} ->> ${own}, ${translations} ->> ${base})`;
}

/**
 * Sports served under a `sport_type_providers` map: a named type only by its listed providers (none
 * when the list is empty), a type the map does not name by every provider. One sport key then comes
 * from one provider, so lists do not show it twice.
 */
export function servedSports(providers: Record<string, readonly string[]>): SQL | undefined {
  const types = Object.keys(providers);
  if (types.length === 0) return undefined;
  const named = types.flatMap((type) => {
    const list = providers[type] ?? [];
    return list.length ? [and(eq(sports.type, type), inArray(sports.provider, [...list]))] : [];
  });
  return or(notInArray(sports.type, types), ...named);
}

export type MatchSort = "start_time" | "priority" | "tournament";

const home = alias(competitors, "home");
const away = alias(competitors, "away");

/** A match can take bets while prematch or live and with at least one open market. */
export const bettableSql = sql`(${matches.status} in (${MATCH_STATUS.prematch}, ${MATCH_STATUS.live}) and exists (select 1 from ${markets} where ${markets.matchId} = ${matches.id} and ${markets.status} = ${MARKET_STATUS.allowed}))`;

function conditions(f: MatchFilters): SQL[] {
  const where: SQL[] = [];
  if (f.ids?.length) where.push(inArray(matches.id, f.ids));
  if (f.type) where.push(eq(matches.type, f.type));
  if (f.sportKeys?.length) where.push(inArray(sports.key, f.sportKeys));
  if (f.sportType) where.push(eq(sports.type, f.sportType));
  const served = f.providers ? servedSports(f.providers) : undefined;
  if (served) where.push(served);
  if (f.categoryIds?.length) where.push(inArray(matches.categoryId, f.categoryIds));
  if (f.tournamentIds?.length) where.push(inArray(matches.tournamentId, f.tournamentIds));
  if (f.statuses?.length) where.push(inArray(matches.status, f.statuses));
  if (f.startFrom) where.push(gte(matches.startTime, f.startFrom));
  if (f.startTo) where.push(lte(matches.startTime, f.startTo));
  if (f.hasVideo !== undefined) where.push(eq(matches.hasVideo, f.hasVideo));
  if (f.bettable === true) where.push(bettableSql);
  if (f.bettable === false) where.push(sql`not ${bettableSql}`);
  if (f.customBet)
    where.push(
      sql`exists (select 1 from ${markets} where ${markets.matchId} = ${matches.id} and ${markets.status} = ${MARKET_STATUS.allowed} and cardinality(${markets.customBetGroups}) > 0)`,
    );
  if (f.favouriteOf !== undefined) {
    where.push(
      sql`exists (select 1 from ${favourites} where ${favourites.playerId} = ${f.favouriteOf} and ${favourites.type} = 'match' and ${favourites.targetId} = ${matches.id})`,
    );
  }
  if (f.text) {
    const pattern = `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(${matches.name} ilike ${pattern} or ${localName(matches.translations, f.textLocale)} ilike ${pattern} or exists (select 1 from ${competitors} c where c.id in (${matches.homeCompetitorId}, ${matches.awayCompetitorId}) and (c.name ilike ${pattern} or c.translations::text ilike ${pattern})) or exists (select 1 from ${tournaments} t where t.id = ${matches.tournamentId} and (t.name ilike ${pattern} or ${localName(sql`t.translations`, f.textLocale)} ilike ${pattern})))`,
    );
  }
  if (f.maxPerSport) {
    const inner = conditions({ ...f, maxPerSport: undefined });
    const innerWhere = inner.length ? sql`where ${and(...inner)}` : sql``;
    where.push(
      sql`${matches.id} in (select id from (select ${matches.id} as id, row_number() over (partition by ${matches.sportId} order by ${matches.startTime}, ${matches.id}) as rn from ${matches} inner join ${sports} on ${sports.id} = ${matches.sportId} ${innerWhere}) ranked where rn <= ${f.maxPerSport})`,
    );
  }
  return where;
}

function ordering(sort: MatchSort) {
  if (sort === "priority") return [desc(matches.priority), asc(matches.startTime), asc(matches.id)];
  if (sort === "tournament")
    return [desc(tournaments.priority), asc(tournaments.id), asc(matches.startTime), asc(matches.id)];
  return [asc(matches.startTime), asc(matches.id)];
}

/** One page of matches with their cards, and the total count. */
export async function listMatches(
  ctx: AppContext,
  filters: MatchFilters,
  sort: MatchSort,
  page: number,
  limit: number,
  locale: string,
): Promise<{ data: Match[]; total: number }> {
  const where = and(...conditions(filters));
  const [totalRow] = await ctx.db
    .select({ n: count() })
    .from(matches)
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .where(where);
  const rows = await ctx.db
    .select({ match: matches, sport: sports, category: categories, tournament: tournaments, home, away })
    .from(matches)
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .innerJoin(categories, eq(categories.id, matches.categoryId))
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .leftJoin(home, eq(home.id, matches.homeCompetitorId))
    .leftJoin(away, eq(away.id, matches.awayCompetitorId))
    .where(where)
    .orderBy(...ordering(sort))
    .limit(limit)
    .offset((page - 1) * limit);
  return { data: await hydrate(ctx, rows, locale), total: Number(totalRow?.n ?? 0) };
}

/** One match card by id, or null. */
export async function findMatch(ctx: AppContext, id: number, locale: string): Promise<Match | null> {
  const { data } = await listMatches(ctx, { ids: [id] }, "start_time", 1, 1, locale);
  return data[0] ?? null;
}

type Row = {
  match: typeof matches.$inferSelect;
  sport: typeof sports.$inferSelect;
  category: typeof categories.$inferSelect;
  tournament: typeof tournaments.$inferSelect;
  home: typeof competitors.$inferSelect | null;
  away: typeof competitors.$inferSelect | null;
};

/** Adds market counts, bettability and the main and secondary markets of each match (three queries). */
async function hydrate(ctx: AppContext, rows: Row[], locale: string): Promise<Match[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.match.id);
  const counts = await ctx.db
    .select({
      matchId: markets.matchId,
      visible: count(),
      open: sql<number>`count(*) filter (where ${markets.status} = ${MARKET_STATUS.allowed})`.mapWith(Number),
    })
    .from(markets)
    .where(and(inArray(markets.matchId, ids), ne(markets.status, 0)))
    .groupBy(markets.matchId);
  const countBy = new Map(counts.map((c) => [c.matchId, c]));

  const cardMarketIds = new Set<number>();
  for (const r of rows) {
    if (r.sport.mainMarketId !== null) cardMarketIds.add(r.sport.mainMarketId);
    if (r.sport.secondaryMarketId !== null) cardMarketIds.add(r.sport.secondaryMarketId);
  }
  const cardMarkets = cardMarketIds.size
    ? await loadMarkets(ctx, ids, { marketIds: [...cardMarketIds] })
    : new Map<number, LoadedMarket[]>();

  return rows.map((r) => {
    const c = countBy.get(r.match.id);
    const pick = (marketId: number | null): Market | null => {
      if (marketId === null) return null;
      const candidates = (cardMarkets.get(r.match.id) ?? []).filter((m) => m.row.marketId === marketId);
      // A market with specifiers (a total line) shows its most balanced line on the card.
      const chosen = candidates.find((m) => m.row.mostBalanced) ?? candidates[0];
      return chosen ? presentMarket(chosen.row, chosen.outcomes, r.match, locale) : null;
    };
    return presentMatch(
      {
        ...r,
        availableMarkets: c?.visible ?? 0,
        bettable: isMatchAvailable(r.match.status) && (c?.open ?? 0) > 0,
        mainMarket: pick(r.sport.mainMarketId),
        secondaryMarket: pick(r.sport.secondaryMarketId),
      },
      locale,
    );
  });
}

export interface LoadedMarket {
  row: typeof markets.$inferSelect;
  outcomes: (typeof outcomes.$inferSelect)[];
}

/** Visible markets (status ≠ 0) of some matches with their outcomes, by match id, in display order. */
export async function loadMarkets(
  ctx: AppContext,
  matchIds: number[],
  filter: { marketIds?: number[]; groupKey?: string; customBetOnly?: boolean } = {},
): Promise<Map<number, LoadedMarket[]>> {
  const where: SQL[] = [inArray(markets.matchId, matchIds), ne(markets.status, 0)];
  if (filter.marketIds?.length) where.push(inArray(markets.marketId, filter.marketIds));
  if (filter.groupKey) where.push(sql`${filter.groupKey} = any(${markets.groupKeys})`);
  if (filter.customBetOnly) where.push(sql`cardinality(${markets.customBetGroups}) > 0`);
  const marketRows = await ctx.db
    .select()
    .from(markets)
    .where(and(...where))
    .orderBy(desc(markets.priority), asc(markets.marketId), asc(markets.specifier));
  const byMarket = new Map<number, LoadedMarket>();
  const out = new Map<number, LoadedMarket[]>();
  for (const row of marketRows) {
    const loaded = { row, outcomes: [] };
    byMarket.set(row.id, loaded);
    const list = out.get(row.matchId) ?? [];
    list.push(loaded);
    out.set(row.matchId, list);
  }
  if (byMarket.size) {
    const outcomeRows = await ctx.db
      .select()
      .from(outcomes)
      .where(inArray(outcomes.marketRowId, [...byMarket.keys()]))
      .orderBy(asc(outcomes.id));
    for (const o of outcomeRows) byMarket.get(o.marketRowId)?.outcomes.push(o);
  }
  return out;
}
