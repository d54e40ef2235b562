import {
  idParamsSchema,
  liabilitiesQuerySchema,
  liabilitiesSchema,
  matchLiabilitiesQuerySchema,
  matchLiabilitiesSchema,
} from "@sportsbook/contracts";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { liabilities, matchLiabilities } from "./liabilities.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

/** The book's liabilities: matches with open bets worst first, and one match's figures with the bets behind them. */
export function registerLiabilitiesRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/liabilities",
    {
      config: { operation: "listLiabilities" },
      schema: {
        tags,
        security,
        summary:
          "Matches with open bets in one currency, by the most the book can lose on one of their markets",
        querystring: liabilitiesQuerySchema,
        response: { 200: liabilitiesSchema, ...errorResponses },
      },
    },
    async (request) => liabilities(ctx.db, request.query),
  );

  r.get(
    "/liabilities/matches/:id",
    {
      config: { operation: "matchLiabilities" },
      schema: {
        tags,
        security,
        summary: "A match's liability per market and outcome, and the open bets behind each figure",
        params: idParamsSchema,
        querystring: matchLiabilitiesQuerySchema,
        response: { 200: matchLiabilitiesSchema, ...errorResponses },
      },
    },
    async (request) => matchLiabilities(ctx.db, request.params.id, request.query.currency),
  );
}
