import { gameProviderSchema, launchBodySchema, launchResponseSchema } from "@sportsbook/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { optionalPlayer } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { effectiveSettings } from "../player/settings.js";

/** SPEC §7 `POST /{provider}/launch {app}`: the address of an additional product's game. */
export function registerGameRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  r.post(
    "/:provider/launch",
    {
      schema: {
        tags: ["games"],
        summary: "Launches an additional product (horse racing, lotto, premium cricket) of a game provider",
        params: z.object({ provider: gameProviderSchema }),
        body: launchBodySchema,
        response: { 200: launchResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await optionalPlayer(ctx, request);
      const settings = await effectiveSettings(ctx, player?.id ?? null);
      const product = settings.additional_providers[request.body.app];
      // A product the operator has not turned on, or another provider's, is not there to launch.
      if (!product.enabled || (product.provider ?? "sandbox") !== request.params.provider)
        throw new ApiError("notFound", {
          details: [{ field: "body.app", message: `not offered by ${request.params.provider}` }],
        });
      const provider = ctx.games.get(request.params.provider);
      if (!provider)
        throw new ApiError("notFound", {
          details: [{ field: "params.provider", message: "no such provider" }],
        });
      const url = await provider.launch({
        app: request.body.app,
        playerId: player?.id ?? null,
        locale: request.headers["accept-language"]?.split(",")[0]?.trim() || "en",
      });
      return { data: { url } };
    },
  );
}
