import { SELECTION_STATUSES, type SelectionStatus } from "@sportsbook/domain";
import { z } from "zod";
import { instantSchema, text } from "./http/common.js";

/** Wire schemas of the settlement desk (`/api/backoffice/settlement/…`). */

/** What a trader may decide for an outcome: every selection status but `open`. */
export const SETTLED_RESULTS = SELECTION_STATUSES.filter(
  (s): s is Exclude<SelectionStatus, "open"> => s !== "open",
);
export const settledResultSchema = z.enum(SETTLED_RESULTS);

const reasonSchema = text().trim().min(3).max(500);
const outcomeIdSchema = text().min(1).max(100);

/**
 * `POST /backoffice/settlement/markets/{id}`: settle outcomes of a market (all of them settle the
 * market; settling again corrects it), or void the market or one outcome, always with a reason.
 */
export const settleMarketSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("settle"),
    outcomes: z
      .array(z.object({ outcome_id: outcomeIdSchema, result: settledResultSchema }))
      .min(1)
      .max(200)
      .refine((list) => new Set(list.map((o) => o.outcome_id)).size === list.length, {
        message: "each outcome once",
      }),
    reason: reasonSchema,
  }),
  z.object({ action: z.literal("void"), outcome_id: outcomeIdSchema.optional(), reason: reasonSchema }),
]);

export const settledMarketAnswerSchema = z.object({
  data: z.object({
    market_row_id: z.number().int(),
    status: z.number().int(),
    bets_resettled: z.number().int(),
  }),
});

/** `GET /backoffice/settlement/matches`: matches of any status, those with bets still open first. */
export const settlementMatchesQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const settlementMatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sport: z.string(),
  tournament: z.string(),
  start_time: instantSchema,
  status: z.number().int(),
  open_bets: z.number().int(),
  open_conflicts: z.number().int(),
});
export const settlementMatchesSchema = z.object({ data: z.array(settlementMatchSchema) });

const outcomeResultSchema = z.object({
  outcome_id: z.string(),
  result: z.string(),
  dead_heat_factor: z.number().int().nullable().optional(),
});

export const handSettlementViewSchema = z.object({
  id: z.number().int(),
  market_row_id: z.number().int(),
  outcome_id: z.string().nullable(),
  action: z.enum(["settle", "void"]),
  results: z.array(outcomeResultSchema),
  reason: z.string(),
  staff_email: z.string(),
  created_at: instantSchema,
  released: z.boolean(),
});

export const settlementMarketSchema = z.object({
  id: z.number().int(),
  market_id: z.number().int(),
  specifier: z.string(),
  name: z.string(),
  status: z.number().int(),
  hand_settled: z.boolean(),
  open_bets: z.number().int(),
  outcomes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      odds: z.number().int(),
      result: settledResultSchema.nullable(),
    }),
  ),
});

export const SETTLEMENT_CONFLICT_STATUSES = ["open", "accepted", "rejected"] as const;

export const settlementConflictSchema = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  match_name: z.string(),
  market_row_id: z.number().int(),
  market_name: z.string(),
  kind: z.enum(["bet_settlement", "bet_cancel", "rollback_bet_settlement", "rollback_bet_cancel"]),
  feed: z.object({
    outcomes: z.array(outcomeResultSchema).optional(),
    start_time: z.number().int().optional(),
    end_time: z.number().int().optional(),
  }),
  received_at: instantSchema,
  status: z.enum(SETTLEMENT_CONFLICT_STATUSES),
  decided_by: z.string().nullable(),
});
export type SettlementConflictView = z.infer<typeof settlementConflictSchema>;

export const settlementMatchDetailSchema = z.object({
  data: z.object({
    match: settlementMatchSchema,
    markets: z.array(settlementMarketSchema),
    history: z.array(handSettlementViewSchema),
    conflicts: z.array(settlementConflictSchema),
  }),
});

/** `GET /backoffice/settlement/conflicts`. */
export const settlementConflictsQuerySchema = z.object({
  status: z.enum([...SETTLEMENT_CONFLICT_STATUSES, "all"]).default("open"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const settlementConflictsSchema = z.object({ data: z.array(settlementConflictSchema) });

/** `POST /backoffice/settlement/conflicts/{id}`: let the feed's word stand, or keep the desk's. */
export const decideConflictSchema = z.object({ decision: z.enum(["accept", "reject"]) });
export const settlementConflictAnswerSchema = z.object({ data: settlementConflictSchema });
