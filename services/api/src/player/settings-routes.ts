import {
  currencyRatesResponseSchema,
  settingsBodySchema,
  settingsResponseSchema,
} from "@sportsbook/contracts";
import type { FastifyInstance } from "fastify";
import { optionalPlayer, requirePlayer } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { currencyRates } from "../wallet/rates.js";
import { effectiveSettings, savePreferences } from "./settings.js";

/** Betting settings: the player's own, or the system defaults for a visitor (SPEC §7). */
export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/settings",
    {
      schema: {
        tags: ["settings"],
        summary: "Betting settings: the player's, or the system defaults for a visitor",
        response: { 200: settingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await optionalPlayer(ctx, request);
      return { data: await effectiveSettings(ctx, player?.id ?? null) };
    },
  );

  r.post(
    "/settings",
    {
      schema: {
        tags: ["settings"],
        summary: "Saves betting preferences or a push subscription",
        body: settingsBodySchema,
        response: { 200: settingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await savePreferences(ctx, player.id, request.body);
      return { data: await effectiveSettings(ctx, player.id) };
    },
  );

  r.get(
    "/currencies/rates",
    {
      schema: {
        tags: ["settings"],
        summary: "Each currency's worth in the base currency, as integers (×scale)",
        response: { 200: currencyRatesResponseSchema, ...errorResponses },
      },
    },
    async () => ({ data: await currencyRates(ctx) }),
  );
}
