import { BONUS_KINDS } from "@sportsbook/domain";
import { z } from "zod";
import { bonusDefinitionSchema } from "./http/bonuses.js";
import { instantSchema } from "./http/common.js";
import { jackpotDefinitionSchema } from "./http/jackpots.js";

/**
 * Wire schemas of the back office's promotions desk (`/api/backoffice/promotions…`): the operator's
 * bonus and jackpot definitions, listed, created, edited and ended by marketing staff. A definition
 * is the very document `PUT /operator/bonuses/{key}` and the seed file take, so the desk, the
 * operator's machines and the seed can never disagree on what a bonus is.
 */

/** An operator key of a bonus or jackpot. */
export const promotionKeySchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "a-z, 0-9, _ and -, up to 64");
export const promotionKeyParamsSchema = z.object({ key: promotionKeySchema });

/** Where a definition stands now: before `valid_from`, running, after `valid_to`, or switched off. */
export const PROMOTION_PHASES = ["upcoming", "running", "ended", "disabled"] as const;
export type PromotionPhase = (typeof PROMOTION_PHASES)[number];

/** One row of the desk's list. */
export const promotionSummarySchema = z.object({
  key: z.string(),
  /** A bonus kind, or `jackpot`. */
  kind: z.union([z.enum(BONUS_KINDS), z.literal("jackpot")]),
  name: z.record(z.string(), z.string()),
  phase: z.enum(PROMOTION_PHASES),
  promo_code: z.string().nullable(),
  valid_from: instantSchema.nullable(),
  valid_to: instantSchema.nullable(),
  updated_at: instantSchema,
});
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;

export const promotionListSchema = z.object({
  data: z.object({ bonuses: z.array(promotionSummarySchema), jackpots: z.array(promotionSummarySchema) }),
});

/** `POST /backoffice/promotions/bonuses`: a new bonus under a key no other bonus has. */
export const bonusCreateBodySchema = z.object({ key: promotionKeySchema, definition: bonusDefinitionSchema });
/** `POST /backoffice/promotions/jackpots`: a new jackpot under a key no other jackpot has. */
export const jackpotCreateBodySchema = z.object({
  key: promotionKeySchema,
  definition: jackpotDefinitionSchema,
});

/**
 * A stored definition as the desk's form edits it: the input of the definition schemas (what the
 * seed file holds), so it goes back through them unchanged.
 */
export const storedBonusSchema = z.object({
  data: z.object({
    key: z.string(),
    definition: z.record(z.string(), z.unknown()),
    updated_at: instantSchema,
  }),
});
export const storedJackpotSchema = storedBonusSchema;
export type StoredPromotion = z.infer<typeof storedBonusSchema>["data"];
