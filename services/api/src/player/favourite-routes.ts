import {
  favouriteParamsSchema,
  favouritesQuerySchema,
  favouritesResponseSchema,
  favouriteTypeSchema,
  okSchema,
} from "@sportsbook/contracts";
import { categories, favourites, matches, sports, tournaments } from "@sportsbook/db";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requirePlayer } from "../auth/session.js";
import { bettableSql } from "../catalogue/matches.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, typed } from "../http/route-kit.js";

const favouriteTables = {
  match: matches,
  tournament: tournaments,
  category: categories,
  sport: sports,
} as const;

/** Favourite matches, tournaments, categories and sports of a player (SPEC §7). */
export function registerFavouriteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/favourites/:type",
    {
      schema: {
        tags: ["favourites"],
        summary: "The player's favourites of one type (matches filtered by status and bettability)",
        params: z.object({ type: favouriteTypeSchema }),
        querystring: favouritesQuerySchema,
        response: { 200: favouritesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const where: SQL[] = [eq(favourites.playerId, player.id), eq(favourites.type, request.params.type)];
      if (request.params.type === "match") {
        const { matchStatus, isBettable } = request.query;
        if (matchStatus !== undefined) {
          where.push(
            sql`exists (select 1 from ${matches} where ${matches.id} = ${favourites.targetId} and ${matches.status} = ${matchStatus})`,
          );
        }
        if (isBettable !== undefined) {
          where.push(
            sql`${isBettable ? sql`` : sql`not`} exists (select 1 from ${matches} where ${matches.id} = ${favourites.targetId} and ${bettableSql})`,
          );
        }
      }
      const rows = await ctx.db
        .select({ id: favourites.targetId, createdAt: favourites.createdAt })
        .from(favourites)
        .where(and(...where))
        .orderBy(desc(favourites.createdAt));
      return { data: rows.map((f) => ({ id: f.id, created_at: f.createdAt.toISOString() })) };
    },
  );

  r.post(
    "/favourites/:type/:id",
    {
      schema: {
        tags: ["favourites"],
        summary: "Adds a favourite",
        params: favouriteParamsSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const table = favouriteTables[request.params.type];
      const [target] = await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.id, request.params.id));
      if (!target)
        throw new ApiError("notFound", { details: [{ field: "params.id", message: "no such id" }] });
      await ctx.db
        .insert(favourites)
        .values({ playerId: player.id, type: request.params.type, targetId: request.params.id })
        .onConflictDoNothing();
      return { ok: true as const };
    },
  );

  r.delete(
    "/favourites/:type/:id",
    {
      schema: {
        tags: ["favourites"],
        summary: "Removes a favourite",
        params: favouriteParamsSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await ctx.db
        .delete(favourites)
        .where(
          and(
            eq(favourites.playerId, player.id),
            eq(favourites.type, request.params.type),
            eq(favourites.targetId, request.params.id),
          ),
        );
      return { ok: true as const };
    },
  );
}
