import {
  decideConflictSchema,
  idParamsSchema,
  settledMarketAnswerSchema,
  settleMarketSchema,
  settlementConflictAnswerSchema,
  settlementConflictsQuerySchema,
  settlementConflictsSchema,
  settlementMatchDetailSchema,
  settlementMatchesQuerySchema,
  settlementMatchesSchema,
} from "@sportsbook/contracts";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { auditActorOf } from "./audit.js";
import { actorOf } from "./guard.js";
import { decideConflict, settleByHand } from "./settlement-desk.js";
import {
  handSettlementHistory,
  settlementConflictViews,
  settlementMarkets,
  settlementMatches,
} from "./settlement-reads.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

/** The settlement desk: settle, void or correct markets by hand, and decide the feed's conflicting settlements. */
export function registerSettlementRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/settlement/matches",
    {
      config: { operation: "listSettlementMatches" },
      schema: {
        tags,
        security,
        summary: "Matches for the settlement desk, those with open bets or conflicts first",
        querystring: settlementMatchesQuerySchema,
        response: { 200: settlementMatchesSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await settlementMatches(ctx.db, request.query) }),
  );

  r.get(
    "/settlement/matches/:id",
    {
      config: { operation: "settlementMatch" },
      schema: {
        tags,
        security,
        summary: "A match's markets with their results, the desk's settlements and the feed's conflicts",
        params: idParamsSchema,
        response: { 200: settlementMatchDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const [match] = await settlementMatches(ctx.db, { id, limit: 1 });
      if (!match) throw new ApiError("notFound");
      return {
        data: {
          match,
          markets: await settlementMarkets(ctx.db, id),
          history: await handSettlementHistory(ctx.db, id),
          conflicts: await settlementConflictViews(ctx.db, { matchId: id, status: "all", limit: 100 }),
        },
      };
    },
  );

  r.post(
    "/settlement/markets/:id",
    {
      config: { operation: "settleMarket" },
      schema: {
        tags,
        security,
        summary: "Settle, void or re-settle a market or one outcome by hand, with a reason",
        params: idParamsSchema,
        body: settleMarketSchema,
        response: { 200: settledMarketAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        data: await settleByHand(
          ctx,
          { ...auditActorOf(actor), staffId: actor.staff.id },
          request.params.id,
          request.body,
        ),
      };
    },
  );

  r.get(
    "/settlement/conflicts",
    {
      config: { operation: "listSettlementConflicts" },
      schema: {
        tags,
        security,
        summary: "Feed settlements held back because the desk settled the market",
        querystring: settlementConflictsQuerySchema,
        response: { 200: settlementConflictsSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await settlementConflictViews(ctx.db, request.query) }),
  );

  r.post(
    "/settlement/conflicts/:id",
    {
      config: { operation: "decideSettlementConflict" },
      schema: {
        tags,
        security,
        summary: "Accept the feed's settlement (it then stands) or reject it (the desk's stays)",
        params: idParamsSchema,
        body: decideConflictSchema,
        response: { 200: settlementConflictAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { conflictId } = await decideConflict(
        ctx,
        { ...auditActorOf(actor), staffId: actor.staff.id },
        request.params.id,
        request.body.decision,
      );
      const [view] = await settlementConflictViews(ctx.db, { id: conflictId, limit: 1 });
      if (!view) throw new ApiError("notFound");
      return { data: view };
    },
  );
}
