import {
  notificationCountersSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  okSchema,
  readNotificationsBodySchema,
} from "@sportsbook/contracts";
import { notifications, notificationView, unreadNotifications } from "@sportsbook/db";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { requirePlayer } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { errorResponses, pagination, typed } from "../http/route-kit.js";
import { publishUnread } from "../realtime/to-player.js";

/** The player's notifications: list, unread counters, marking read (SPEC §7). */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

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
}
