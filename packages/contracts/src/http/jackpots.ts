import { JACKPOT_HIT_STATUSES, JACKPOT_LEVEL_STATES, ODDS_SCALE } from "@sportsbook/domain";
import { z } from "zod";
import {
  currencyCodeSchema,
  idSchema,
  instantSchema,
  listOf,
  localizedTextSchema,
  oddsSchema,
  queryBoolean,
  text,
} from "./common.js";

/**
 * Jackpots (SPEC §3 jackpot and hit, §4 level states, §7 jackpot calls): must-drop pools that
 * qualifying bets feed. The operator defines them (`PUT /operator/jackpots/{key}` or the seed file).
 */

const amount = z.number().int().min(0).max(1e13);

/** A level as the operator defines it: its share of contributions, its seed and the pool it drops at. */
export const jackpotLevelDefinitionSchema = z
  .object({
    code: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/),
    name: localizedTextSchema,
    /** Share of each contribution, in basis points; the levels' shares sum to 10,000. */
    share_bp: z.number().int().min(1).max(10_000),
    /** What the pool starts from, and starts from again after it drops. */
    seed_amount: amount,
    /** The pool drops on the contribution that takes it to this amount. */
    drop_at: amount.positive(),
    state: z.enum(JACKPOT_LEVEL_STATES).default("active"),
  })
  .refine((l) => l.drop_at > l.seed_amount, { path: ["drop_at"], message: "above seed_amount" });

/** A jackpot as the operator defines it: `PUT /operator/jackpots/{key}` and each `jackpots` entry of the seed file. */
export const jackpotDefinitionSchema = z
  .object({
    name: localizedTextSchema,
    status: z.enum(["enabled", "disabled"]).default("enabled"),
    /** Bets in this currency play; the pools are in it. */
    currency: currencyCodeSchema,
    /** Basis points of a qualifying stake that go into the pools. */
    contribution_bp: z.number().int().min(1).max(10_000),
    /** The smallest stake that plays, in minor units. */
    min_stake: amount.default(0),
    /** The smallest total odds that play. */
    min_odds: oddsSchema.optional(),
    valid_from: instantSchema.optional(),
    valid_to: instantSchema.optional(),
    levels: z.array(jackpotLevelDefinitionSchema).min(1).max(6),
  })
  .superRefine((d, ctx) => {
    const shares = d.levels.reduce((n, l) => n + l.share_bp, 0);
    if (shares !== 10_000)
      ctx.addIssue({ code: "custom", path: ["levels"], message: `shares sum to ${shares}, not 10000` });
    if (new Set(d.levels.map((l) => l.code)).size !== d.levels.length)
      ctx.addIssue({ code: "custom", path: ["levels"], message: "level codes repeat" });
    if (d.valid_from && d.valid_to && d.valid_from >= d.valid_to)
      ctx.addIssue({ code: "custom", path: ["valid_to"], message: "after valid_from" });
  });
export type JackpotDefinition = z.infer<typeof jackpotDefinitionSchema>;
export const jackpotKeyParamsSchema = z.object({ key: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/) });

/**
 * A jackpot as players see it (SPEC §3): `amount` is every level's pool together, `pool_amount` the
 * top level's (the headline figure), `hits_amount` the hits so far (approved or paid).
 */
export const jackpotSchema = z.object({
  id: z.number().int(),
  name: text(),
  amount: z.number().int(),
  pool_amount: z.number().int(),
  hits_amount: z.number().int(),
  currency: text(),
  /** Decimal places of `currency`. */
  subunits: z.number().int(),
  contribution_bp: z.number().int(),
  min_stake: z.number().int(),
  min_odds: z.number().int(),
  levels: z.array(
    z.object({
      code: text(),
      name: text(),
      pool_amount: z.number().int(),
      drop_at: z.number().int(),
      state: z.enum(JACKPOT_LEVEL_STATES),
    }),
  ),
});
export const jackpotResponseSchema = z.object({ data: jackpotSchema });
export const jackpotsResponseSchema = z.object({ data: z.array(jackpotSchema) });
export const jackpotIdParamsSchema = z.object({ id: idSchema });

/** `POST /jackpots`: the slip's bets, for the jackpots each would play for. */
export const slipJackpotsBodySchema = z.object({
  bets: z
    .array(
      z.object({
        stake: z.object({ value: z.number().int().min(0).max(1e15), currency: currencyCodeSchema }),
        /** The bet's total odds (a system's odds are not known until it settles: send ODDS_SCALE). */
        odds: z.number().int().min(ODDS_SCALE).max(10_000_000),
        /** A freebet pays the stake: such a bet does not play. */
        freebet: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(50),
});
export const slipJackpotsResponseSchema = z.object({ data: z.array(z.array(z.number().int())) });

/** SPEC §3 jackpot hit; `winner` names the player by a masked label, `mine` marks the asking player's. */
export const jackpotHitSchema = z.object({
  id: z.number().int(),
  jackpot_id: z.number().int(),
  amount: z.number().int(),
  /** The amount in euros when the jackpot is in euros; null otherwise (no rate is kept). */
  amount_eur: z.number().int().nullable(),
  currency: text(),
  subunits: z.number().int(),
  created_at: text(),
  level: z.object({ code: text(), name: text() }),
  status: z.enum(JACKPOT_HIT_STATUSES),
  seen: z.boolean(),
  mine: z.boolean(),
  winner: text(),
});
export const jackpotHitsResponseSchema = listOf(jackpotHitSchema);

/** `GET /jackpot-hits` (SPEC §7), 10 by default (SPEC §9). */
export const jackpotHitsQuerySchema = z.object({
  jackpot_id: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(JACKPOT_HIT_STATUSES).optional(),
  for_user: queryBoolean.optional(),
  unseen: queryBoolean.optional(),
});
export const markJackpotHitsSeenBodySchema = z.object({ ids: z.array(idSchema).min(1).max(100) });
