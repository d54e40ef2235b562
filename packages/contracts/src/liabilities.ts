import { BET_TYPES, BONUS_TYPES } from "@sportsbook/domain";
import { z } from "zod";
import { currencyCodeSchema, instantSchema, text } from "./http/common.js";

/**
 * Wire schemas of the book's liabilities (`/api/backoffice/liabilities…`). Amounts are minor units
 * of `currency`; a liability is what the book pays if the outcome wins less the stakes it took on
 * the market, so a positive figure is a loss.
 */

/** `GET /backoffice/liabilities`: one currency's figures (by default the one with most open bets). */
export const liabilitiesQuerySchema = z.object({
  currency: currencyCodeSchema.optional(),
  q: text().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** `GET /backoffice/liabilities/matches/{id}`: the figures of one match in one currency. */
export const matchLiabilitiesQuerySchema = z.object({ currency: currencyCodeSchema.optional() });

/** The currency the figures are in, with what it takes to show its amounts. */
export const liabilityCurrencySchema = z.object({
  code: z.string(),
  subunits: z.number().int(),
  fiat: z.boolean(),
});

export const liabilityMatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sport: z.string(),
  tournament: z.string(),
  start_time: instantSchema,
  status: z.number().int(),
  bets: z.number().int(),
  /** Stakes the book took on the match's open bets (freebets' stakes are the bonus's). */
  stakes: z.number().int(),
  /** The largest liability of any of its outcomes. */
  worst_case: z.number().int(),
  /** The market of that outcome. */
  worst_market: z.string(),
});
export type LiabilityMatch = z.infer<typeof liabilityMatchSchema>;

export const liabilitiesSchema = z.object({
  data: z.array(liabilityMatchSchema),
  /** `null` while no bet is open. */
  currency: liabilityCurrencySchema.nullable(),
  /** Every currency with open bets, to choose from. */
  currencies: z.array(z.string()),
});

export const liabilityOutcomeSchema = z.object({
  id: z.string(),
  name: z.string(),
  liability: z.number().int(),
  payout: z.number().int(),
  /** The bets behind the figure: each bet of the market, what it pays if this outcome wins and what it staked. */
  bets: z.array(z.object({ bet_id: z.number().int(), pays: z.number().int(), taken: z.number().int() })),
});

export const liabilityMarketSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  stakes: z.number().int(),
  worst_case: z.number().int(),
  outcomes: z.array(liabilityOutcomeSchema),
});

export const liabilityBetSchema = z.object({
  id: z.number().int(),
  ref: z.string(),
  player_id: z.number().int(),
  type: z.enum(BET_TYPES),
  stake: z.number().int(),
  bonus: z.enum(BONUS_TYPES).nullable(),
  potential_win: z.number().int(),
  created_at: instantSchema,
  /** Its selections on this match. */
  selections: z.array(z.object({ market: z.string(), outcome: z.string(), odds: z.number().int() })),
});

export const matchLiabilitiesSchema = z.object({
  data: z.object({
    match: liabilityMatchSchema,
    currency: liabilityCurrencySchema,
    currencies: z.array(z.string()),
    markets: z.array(liabilityMarketSchema),
    bets: z.array(liabilityBetSchema),
  }),
});
