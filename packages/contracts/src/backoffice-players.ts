import { BET_LIST_FILTERS } from "@sportsbook/domain";
import { z } from "zod";
import { instantSchema, text } from "./http/common.js";
import { limitSchema, setLimitBodySchema } from "./identity.js";

/**
 * Wire schemas of the back office's player desk (`/api/backoffice/players…`): search, the player
 * page, and the actions staff take on a player's account.
 */

/** What a player's `status` can be: playing, blocked by staff (may come back), closed for good. */
export const PLAYER_STATUSES = ["active", "blocked", "closed"] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** `GET /backoffice/players?q=`: part of an e-mail, a name or a phone number (two characters at least), or an id. */
export const playerSearchQuerySchema = z.object({
  q: text()
    .trim()
    .max(254)
    .refine((q) => q.length >= 2 || /^\d$/.test(q), "type at least two characters, or an id"),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const playerSummarySchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  status: z.enum(PLAYER_STATUSES),
  currency: z.string(),
  created_at: instantSchema,
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;
export const playerSearchSchema = z.object({ data: z.array(playerSummarySchema) });

export const ADJUSTMENT_STATUSES = ["pending", "applied", "rejected"] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const adjustmentViewSchema = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  player_email: z.string().nullable(),
  currency: z.string(),
  /** Decimals of the currency's minor unit, to show `amount`. */
  subunits: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requested_by: z.string(),
  decided_by: z.string().nullable(),
  created_at: instantSchema,
  decided_at: instantSchema.nullable(),
});
export type AdjustmentView = z.infer<typeof adjustmentViewSchema>;

export const playerNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  staff_email: z.string(),
  created_at: instantSchema,
});

/** `GET /backoffice/players/{id}`: everything support looks at on one page. */
export const playerDetailSchema = z.object({
  data: z.object({
    player: playerSummarySchema.extend({
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      nickname: z.string().nullable(),
      country_code: z.string().nullable(),
      language: z.string(),
      email_confirmed: z.boolean(),
      locked: z.boolean(),
    }),
    balances: z.array(z.object({ currency: z.string(), balance: z.number().int() })),
    sessions: z.array(
      z.object({
        created_at: instantSchema,
        last_seen_at: instantSchema,
        expires_at: instantSchema,
        revoked: z.boolean(),
        ip: z.string().nullable(),
        user_agent: z.string().nullable(),
      }),
    ),
    bets: z.array(
      z.object({
        id: z.number().int(),
        ref: z.string(),
        type: z.string(),
        status: z.string(),
        result: z.string(),
        currency: z.string(),
        stake: z.number().int(),
        odds: z.number().int(),
        win_amount: z.number().int().nullable(),
        created_at: instantSchema,
      }),
    ),
    transactions: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        currency: z.string(),
        amount: z.number().int(),
        balance_after: z.number().int(),
        reference: z.string(),
        created_at: instantSchema,
      }),
    ),
    limits: z.array(limitSchema),
    bonuses: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        type: z.string(),
        issued_at: instantSchema,
        expires_at: instantSchema.nullable(),
      }),
    ),
    notes: z.array(playerNoteSchema),
    adjustments: z.array(adjustmentViewSchema),
    /** The currencies the figures above are in, to format their minor units. */
    currencies: z.array(z.object({ code: z.string(), subunits: z.number().int(), fiat: z.boolean() })),
  }),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>["data"];

/** `GET /backoffice/players/{id}` bets filter, as My bets has it. */
export const playerDetailQuerySchema = z.object({
  bets: z.enum(BET_LIST_FILTERS).default("all"),
});

const reasonSchema = text().trim().min(3, "say why in at least three characters").max(500);

/** `POST /backoffice/players/{id}/status`: block, unblock, or close for good; always with a reason. */
export const playerStatusBodySchema = z.object({
  status: z.enum(PLAYER_STATUSES),
  reason: reasonSchema,
});

/** `POST /backoffice/players/{id}/password-reset`: ends every session and mails a reset link. */
export const forcePasswordResetBodySchema = z.object({ reason: reasonSchema });

/** `POST /backoffice/players/{id}/limits`: a limit set for the player, applied only when stricter. */
export const staffLimitBodySchema = setLimitBodySchema.extend({ reason: reasonSchema });

/** `POST /backoffice/players/{id}/notes`. */
export const playerNoteBodySchema = z.object({ body: text().trim().min(1, "write something").max(4000) });

/** `POST /backoffice/players/{id}/adjustments`: signed minor units in the player's current currency. */
export const adjustmentBodySchema = z.object({
  amount: z
    .number()
    .int("minor units, a whole number")
    .refine((n) => n !== 0, "must not be zero")
    .refine((n) => Math.abs(n) <= 1_000_000_000, "at most 10 000 000.00"),
  reason: reasonSchema,
});

/** `POST /backoffice/adjustments/{id}/decision`: a second staff member approves or rejects. */
export const adjustmentDecisionBodySchema = z.object({ approve: z.boolean() });

export const adjustmentAnswerSchema = z.object({ data: adjustmentViewSchema });
export const adjustmentListSchema = z.object({ data: z.array(adjustmentViewSchema) });
