import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  adjustmentDecisionBodySchema,
  adjustmentListSchema,
  forcePasswordResetBodySchema,
  idParamsSchema,
  limitResponseSchema,
  okSchema,
  playerDetailQuerySchema,
  playerDetailSchema,
  playerNoteBodySchema,
  playerNoteSchema,
  playerSearchQuerySchema,
  playerSearchSchema,
  playerStatusBodySchema,
  playerSummarySchema,
  staffLimitBodySchema,
} from "@sportsbook/contracts";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { decideAdjustment, listAdjustments, requestAdjustment } from "./adjustments.js";
import { auditActorOf } from "./audit.js";
import { actorOf } from "./guard.js";
import {
  addPlayerNote,
  forcePasswordReset,
  playerDetail,
  playerSummary,
  searchPlayers,
  setLimitForPlayer,
  setPlayerStatus,
} from "./players.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

function staffActor(request: Parameters<typeof actorOf>[0]) {
  const actor = actorOf(request);
  return { ...auditActorOf(actor), staffId: actor.staff.id };
}

/** The player desk: search, the player page, and the actions staff take on an account. */
export function registerPlayerRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/players",
    {
      config: { operation: "searchPlayers" },
      schema: {
        tags,
        security,
        summary: "Find players by e-mail, name, phone or id",
        querystring: playerSearchQuerySchema,
        response: { 200: playerSearchSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await searchPlayers(ctx, request.query.q, request.query.limit) }),
  );

  r.get(
    "/players/:id",
    {
      config: { operation: "viewPlayer" },
      schema: {
        tags,
        security,
        summary:
          "A player's profile, balances, sessions, bets, transactions, limits, bonuses, staff notes and adjustments",
        params: idParamsSchema,
        querystring: playerDetailQuerySchema,
        response: { 200: playerDetailSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await playerDetail(ctx, request.params.id, request.query.bets) }),
  );

  r.post(
    "/players/:id/status",
    {
      config: { operation: "setPlayerStatus" },
      schema: {
        tags,
        security,
        summary: "Block, unblock or close a player's account (blocking and closing end every session)",
        params: idParamsSchema,
        body: playerStatusBodySchema,
        response: { 200: z.object({ data: playerSummarySchema }), ...errorResponses },
      },
    },
    async (request) => ({
      data: playerSummary(await setPlayerStatus(ctx, staffActor(request), request.params.id, request.body)),
    }),
  );

  r.post(
    "/players/:id/password-reset",
    {
      config: { operation: "forcePasswordReset" },
      schema: {
        tags,
        security,
        summary: "Force a new password: the old one stops working, sessions end, a reset link is mailed",
        params: idParamsSchema,
        body: forcePasswordResetBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await forcePasswordReset(ctx, staffActor(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  r.post(
    "/players/:id/limits",
    {
      config: { operation: "setPlayerLimit" },
      schema: {
        tags,
        security,
        summary: "Set a stricter responsible-gambling limit on the player's behalf (a looser one is refused)",
        params: idParamsSchema,
        body: staffLimitBodySchema,
        response: { 200: limitResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await setLimitForPlayer(ctx, staffActor(request), request.params.id, request.body),
    }),
  );

  r.post(
    "/players/:id/notes",
    {
      config: { operation: "addPlayerNote" },
      schema: {
        tags,
        security,
        summary: "Add a staff note to a player",
        params: idParamsSchema,
        body: playerNoteBodySchema,
        response: { 200: z.object({ data: playerNoteSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      data: await addPlayerNote(ctx, staffActor(request), request.params.id, request.body.body),
    }),
  );

  r.post(
    "/players/:id/adjustments",
    {
      config: { operation: "requestAdjustment" },
      schema: {
        tags,
        security,
        summary:
          "Adjust a player's balance with a reason (posted against the adjustment account; above the configured amount a second member approves)",
        params: idParamsSchema,
        body: adjustmentBodySchema,
        response: { 200: adjustmentAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await requestAdjustment(ctx, staffActor(request), request.params.id, request.body),
    }),
  );

  r.get(
    "/adjustments",
    {
      config: { operation: "listAdjustments" },
      schema: {
        tags,
        security,
        summary: "Balance adjustments waiting for a second member's approval",
        response: { 200: adjustmentListSchema, ...errorResponses },
      },
    },
    async () => ({ data: await listAdjustments(ctx.db, { status: "pending" }) }),
  );

  r.post(
    "/adjustments/:id/decision",
    {
      config: { operation: "decideAdjustment" },
      schema: {
        tags,
        security,
        summary: "Approve or reject a waiting balance adjustment (not the member who asked for it)",
        params: idParamsSchema,
        body: adjustmentDecisionBodySchema,
        response: { 200: adjustmentAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await decideAdjustment(ctx, staffActor(request), request.params.id, request.body.approve),
    }),
  );
}
