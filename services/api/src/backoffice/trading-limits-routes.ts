import {
  liveBetDelayAnswerSchema,
  liveBetDelayBodySchema,
  marketKindLimitAnswerSchema,
  marketKindLimitBodySchema,
  marketKindParamsSchema,
  tradingLimitsSchema,
} from "@sportsbook/contracts";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { auditActorOf } from "./audit.js";
import { actorOf } from "./guard.js";
import { setLiveBetDelay, setMarketKindLimit, tradingLimits } from "./trading-limits.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

/** Trading limits: maximum stake and payout per market kind, live bet delay per sport or tournament. */
export function registerTradingLimitRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/limits",
    {
      config: { operation: "listTradingLimits" },
      schema: {
        tags,
        security,
        summary: "Every market kind's limits and every live bet delay set",
        response: { 200: tradingLimitsSchema, ...errorResponses },
      },
    },
    async () => ({ data: await tradingLimits(ctx.db) }),
  );

  r.put(
    "/limits/markets/:marketId",
    {
      config: { operation: "setMarketKindLimit" },
      schema: {
        tags,
        security,
        summary: "Set a market kind's maximum stake and maximum payout (major units; null: no limit)",
        params: marketKindParamsSchema,
        body: marketKindLimitBodySchema,
        response: { 200: marketKindLimitAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        data: await setMarketKindLimit(
          ctx,
          { ...auditActorOf(actor), staffId: actor.staff.id },
          request.params.marketId,
          request.body,
        ),
      };
    },
  );

  r.put(
    "/limits/live-delays",
    {
      config: { operation: "setLiveBetDelay" },
      schema: {
        tags,
        security,
        summary:
          "Set or remove a sport's or a tournament's live bet delay (a tournament's overrides its sport's)",
        body: liveBetDelayBodySchema,
        response: { 200: liveBetDelayAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        data: await setLiveBetDelay(ctx, { ...auditActorOf(actor), staffId: actor.staff.id }, request.body),
      };
    },
  );
}
