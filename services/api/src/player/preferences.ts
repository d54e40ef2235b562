import {
  favouriteParamsSchema,
  favouritesQuerySchema,
  favouritesResponseSchema,
  favouriteTypeSchema,
  notificationCountersSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  okSchema,
  readNotificationsBodySchema,
  settingsBodySchema,
  settingsResponseSchema,
  voteBodySchema,
  votesResponseSchema,
} from "@sportsbook/contracts";
import {
  categories,
  favourites,
  matches,
  notifications,
  notificationView,
  sports,
  tournaments,
  unreadNotifications,
  votes,
} from "@sportsbook/db";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { optionalPlayer, requirePlayer } from "../auth/session.js";
import { bettableSql } from "../catalogue/matches.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, pagination, typed } from "../http/route-kit.js";
import { assertWithinBudget, recordAttempt } from "../identity/attempts.js";
import { publishUnread } from "../realtime/to-player.js";
import { effectiveSettings, savePreferences } from "./settings.js";

const favouriteTables = {
  match: matches,
  tournament: tournaments,
  category: categories,
  sport: sports,
} as const;

/** Votes one player may cast per hour (each prediction keeps one vote a player). */
export const VOTES_PER_HOUR = 100;

export function registerPreferenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/settings",
    {
      schema: {
        tags: ["settings"],
        summary: "Betting settings: the player's, or the system defaults for a visitor",
        response: { 200: settingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await optionalPlayer(ctx, request);
      return { data: await effectiveSettings(ctx, player?.id ?? null) };
    },
  );

  r.post(
    "/settings",
    {
      schema: {
        tags: ["settings"],
        summary: "Saves betting preferences or a push subscription",
        body: settingsBodySchema,
        response: { 200: settingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await savePreferences(ctx, player.id, request.body);
      return { data: await effectiveSettings(ctx, player.id) };
    },
  );

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

  r.get(
    "/notifications",
    {
      schema: {
        tags: ["notifications"],
        summary: "The player's notifications, newest first",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const { page, limit } = request.query;
      const [total] = await ctx.db
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.playerId, player.id));
      const rows = await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.playerId, player.id))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return {
        data: rows.map(notificationView),
        pagination: pagination(Number(total?.n ?? 0), page, limit),
      };
    },
  );

  r.get(
    "/notifications/counters",
    {
      schema: {
        tags: ["notifications"],
        summary: "Unread notifications",
        response: { 200: notificationCountersSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      return { data: { unread: await unreadNotifications(ctx.db, player.id) } };
    },
  );

  r.post(
    "/notifications/read-all",
    {
      schema: {
        tags: ["notifications"],
        summary: "Marks every notification read",
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await ctx.db.update(notifications).set({ read: true }).where(eq(notifications.playerId, player.id));
      await publishUnread(ctx, player.id);
      return { ok: true as const };
    },
  );

  r.post(
    "/notifications/read",
    {
      schema: {
        tags: ["notifications"],
        summary: "Marks some notifications read",
        body: readNotificationsBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await ctx.db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.playerId, player.id), inArray(notifications.id, request.body.ids)));
      await publishUnread(ctx, player.id);
      return { ok: true as const };
    },
  );

  r.get(
    "/vote",
    {
      schema: {
        tags: ["vote"],
        summary: "The player's prediction votes",
        response: { 200: votesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const rows = await ctx.db
        .select()
        .from(votes)
        .where(eq(votes.playerId, player.id))
        .orderBy(desc(votes.createdAt));
      return {
        data: rows.map((v) => ({
          prediction_id: v.predictionId,
          data: v.data as Record<string, unknown>,
          created_at: v.createdAt.toISOString(),
        })),
      };
    },
  );

  r.post(
    "/vote",
    {
      schema: {
        tags: ["vote"],
        summary: "Votes on a prediction (a second vote replaces the first)",
        body: voteBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const subject = `player:${player.id}`;
      // Per player only: votes need a session, and many players may share one address.
      await assertWithinBudget(ctx, "vote", [
        { by: "subject", value: subject, max: VOTES_PER_HOUR, failuresOnly: false },
      ]);
      await recordAttempt(ctx, "vote", { ip: request.ip, subject, success: true });
      const values = {
        playerId: player.id,
        predictionId: request.body.prediction_id,
        data: request.body.data,
      };
      await ctx.db
        .insert(votes)
        .values(values)
        .onConflictDoUpdate({
          target: [votes.playerId, votes.predictionId],
          set: { data: values.data, createdAt: ctx.now() },
        });
      return { ok: true as const };
    },
  );
}
