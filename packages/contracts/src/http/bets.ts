import {
  BET_LIST_FILTERS,
  BET_RESULT_FILTERS,
  BET_RESULTS,
  BET_STATUSES,
  BET_TYPES,
  type BetType,
  BONUS_TYPES,
  SELECTION_STATUSES,
} from "@sportsbook/domain";
import { z } from "zod";
import { marketSchema } from "./catalogue.js";
import {
  betIdInputSchema,
  betIdSchema,
  commaList,
  currencyCodeSchema,
  idSchema,
  listOf,
  marketIdSchema,
  matchIdInputSchema,
  matchIdSchema,
  moneySchema,
  oddsSchema,
  outcomeIdInputSchema,
  outcomeIdSchema,
  pageQuery,
  text,
} from "./common.js";

export const betTypeSchema = z.enum(BET_TYPES);
export type { BetType };

/** SPEC §4 bet statuses. */
export const placedBetStatusSchema = z.enum(BET_STATUSES);
/** SPEC §4 bet results. */
export const placedBetResultSchema = z.enum(BET_RESULTS);
export const selectionStatusSchema = z.enum(SELECTION_STATUSES);

/** A selection as the slip sends it: the outcome and the odds the player saw. */
export const selectionInputSchema = z.object({
  match_id: matchIdInputSchema,
  market_id: marketIdSchema,
  specifier: text().max(500).default(""),
  outcome_id: outcomeIdInputSchema,
  odds: oddsSchema,
});
export type SelectionInput = z.infer<typeof selectionInputSchema>;

/** `{win}/{total}`, e.g. `2/3` for doubles out of three selections. */
export const systemIdSchema = text().regex(/^\d{1,2}\/\d{1,2}$/, "expected a system id like 2/3");

export const stakeInputSchema = z.object({
  /** Minor units of `currency`. */
  value: z.number().int().positive().max(1e15),
  currency: currencyCodeSchema,
});

/**
 * The bonus a bet is placed with, as `POST /bonuses` offered it: a freebet pays (or insures) the
 * stake, a comboboost adds its range's odds (`odds`, the bonus odds the slip showed).
 */
export const betBonusInputSchema = z.object({
  id: idSchema,
  type: z.enum(BONUS_TYPES),
  odds: oddsSchema.optional(),
});
export const betInputSchema = z.object({
  type: betTypeSchema,
  stake: stakeInputSchema,
  selections: z.array(selectionInputSchema).min(1).max(100),
  system_id: systemIdSchema.optional(),
  /** Odds of a bet-builder bet as quoted by `POST /bets/custom/odds`. */
  custom_odds: oddsSchema.optional(),
  bonus: betBonusInputSchema.nullable().optional(),
});
export type BetInput = z.infer<typeof betInputSchema>;

/** Where a bet was placed: on the site itself, or inside a host platform's frame (SPEC §5). */
export const BET_CHANNELS = ["direct", "embedded"] as const;
export const betChannelSchema = z.enum(BET_CHANNELS);
export type BetChannel = z.infer<typeof betChannelSchema>;

/**
 * `POST /bets`. Send an `Idempotency-Key` header (1–200 characters) to make retries safe: the same
 * key answers the first result; the same key with another body is refused.
 */
export const placeBetsBodySchema = z.object({
  meta: z
    .object({
      device_id: text().max(200).optional(),
      quick: z.boolean().default(false),
      type: text().max(50).optional(),
      /** Where the page placing it runs; the reports break turnover down by it. */
      channel: betChannelSchema.default("direct"),
    })
    .default({ quick: false, channel: "direct" }),
  bets: z.array(betInputSchema).min(1).max(50),
});
export type PlaceBetsBody = z.infer<typeof placeBetsBodySchema>;

export const placedSelectionSchema = z.object({
  id: z.number().int(),
  status: selectionStatusSchema,
  odds: z.number().int(),
  specifier: text(),
  market: z.object({
    id: marketIdSchema,
    name: text(),
    specifier: text(),
    status: z.number().int(),
  }),
  outcome: z.object({ id: outcomeIdSchema, name: text() }),
  match: z.object({
    id: matchIdSchema,
    urn_id: text(),
    slug: text(),
    name: text(),
    status: z.number().int(),
    start_time: text(),
    sport_key: text(),
    provider: text(),
  }),
});

/** SPEC §3 placed bet. Money fields are minor units with their currency and subunits. */
export const placedBetSchema = z.object({
  id: betIdSchema,
  ref: text(),
  type: betTypeSchema,
  status: placedBetStatusSchema,
  result: placedBetResultSchema,
  stake: moneySchema,
  potential_win: moneySchema,
  win_amount: moneySchema.nullable(),
  odds: z.number().int(),
  custom_odds: z.number().int().nullable(),
  selections: z.array(placedSelectionSchema),
  created_at: text(),
  settled_at: text().nullable(),
  /** What the bet can be cashed out for now; null when cashout is not offered. */
  to_cashout: moneySchema.nullable(),
  cashed_out: moneySchema,
  /**
   * The bonus the bet was placed with; `odds` are a comboboost's bonus odds, `name` the bonus's name in
   * the asked locale (the bet list gives it, so a tournament is not mistaken for a freebet).
   */
  bonus: z
    .object({
      id: z.number().int(),
      type: z.enum(BONUS_TYPES),
      odds: z.number().int().nullable(),
      name: text().optional(),
    })
    .nullable(),
  system: z.object({ id: text(), win_count: z.number().int(), total_count: z.number().int() }).nullable(),
  used_in_jackpot: z.boolean(),
  is_vip: z.boolean(),
});
export type PlacedBet = z.infer<typeof placedBetSchema>;

export const placeBetsResponseSchema = z.object({ data: z.array(placedBetSchema) });

/** `GET /bets`: statuses (or the groups `all`, `open`, `settled`) and a result filter. */
export const betsQuerySchema = z.object({
  status: commaList(z.union([placedBetStatusSchema, z.enum(BET_LIST_FILTERS)])).optional(),
  result: z.enum(BET_RESULT_FILTERS).default("all"),
  locale: text().max(20).optional(),
  ...pageQuery(500, 500),
});
export const betsResponseSchema = listOf(placedBetSchema);

/**
 * `POST /bets/cashout`. Without `to_cashout` the whole bet is cashed out at its current value; with
 * it, that amount (minor units) is paid and the matching share of the stake stays in play. A value
 * above the current cashout value is refused with the current value.
 */
export const cashoutBodySchema = z.object({
  bet_id: betIdInputSchema,
  to_cashout: z.number().int().positive().max(1e15).optional(),
});
export const cashoutResponseSchema = z.object({ data: placedBetSchema, paid: moneySchema });

export const maxStakeBodySchema = z.object({
  bets: z
    .array(
      z.object({
        type: betTypeSchema,
        currency: currencyCodeSchema,
        selections: z.array(selectionInputSchema).min(1).max(100),
        system_id: systemIdSchema.optional(),
        custom_odds: oddsSchema.optional(),
      }),
    )
    .min(1)
    .max(50),
});
export const maxStakeResponseSchema = z.object({
  data: z.array(z.object({ max_stake: moneySchema })),
});

export const customSelectionSchema = z.object({
  market_id: marketIdSchema,
  specifier: text().max(500).default(""),
  outcome_id: outcomeIdInputSchema,
});
export const customOddsBodySchema = z.object({
  match_id: matchIdInputSchema,
  selections: z.array(customSelectionSchema).min(2).max(20),
});
export const customOddsResponseSchema = z.object({ data: z.object({ odds: z.number().int() }) });
export const customMarketsResponseSchema = z.object({ data: z.array(marketSchema) });

/** A bet as shared by code: what the slip needs to rebuild it. */
export const sharedBetSchema = z.object({
  type: betTypeSchema,
  selections: z.array(selectionInputSchema).min(1).max(100),
  system_id: systemIdSchema.optional(),
});
/** Selections a shared slip may hold: the slip's own cap (SPEC §5). */
export const SHARED_SELECTIONS_MAX = 40;
export const shareCodeBodySchema = z.object({
  bets: z
    .array(sharedBetSchema)
    .min(1)
    .max(SHARED_SELECTIONS_MAX)
    .refine((bets) => bets.reduce((n, b) => n + b.selections.length, 0) <= SHARED_SELECTIONS_MAX, {
      message: `at most ${SHARED_SELECTIONS_MAX} selections in all`,
    }),
});
export const shareCodeCreatedSchema = z.object({ data: z.object({ code: text() }) });
export const shareCodeQuerySchema = z.object({ code: text().min(4).max(32) });
export const shareCodeResponseSchema = z.object({
  data: z.object({ code: text(), bets: z.array(sharedBetSchema) }),
});
