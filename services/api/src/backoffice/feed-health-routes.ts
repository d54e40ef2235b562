import { feedHealthSchema } from "@sportsbook/contracts";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { feedHealth } from "./feed-health.js";

/** The feed's health per provider and producer, for the traders watching it. */
export function registerFeedHealthRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/feed",
    {
      config: { operation: "feedHealth" },
      schema: {
        tags: ["backoffice"],
        security: [{ staffSession: [] }],
        summary:
          "Each feed producer: up or down, last alive, recovery, messages per minute, lag and the last refusal",
        response: { 200: feedHealthSchema, ...errorResponses },
      },
    },
    async () => ({ data: feedHealth(ctx.feed?.report(), ctx.feedActivity()?.activity()) }),
  );
}
