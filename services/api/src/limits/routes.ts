import {
  activityResponseSchema,
  idSchema,
  limitResponseSchema,
  limitsResponseSchema,
  limitTypeSchema,
  okSchema,
  sessionsInfoSchema,
  setLimitBodySchema,
} from "@sportsbook/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { clearSessionCookies, requirePlayer } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { errorResponses, typed } from "../http/route-kit.js";
import {
  cancelLimitChange,
  confirmLimit,
  currentLimits,
  presentLimit,
  removeLimit,
  setLimit,
} from "./changes.js";
import { continueSession, sessionsInfo, trackActivity } from "./sessions.js";

/** Responsible gambling (SPEC §4 limits), sessions info, reality check and activity tracking. */
export function registerLimitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ["responsible gambling"];
  const idParams = z.object({ id: idSchema });

  r.get(
    "/player/limits",
    {
      schema: {
        tags,
        summary: "The player's limits in force and pending changes, with what is used this period",
        response: { 200: limitsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const rows = await currentLimits(ctx, player.id);
      return { data: await Promise.all(rows.map((row) => presentLimit(ctx, row))) };
    },
  );

  r.post(
    "/player/limits",
    {
      schema: {
        tags,
        summary: "Sets a limit: stricter applies now, looser after the cooling-off period and a confirmation",
        description:
          "value: minor units for bet, deposit, loss, wager (currency defaults to the player's); seconds for session, sportsbook_session, reality_check, time, activity. period: day, week or month for deposit, loss, wager, time, activity; any period for selfexclusion and coolingoff (which sign every session out).",
        body: setLimitBodySchema,
        response: { 200: limitResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const player = await requirePlayer(ctx, request);
      const limit = await setLimit(ctx, player, request.body);
      // An exclusion has just signed every session out, this one included.
      if (limit.endsAt) clearSessionCookies(ctx, request, reply);
      return { data: await presentLimit(ctx, limit) };
    },
  );

  r.delete(
    "/player/limits/:type",
    {
      schema: {
        tags,
        summary: "Asks to remove a limit (after the cooling-off period and a confirmation)",
        params: z.object({ type: limitTypeSchema }),
        response: { 200: limitResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      return { data: await presentLimit(ctx, await removeLimit(ctx, player.id, request.params.type)) };
    },
  );

  r.post(
    "/player/limits/:id/confirm",
    {
      schema: {
        tags,
        summary: "Confirms a pending looser limit or removal",
        params: idParams,
        response: { 200: limitResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      return { data: await presentLimit(ctx, await confirmLimit(ctx, player.id, request.params.id)) };
    },
  );

  r.post(
    "/player/limits/:id/cancel",
    {
      schema: {
        tags,
        summary: "Withdraws a pending change",
        params: idParams,
        response: { 200: limitResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      return { data: await presentLimit(ctx, await cancelLimitChange(ctx, player.id, request.params.id)) };
    },
  );

  r.get(
    "/player/sessions/info",
    {
      schema: {
        tags,
        summary: "Session length, time left and the reality check (polled every 30 s)",
        description:
          "Answers outOfLimit (401) and signs the session out once a session or time limit is reached.",
        response: { 200: sessionsInfoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sessionsInfo(ctx, request);
    },
  );

  r.post(
    "/player/sessions/continue",
    {
      schema: {
        tags,
        summary: "Continues the session after a reality check",
        description: "400 realityCheckNotSet when the player has no reality check: the client stops polling.",
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await continueSession(ctx, request);
      return { ok: true as const };
    },
  );

  r.post(
    "/player/activity",
    {
      schema: {
        tags,
        summary: "Activity tracking tick (every 60 s while the page is visible)",
        description: "Answers outOfLimit (401) once an activity, time or session limit is reached.",
        response: { 200: activityResponseSchema, ...errorResponses },
      },
    },
    async (request) => trackActivity(ctx, request),
  );
}
