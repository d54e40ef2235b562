import {
  okSchema,
  pushKeyResponseSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from "@sportsbook/contracts";
import { pushSubscriptions } from "@sportsbook/db";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { requirePlayer } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError, validationError } from "../http/errors.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { endpointProblem } from "./endpoint-rule.js";
import type { PushSender } from "./sender.js";

/** Most browsers a player keeps subscribed; subscribing one more drops the oldest. */
export const MAX_SUBSCRIPTIONS_PER_PLAYER = 10;

/** Web Push opt-in and opt-out of the player's browsers (SPEC §1 push notifications). */
export function registerPushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ["push"];
  const sender = (): PushSender => {
    if (!ctx.push) throw new ApiError("notFound");
    return ctx.push;
  };
  const checkEndpoint = (endpoint: string) => {
    const problem = endpointProblem(endpoint, sender().rule);
    if (problem) throw validationError([{ field: "body.endpoint", message: problem }]);
  };

  r.get(
    "/push/key",
    {
      schema: {
        tags,
        summary: "The VAPID public key browsers subscribe with (applicationServerKey)",
        response: { 200: pushKeyResponseSchema, ...errorResponses },
      },
    },
    async () => ({ data: { public_key: sender().publicKey } }),
  );

  r.post(
    "/push/subscriptions",
    {
      schema: {
        tags,
        summary:
          "Stores this browser's push subscription for the signed-in player (https endpoints on public hosts only)",
        body: pushSubscriptionBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      checkEndpoint(request.body.endpoint);
      const player = await requirePlayer(ctx, request);
      const { endpoint, keys } = request.body;
      await ctx.db.transaction(async (tx) => {
        // one row per endpoint: the browser's latest keys and player win
        await tx
          .insert(pushSubscriptions)
          .values({ playerId: player.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { playerId: player.id, p256dh: keys.p256dh, auth: keys.auth, createdAt: ctx.now() },
          });
        const mine = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.playerId, player.id))
          .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
        for (const old of mine.slice(0, Math.max(0, mine.length - MAX_SUBSCRIPTIONS_PER_PLAYER))) {
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
        }
      });
      return { ok: true as const };
    },
  );

  r.delete(
    "/push/subscriptions",
    {
      schema: {
        tags,
        summary: "Removes this browser's push subscription (opt-out)",
        body: pushUnsubscribeBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      sender();
      const player = await requirePlayer(ctx, request);
      await ctx.db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.playerId, player.id),
            eq(pushSubscriptions.endpoint, request.body.endpoint),
          ),
        );
      return { ok: true as const };
    },
  );
}
