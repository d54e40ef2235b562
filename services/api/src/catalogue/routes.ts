import {
  categoriesQuerySchema,
  categoriesResponseSchema,
  categorySchema,
  countersBodySchema,
  countersResponseSchema,
  idSchema,
  marketsQuerySchema,
  marketsResponseSchema,
  matchesQuerySchema,
  matchesResponseSchema,
  matchSchema,
  searchQuerySchema,
  searchResponseSchema,
  sportsResponseSchema,
  statisticsSchema,
  streamsResponseSchema,
  text,
  tournamentSchema,
  tournamentsQuerySchema,
  tournamentsResponseSchema,
  videoResponseSchema,
} from "@sportsbook/contracts";
import {
  categories,
  MATCH_MEDIA_KIND,
  type MatchMediaKind,
  markets,
  matches,
  matchMedia,
  sports,
  tournaments,
} from "@sportsbook/db";
import { MARKET_STATUS, MATCH_STATUS } from "@sportsbook/domain";
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { optionalPlayer, requirePlayer } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, localeOf, pagination, typed } from "../http/route-kit.js";
import { sportTypeProviders } from "../player/settings.js";
import { findMatch, listMatches, loadMarkets, localName, servedSports } from "./matches.js";
import { presentCategory, presentMarket, presentSport, presentTournament } from "./present.js";

const idParams = z.object({ id: idSchema });
const notFound = (what: string) =>
  new ApiError("notFound", { details: [{ field: "params.id", message: `no such ${what}` }] });

export function registerCatalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ["catalogue"];

  r.get(
    "/sports",
    {
      schema: {
        tags,
        summary: "Sports by priority",
        response: { 200: sportsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await ctx.db
        .select()
        .from(sports)
        .where(servedSports(await sportTypeProviders(ctx)))
        .orderBy(desc(sports.priority), asc(sports.id));
      return { data: rows.map((s) => presentSport(s, localeOf(request))) };
    },
  );

  const categoryQuery = () =>
    ctx.db
      .select({ category: categories, sport: sports })
      .from(categories)
      .innerJoin(sports, eq(sports.id, categories.sportId));

  r.get(
    "/categories",
    {
      schema: {
        tags,
        summary: "Categories (countries) of a sport",
        querystring: categoriesQuerySchema,
        response: { 200: categoriesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const where: SQL[] = [];
      const served = servedSports(await sportTypeProviders(ctx));
      if (served) where.push(served);
      if (request.query.sport_id) where.push(eq(categories.sportId, request.query.sport_id));
      if (request.query.sport_key) where.push(eq(sports.key, request.query.sport_key));
      const rows = await categoryQuery()
        .where(and(...where))
        .orderBy(desc(categories.priority), asc(categories.name));
      return { data: rows.map((c) => presentCategory(c.category, c.sport, localeOf(request))) };
    },
  );

  r.get(
    "/categories/:id",
    {
      schema: {
        tags,
        summary: "One category",
        params: idParams,
        response: { 200: z.object({ data: categorySchema }), ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await categoryQuery().where(eq(categories.id, request.params.id));
      if (!row) throw notFound("category");
      return { data: presentCategory(row.category, row.sport, localeOf(request)) };
    },
  );

  const tournamentQuery = () =>
    ctx.db
      .select({ tournament: tournaments, category: categories, sport: sports })
      .from(tournaments)
      .innerJoin(categories, eq(categories.id, tournaments.categoryId))
      .innerJoin(sports, eq(sports.id, tournaments.sportId));

  r.get(
    "/tournaments",
    {
      schema: {
        tags,
        summary: "Tournaments (leagues)",
        querystring: tournamentsQuerySchema,
        response: { 200: tournamentsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { sport_id, sport_key, category_id, page, limit } = request.query;
      const where: SQL[] = [];
      const served = servedSports(await sportTypeProviders(ctx));
      if (served) where.push(served);
      if (sport_id) where.push(eq(tournaments.sportId, sport_id));
      if (sport_key) where.push(eq(sports.key, sport_key));
      if (category_id) where.push(eq(tournaments.categoryId, category_id));
      const [total] = await ctx.db
        .select({ n: count() })
        .from(tournaments)
        .innerJoin(sports, eq(sports.id, tournaments.sportId))
        .where(and(...where));
      const rows = await tournamentQuery()
        .where(and(...where))
        .orderBy(desc(tournaments.priority), asc(tournaments.name), asc(tournaments.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return {
        data: rows.map((t) => presentTournament(t.tournament, t.category, t.sport, localeOf(request))),
        pagination: pagination(Number(total?.n ?? 0), page, limit),
      };
    },
  );

  r.get(
    "/tournaments/:id",
    {
      schema: {
        tags,
        summary: "One tournament",
        params: idParams,
        response: { 200: z.object({ data: tournamentSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await tournamentQuery().where(eq(tournaments.id, request.params.id));
      if (!row) throw notFound("tournament");
      return { data: presentTournament(row.tournament, row.category, row.sport, localeOf(request)) };
    },
  );

  r.get(
    "/matches",
    {
      schema: {
        tags,
        summary: "Matches with filters and pagination",
        querystring: matchesQuerySchema,
        response: { 200: matchesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      let favouriteOf: number | undefined;
      if (q.favourite) favouriteOf = (await requirePlayer(ctx, request)).id;
      const { data, total } = await listMatches(
        ctx,
        {
          ids: q.id,
          type: q.type,
          sportKeys: q.sport_key,
          sportType: q.sport_type,
          categoryIds: q.category_id,
          tournamentIds: q.tournament_id,
          statuses: q.match_status,
          startFrom: q.start_from ? new Date(q.start_from) : undefined,
          startTo: q.start_to ? new Date(q.start_to) : undefined,
          bettable: q.bettable,
          customBet: q.custom_bet,
          hasVideo: q.has_video,
          favouriteOf,
          maxPerSport: q.max_per_sport,
          // Matches asked for by id (a match page refreshing its card) are found whoever serves them.
          providers: q.id?.length ? undefined : await sportTypeProviders(ctx),
        },
        q.sort_by,
        q.page,
        q.limit,
        localeOf(request),
      );
      return { data, pagination: pagination(total, q.page, q.limit) };
    },
  );

  r.get(
    "/matches/:id",
    {
      schema: {
        tags,
        summary: "One match",
        params: idParams,
        response: { 200: z.object({ data: matchSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const match = await findMatch(ctx, request.params.id, localeOf(request));
      if (!match) throw notFound("match");
      return { data: match };
    },
  );

  r.get(
    "/matches/:id/markets",
    {
      schema: {
        tags,
        summary: "Markets of a match (inactive ones left out), with their groups",
        params: idParams,
        querystring: marketsQuerySchema,
        response: { 200: marketsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [match] = await ctx.db.select().from(matches).where(eq(matches.id, request.params.id));
      if (!match) throw notFound("match");
      const { page, limit, group_key, market_id } = request.query;
      const loaded =
        (await loadMarkets(ctx, [match.id], { groupKey: group_key, marketIds: market_id })).get(match.id) ??
        [];
      const groups = await ctx.db
        .select({ group_key: sql<string>`g`, count: sql<number>`count(*)`.mapWith(Number) })
        .from(sql`${markets}, unnest(${markets.groupKeys}) as g`)
        .where(and(eq(markets.matchId, match.id), ne(markets.status, 0)))
        .groupBy(sql`g`)
        .orderBy(sql`g`);
      const pageItems = loaded.slice((page - 1) * limit, page * limit);
      return {
        data: pageItems.map((m) => presentMarket(m.row, m.outcomes, match, localeOf(request))),
        pagination: pagination(loaded.length, page, limit),
        groups,
      };
    },
  );

  const mediaOf = async (matchId: number, kind: MatchMediaKind) => {
    const [match] = await ctx.db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
    if (!match) throw notFound("match");
    return ctx.db
      .select()
      .from(matchMedia)
      .where(and(eq(matchMedia.matchId, matchId), eq(matchMedia.kind, kind)))
      .orderBy(asc(matchMedia.id));
  };

  r.get(
    "/matches/:id/video",
    {
      schema: {
        tags,
        summary: "Video link of a match (signed-in players)",
        params: idParams,
        response: { 200: videoResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requirePlayer(ctx, request);
      const [video] = await mediaOf(request.params.id, MATCH_MEDIA_KIND.video);
      if (!video)
        throw new ApiError("notFound", {
          details: [{ field: "params.id", message: "the match has no video" }],
        });
      return { data: { link: video.link, provider: video.provider, language_code: video.languageCode } };
    },
  );

  r.get(
    "/matches/:id/streams",
    {
      schema: {
        tags,
        summary: "Stream links of a match",
        params: idParams,
        response: { 200: streamsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await optionalPlayer(ctx, request);
      const rows = await mediaOf(request.params.id, MATCH_MEDIA_KIND.stream);
      return {
        data: rows.map((s) => ({ link: s.link, provider: s.provider, language_code: s.languageCode })),
      };
    },
  );

  r.get(
    "/matches/:id/:type",
    {
      schema: {
        tags,
        summary:
          "Statistics of a match: `statistics` for the whole block, or one part of it (e.g. `period_score`)",
        params: z.object({ id: idSchema, type: text().regex(/^[a-z_]{1,50}$/) }),
        response: { 200: z.object({ data: z.unknown() }), ...errorResponses },
      },
    },
    async (request) => {
      const [match] = await ctx.db
        .select({ statistics: matches.statistics })
        .from(matches)
        .where(eq(matches.id, request.params.id));
      if (!match) throw notFound("match");
      const stats = statisticsSchema.parse(match.statistics ?? {});
      if (request.params.type === "statistics") return { data: stats };
      const part = (stats as Record<string, unknown>)[request.params.type];
      if (part === undefined) {
        throw new ApiError("notFound", {
          details: [{ field: "params.type", message: "no such statistics" }],
        });
      }
      return { data: part };
    },
  );

  r.post(
    "/counters",
    {
      schema: {
        tags,
        summary: "Match counts: live, and per sport, category and tournament",
        body: countersBodySchema,
        response: { 200: countersResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const b = request.body;
      const where: SQL[] = [];
      const served = servedSports(await sportTypeProviders(ctx));
      if (served) where.push(served);
      if (b.match_status?.length) where.push(inArray(matches.status, b.match_status));
      else where.push(inArray(matches.status, [0, 1]));
      if (b.sport_type) where.push(eq(sports.type, b.sport_type));
      if (b.start_from) where.push(sql`${matches.startTime} >= ${new Date(b.start_from)}`);
      if (b.start_to) where.push(sql`${matches.startTime} <= ${new Date(b.start_to)}`);
      if (b.bettable) {
        where.push(
          sql`exists (select 1 from ${markets} where ${markets.matchId} = ${matches.id} and ${markets.status} = ${MARKET_STATUS.allowed})`,
        );
      }
      const rows = await ctx.db
        .select({
          sportId: matches.sportId,
          categoryId: matches.categoryId,
          tournamentId: matches.tournamentId,
          total: count(),
          live: sql<number>`count(*) filter (where ${matches.status} = ${MATCH_STATUS.live})`.mapWith(Number),
        })
        .from(matches)
        .innerJoin(sports, eq(sports.id, matches.sportId))
        .where(and(...where))
        .groupBy(matches.sportId, matches.categoryId, matches.tournamentId);
      const out = { live: 0, total: 0, sports: {}, categories: {}, tournaments: {} } as {
        live: number;
        total: number;
        sports: Record<string, number>;
        categories: Record<string, number>;
        tournaments: Record<string, number>;
      };
      for (const row of rows) {
        const n = Number(row.total);
        out.live += row.live;
        out.total += n;
        out.sports[row.sportId] = (out.sports[row.sportId] ?? 0) + n;
        out.categories[row.categoryId] = (out.categories[row.categoryId] ?? 0) + n;
        out.tournaments[row.tournamentId] = (out.tournaments[row.tournamentId] ?? 0) + n;
      }
      return out;
    },
  );

  r.get(
    "/search",
    {
      schema: {
        tags,
        summary: "Search matches and tournaments by name (3–50 characters)",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const locale = localeOf(request);
      const providers = await sportTypeProviders(ctx);
      const { data: found } = await listMatches(
        ctx,
        {
          text: q.q,
          textLocale: locale,
          sportType: q.sport_type,
          statuses: q.match_status ?? [0, 1],
          providers,
        },
        "start_time",
        q.page,
        q.limit,
        locale,
      );
      let foundTournaments: ReturnType<typeof presentTournament>[] = [];
      if (!q.only_events_name) {
        const pattern = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const where: SQL[] = [
          sql`(${tournaments.name} ilike ${pattern} or ${localName(tournaments.translations, locale)} ilike ${pattern})`,
        ];
        const served = servedSports(providers);
        if (served) where.push(served);
        if (q.sport_type) where.push(eq(sports.type, q.sport_type));
        const rows = await tournamentQuery()
          .where(and(...where))
          .orderBy(desc(tournaments.priority), asc(tournaments.name))
          .limit(q.limit);
        foundTournaments = rows.map((t) => presentTournament(t.tournament, t.category, t.sport, locale));
      }
      return { data: { matches: found, tournaments: foundTournaments } };
    },
  );
}
