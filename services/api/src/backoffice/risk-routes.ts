import {
  idParamsSchema,
  riskPlayerAnswerSchema,
  riskPlayersQuerySchema,
  riskPlayersSchema,
  riskProfileBodySchema,
} from "@sportsbook/contracts";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { auditActorOf } from "./audit.js";
import { actorOf } from "./guard.js";
import { riskPlayers, setRiskProfile } from "./risk-profiles.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

/** Players' risk profiles: found by e-mail or id, and set whole with a reason. */
export function registerRiskRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/risk/players",
    {
      config: { operation: "listRiskProfiles" },
      schema: {
        tags,
        security,
        summary: "Players by e-mail or id with their risk profiles; without a query, every profiled player",
        querystring: riskPlayersQuerySchema,
        response: { 200: riskPlayersSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await riskPlayers(ctx.db, request.query) }),
  );

  r.put(
    "/risk/players/:id",
    {
      config: { operation: "setRiskProfile" },
      schema: {
        tags,
        security,
        summary:
          "Set a player's risk profile: stake factor, maximum stake, betting, live betting and cash-out blocks",
        params: idParamsSchema,
        body: riskProfileBodySchema,
        response: { 200: riskPlayerAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        data: await setRiskProfile(
          ctx,
          { ...auditActorOf(actor), staffId: actor.staff.id },
          request.params.id,
          request.body,
        ),
      };
    },
  );
}
