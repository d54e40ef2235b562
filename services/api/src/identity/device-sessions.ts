import { createHash } from "node:crypto";
import {
  type DeviceSession,
  deviceSessionIdSchema,
  deviceSessionsSchema,
  okSchema,
  signedOutOthersSchema,
} from "@sportsbook/contracts";
import { sessions } from "@sportsbook/db";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { type PlayerRow, requirePlayer, sessionOf } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { audit } from "./audit.js";

/** Sessions listed at most; older live ones still count for "sign out everywhere". */
const LISTED = 50;

/**
 * The id a session is shown under: derived from the stored hash so that neither the cookie nor the
 * hash the server looks it up by ever leaves the server.
 */
export function publicSessionId(tokenHash: string): string {
  return createHash("sha256").update(`device-session:${tokenHash}`).digest("hex").slice(0, 20);
}

async function currentSession(ctx: AppContext, request: FastifyRequest): Promise<[PlayerRow, string]> {
  const player = await requirePlayer(ctx, request);
  const session = await sessionOf(ctx, request);
  if (session.state !== "active") throw new ApiError("unauthorized");
  return [player, session.tokenHash];
}

function liveOf(ctx: AppContext, playerId: number) {
  return [eq(sessions.playerId, playerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now())];
}

/** The player's signed-in devices, sign-out of one of them, and of every other one. */
export function registerDeviceSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ["account"];

  r.get(
    "/player/sessions",
    {
      schema: {
        tags,
        summary: "The player's signed-in devices, the newest first",
        response: { 200: deviceSessionsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [player, own] = await currentSession(ctx, request);
      const rows = await ctx.db
        .select()
        .from(sessions)
        .where(and(...liveOf(ctx, player.id)))
        .orderBy(desc(sessions.createdAt))
        .limit(LISTED);
      const data: DeviceSession[] = rows.map((s) => ({
        id: publicSessionId(s.tokenHash),
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
        user_agent: s.userAgent,
        ip: s.ip,
        current: s.tokenHash === own,
      }));
      return { data };
    },
  );

  r.delete(
    "/player/sessions/:id",
    {
      schema: {
        tags,
        summary: "Signs one device out (the asking one too, like sign-out)",
        params: z.object({ id: deviceSessionIdSchema }),
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [player] = await currentSession(ctx, request);
      const live = await ctx.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(and(...liveOf(ctx, player.id)));
      const target = live.find((s) => publicSessionId(s.tokenHash) === request.params.id);
      if (!target) throw new ApiError("notFound");
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: ctx.now() })
          .where(eq(sessions.tokenHash, target.tokenHash));
        await audit(ctx, tx, {
          entity: "player",
          id: player.id,
          action: "session_signed_out",
          playerId: player.id,
        });
      });
      return { ok: true as const };
    },
  );

  r.post(
    "/player/sessions/sign-out-others",
    {
      schema: {
        tags,
        summary: "Signs out every other device of the player; this one stays signed in",
        response: { 200: signedOutOthersSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [player, own] = await currentSession(ctx, request);
      const ended = await ctx.db.transaction(async (tx) => {
        const rows = await tx
          .update(sessions)
          .set({ revokedAt: ctx.now() })
          .where(and(...liveOf(ctx, player.id), ne(sessions.tokenHash, own)))
          .returning({ tokenHash: sessions.tokenHash });
        await audit(ctx, tx, {
          entity: "player",
          id: player.id,
          action: "other_sessions_signed_out",
          playerId: player.id,
          data: { signed_out: rows.length },
        });
        return rows.length;
      });
      return { data: { signed_out: ended } };
    },
  );
}
