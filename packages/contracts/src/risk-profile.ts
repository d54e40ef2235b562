import { z } from "zod";
import { instantSchema, text } from "./http/common.js";

/** Wire schemas of players' risk profiles in the back office (`/api/backoffice/risk/…`). */

/** The stake factor's bounds, ×1000: 0.01 to 10. */
export const STAKE_FACTOR_MIN = 10;
export const STAKE_FACTOR_MAX = 10_000;

/** `PUT /backoffice/risk/players/{id}`: the whole profile at once, with a reason. */
export const riskProfileBodySchema = z.object({
  stake_factor: z.number().int().min(STAKE_FACTOR_MIN).max(STAKE_FACTOR_MAX),
  max_stake: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  betting_blocked: z.boolean(),
  live_betting_blocked: z.boolean(),
  cashout_blocked: z.boolean(),
  reason: text().trim().min(3).max(500),
});
export type RiskProfileBody = z.infer<typeof riskProfileBodySchema>;

export const riskProfileViewSchema = riskProfileBodySchema.extend({
  updated_by: z.string(),
  updated_at: instantSchema,
});

export const riskPlayerSchema = z.object({
  player_id: z.number().int(),
  email: z.string().nullable(),
  currency: z.string(),
  /** The currency's minor-unit decimals and kind, to show and read the maximum stake. */
  subunits: z.number().int(),
  fiat: z.boolean(),
  profile: riskProfileViewSchema.nullable(),
});
export type RiskPlayer = z.infer<typeof riskPlayerSchema>;

/** `GET /backoffice/risk/players`: players found by e-mail or id; without a query, those with a profile. */
export const riskPlayersQuerySchema = z.object({
  q: text().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const riskPlayersSchema = z.object({ data: z.array(riskPlayerSchema) });
export const riskPlayerAnswerSchema = z.object({ data: riskPlayerSchema });
