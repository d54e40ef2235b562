import { z } from "zod";
import { idSchema, instantSchema, text } from "./http/common.js";

/**
 * Wire schemas of the trading limits: maximum stake and payout per market kind, and the live bet
 * delay per sport or tournament (`/backoffice/limits/…`).
 */

/** The longest live bet delay a trader may set, in milliseconds. */
export const LIVE_BET_DELAY_MAX_MS = 60_000;

const majorAmount = z.number().int().min(0).max(1_000_000_000).nullable();
const reasonSchema = text().trim().min(3).max(500);

/** `PUT /backoffice/limits/markets/:marketId`: both limits set whole; null lifts one. */
export const marketKindLimitBodySchema = z.object({
  max_stake_major: majorAmount,
  max_payout_major: majorAmount,
  reason: reasonSchema,
});
export type MarketKindLimitBody = z.infer<typeof marketKindLimitBodySchema>;

export const marketKindParamsSchema = z.object({
  marketId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const marketKindLimitSchema = marketKindLimitBodySchema.extend({
  market_id: z.number().int(),
  updated_by: z.string(),
  updated_at: instantSchema,
});
export type MarketKindLimit = z.infer<typeof marketKindLimitSchema>;

/** `PUT /backoffice/limits/live-delays`: a sport's or a tournament's delay; null delay removes it. */
export const liveBetDelayBodySchema = z
  .object({
    sport_id: idSchema.nullable(),
    tournament_id: idSchema.nullable(),
    delay_ms: z.number().int().min(0).max(LIVE_BET_DELAY_MAX_MS).nullable(),
    reason: reasonSchema,
  })
  .refine((b) => (b.sport_id === null) !== (b.tournament_id === null), {
    message: "name either a sport or a tournament",
    path: ["sport_id"],
  });
export type LiveBetDelayBody = z.infer<typeof liveBetDelayBodySchema>;

export const liveBetDelaySchema = z.object({
  sport_id: z.number().int().nullable(),
  tournament_id: z.number().int().nullable(),
  /** The sport's or tournament's name, to show. */
  name: z.string(),
  delay_ms: z.number().int(),
  reason: z.string(),
  updated_by: z.string(),
  updated_at: instantSchema,
});
export type LiveBetDelay = z.infer<typeof liveBetDelaySchema>;

/** `GET /backoffice/limits`: every market kind limit and live bet delay set. */
export const tradingLimitsSchema = z.object({
  data: z.object({
    markets: z.array(marketKindLimitSchema),
    live_delays: z.array(liveBetDelaySchema),
  }),
});
export const marketKindLimitAnswerSchema = z.object({ data: marketKindLimitSchema });
export const liveBetDelayAnswerSchema = z.object({ data: liveBetDelaySchema.nullable() });
