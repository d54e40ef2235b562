import { BONUS_LIST_FILTERS, BONUS_STATUSES, BONUS_TYPES } from "@sportsbook/domain";
import { z } from "zod";
import { betTypeSchema, selectionInputSchema } from "./bets.js";
import {
  commaList,
  currencyCodeSchema,
  idSchema,
  instantSchema,
  listOf,
  localizedTextSchema,
  oddsSchema,
  pageQuery,
  queryBoolean,
  text,
} from "./common.js";
import { jackpotDefinitionSchema } from "./jackpots.js";

/**
 * Bonuses (SPEC §3 bonus common, freebet, comboboost; §4 states; §7 calls). The operator defines them
 * (`PUT /operator/bonuses/{key}` or the seed file); players list, read, activate and redeem them.
 */

/** The kinds the engine runs today; lootboxes are refused until it does. */
export const RUNNING_BONUS_KINDS = BONUS_TYPES.filter((k) => k !== "lootbox");

/** A freebet's stake per currency and the bets it may pay for (SPEC §3 freebet). */
export const freebetTermsSchema = z.object({
  /** The freebet's stake in minor units, per currency the player may hold. */
  amounts: z
    .record(currencyCodeSchema, z.number().int().positive().max(1e12))
    .refine((a) => Object.keys(a).length > 0, "at least one currency"),
  min_odds: oddsSchema.optional(),
  max_odds: oddsSchema.optional(),
  match_status: z.enum(["prematch", "live", "all"]).default("all"),
  selection_count_from: z.number().int().min(1).max(40).default(1),
  selection_count_to: z.number().int().min(1).max(40).optional(),
});

/** A comboboost's ranges of selection counts and their bonus odds (SPEC §3 comboboost). */
export const comboboostTermsSchema = z.object({
  min_odds: oddsSchema.optional(),
  ranges: z
    .array(
      z.object({
        min_count: z.number().int().min(2).max(40),
        max_count: z.number().int().min(2).max(40),
        bonus_odds: oddsSchema,
      }),
    )
    .min(1)
    .max(20),
  only_verified: z.boolean().default(false),
});

const bonusKeySchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/);
const perCurrency = z.record(currencyCodeSchema, z.number().int().positive().max(1e12));

/**
 * How bets farm points for a hunting or a tournament (SPEC §3 farming): one point per `stake_unit`
 * staked (per currency; other currencies farm nothing), from `min_stake`, at total odds from
 * `min_odds`, and with `farm_once_per_event` one bet per event.
 */
const farmingTermsSchema = z.object({
  stake_unit: perCurrency.refine((a) => Object.keys(a).length > 0, "at least one currency"),
  min_stake: perCurrency.default({}),
  min_odds: oddsSchema.optional(),
  farm_once_per_event: z.boolean().default(false),
  /** The freebet the player wins (`issued_by: manual`), by its key. */
  reward_bonus: bonusKeySchema,
});

/** A hunting: farm `target_points` and win the reward freebet, once. */
export const huntingTermsSchema = farmingTermsSchema.extend({
  target_points: z.number().int().min(1).max(1e9),
});

/** A hunting tournament: the most points by its end win the prizes, paid as the reward freebet. */
export const tournamentTermsSchema = farmingTermsSchema.extend({
  prizes: z
    .array(
      z.object({
        position_from: z.number().int().min(1).max(10_000),
        position_to: z.number().int().min(1).max(10_000),
        amounts: perCurrency,
      }),
    )
    .min(1)
    .max(50),
});

/** The terms schema of a bonus kind. */
function termsSchemaOf(kind: string) {
  if (kind === "comboboost") return comboboostTermsSchema;
  if (kind === "hunting") return huntingTermsSchema;
  if (kind === "tournament") return tournamentTermsSchema;
  return freebetTermsSchema;
}

/** A banner image: a path of this site or an https address, with its text for screen readers. */
const bannerImageSchema = z.object({
  url: text()
    .max(2000)
    .refine(
      (u) =>
        (u.startsWith("/") && !u.startsWith("//")) || (URL.canParse(u) && new URL(u).protocol === "https:"),
      "a path of this site or an https address",
    ),
  alt: text().max(300).default(""),
});

/** SPEC §3 bonus banners: a desktop image and, for narrow screens, a mobile one. */
export const bonusBannerSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,64}$/),
  desktop: bannerImageSchema,
  mobile: bannerImageSchema.optional(),
});

/** How players get a bonus: every player, by promo code, or issued by the operator. */
export const BONUS_ISSUERS = ["sign_up", "promo_code", "manual"] as const;

const promoCodeSchema = z.string().regex(/^[A-Z0-9]{4,32}$/, "4 to 32 capital letters and digits");

/** A bonus as the operator defines it: `PUT /operator/bonuses/{key}` and each entry of the seed file. */
export const bonusDefinitionSchema = z
  .object({
    kind: z.enum(RUNNING_BONUS_KINDS as [string, ...string[]]),
    status: z.enum(["enabled", "disabled"]).default("enabled"),
    name: localizedTextSchema,
    description: localizedTextSchema.optional(),
    /** The terms and conditions, shown in the bonus detail. */
    rules: localizedTextSchema.optional(),
    issued_by: z.enum(BONUS_ISSUERS),
    promo_code: promoCodeSchema.optional(),
    /** Bets it pays for per player; absent for no limit. */
    uses_count: z.number().int().min(1).max(1000).optional(),
    /** Days a player has to use it once issued; absent for as long as the bonus runs. */
    valid_days: z.number().int().min(1).max(3650).optional(),
    country_codes: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .max(300)
      .default([]),
    banners: z.array(bonusBannerSchema).max(10).default([]),
    valid_from: instantSchema.optional(),
    valid_to: instantSchema.optional(),
    terms: z.record(z.string(), z.unknown()),
  })
  .superRefine((d, ctx) => {
    if ((d.issued_by === "promo_code") !== (d.promo_code !== undefined))
      ctx.addIssue({
        code: "custom",
        path: ["promo_code"],
        message: "a promo code exactly when issued_by is promo_code",
      });
    if (d.valid_from && d.valid_to && d.valid_from >= d.valid_to)
      ctx.addIssue({ code: "custom", path: ["valid_to"], message: "after valid_from" });
    if (d.kind === "tournament" && !d.valid_to)
      ctx.addIssue({ code: "custom", path: ["valid_to"], message: "a tournament ends: valid_to is needed" });
    const terms = termsSchemaOf(d.kind).safeParse(d.terms);
    if (!terms.success)
      for (const issue of terms.error.issues)
        ctx.addIssue({ code: "custom", path: ["terms", ...issue.path.map(String)], message: issue.message });
  })
  // the terms are kept as their schema reads them, defaults filled in
  .transform((d) => ({ ...d, terms: termsSchemaOf(d.kind).parse(d.terms) as Record<string, unknown> }));

export type BonusDefinition = z.infer<typeof bonusDefinitionSchema>;

/** The seed file: operator keys to bonus and jackpot definitions. */
export const bonusSeedSchema = z.object({
  bonuses: z.record(bonusKeySchema, bonusDefinitionSchema).default({}),
  jackpots: z.record(bonusKeySchema, jackpotDefinitionSchema).default({}),
});
export const bonusKeyParamsSchema = z.object({ key: bonusKeySchema });

/** A bonus as a player sees it (SPEC §3 bonus common and issued data). */
export const bonusSchema = z.object({
  id: z.number().int(),
  type: z.enum(BONUS_TYPES),
  name: text(),
  description: text(),
  status: z.enum(BONUS_STATUSES),
  country_codes: z.array(text()),
  event_conditions: z.array(z.object({ type: text(), id: text(), name: text() })),
  valid_from: text().nullable(),
  valid_to: text().nullable(),
  banners: z.array(bonusBannerSchema),
  /** Freebets: the stake it pays and its conditions; comboboosts: the ranges. */
  terms: z.record(z.string(), z.unknown()),
  uses_count: z.number().int().nullable(),
  /** Needs a promo code to be issued. */
  promo_code_required: z.boolean(),
  issued: z
    .object({
      seen: z.boolean(),
      computed_status: z.enum(BONUS_STATUSES),
      activated_at: text().nullable(),
      expired_at: text().nullable(),
      is_active: z.boolean(),
      times_used: z.number().int(),
      currency: text().nullable(),
      amount: z.number().int().nullable(),
      /** Hunting and tournaments: the points farmed so far. */
      points: z.number().int(),
    })
    .nullable(),
});
export const bonusResponseSchema = z.object({ data: bonusSchema });
export const bonusesResponseSchema = listOf(bonusSchema);

/** `GET /bonuses`: every kind, filtered (SPEC §7 isUnseen, isAvailable, bonusType list; the promotions tabs). */
export const bonusesQuerySchema = z.object({
  ...pageQuery(20, 100),
  filter: z.enum(BONUS_LIST_FILTERS).optional(),
  is_unseen: queryBoolean.optional(),
  is_available: queryBoolean.optional(),
  bonus_type: commaList(z.enum(BONUS_TYPES)).optional(),
});

/** `GET /bonuses/{kind}`: one kind's list, 4 a page by default, a tournament 1 (SPEC §9). */
export const BONUS_LIST_KINDS = {
  freebets: "freebet",
  comboboosts: "comboboost",
  huntings: "hunting",
  tournaments: "tournament",
} as const;
export const bonusKindParamsSchema = z.object({
  kind: z.enum(Object.keys(BONUS_LIST_KINDS) as ["freebets", "comboboosts", "huntings", "tournaments"]),
});
export const bonusKindQuerySchema = z.object({
  page: pageQuery(4, 100).page,
  /** 4 by default; 1 for tournaments. */
  limit: pageQuery(4, 100).limit.optional(),
  is_available: queryBoolean.optional(),
  status: z.enum(BONUS_STATUSES).optional(),
});
export const bonusParamsSchema = bonusKindParamsSchema.extend({ id: idSchema });
export const bonusIdParamsSchema = z.object({ id: idSchema });
export const bonusTermsResponseSchema = z.object({ data: z.object({ rules: text() }) });

/** SPEC §3 leaderboard row of `GET /bonuses/tournaments/{id}/rating`. */
export const leaderboardRowSchema = z.object({
  position: z.number().int(),
  current_user: z.boolean(),
  /** Points farmed. */
  farmed_amount: z.number().int(),
  currency_code: text().nullable(),
  farmed_freebets_count: z.number().int(),
  /** The player, masked for everyone but themselves. */
  name: text(),
});
export const ratingResponseSchema = z.object({
  data: z.array(leaderboardRowSchema),
  /** The asking player's own row when they are not among `data`. */
  me: leaderboardRowSchema.nullable(),
});
export const ratingQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

/** `POST /bonuses/mark-as-seen`: the bonuses the player has now seen. */
export const markBonusesSeenBodySchema = z.object({ ids: z.array(idSchema).min(1).max(100) });
/** `POST /bonuses/promo-code`. */
export const promoCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(promoCodeSchema),
});

/** `POST /bonuses`: the slip's bets, for the bonuses each may be placed with (SPEC §7 bets meta). */
export const slipBonusesBodySchema = z.object({
  bets: z
    .array(
      z.object({
        type: betTypeSchema,
        selections: z.array(selectionInputSchema).min(1).max(40),
        currency: currencyCodeSchema,
      }),
    )
    .min(1)
    .max(50),
});
export type SlipBonusesBody = z.infer<typeof slipBonusesBodySchema>;

/** A bonus one bet of the slip may use (SPEC §3 slip bonus fields). */
export const slipBonusSchema = z.object({
  bonus_id: z.number().int(),
  bonus_type: z.enum(BONUS_TYPES),
  name: text(),
  /** Freebets: the stake the freebet pays or insures, in minor units of the bet's currency. */
  freebet_stake: z.number().int().nullable(),
  /** Comboboosts: the ranges of suitable selections and their bonus odds. */
  ranges: z.array(
    z.object({ min_count: z.number().int(), max_count: z.number().int(), bonus_odds: z.number().int() }),
  ),
  /** Comboboosts: selections priced below this do not count. */
  min_odds: z.number().int().nullable(),
  /** Comboboosts: the range the bet reaches now, and its bonus odds. */
  active_range_index: z.number().int().nullable(),
  bonus_odds: z.number().int().nullable(),
  /** Hunting and tournaments: the farming rule in the bet's currency and the player's standing. */
  farming: z
    .object({
      stake_unit: z.number().int(),
      min_stake: z.number().int(),
      min_odds: z.number().int(),
      once_per_event: z.boolean(),
      points: z.number().int(),
      farmed_event_ids: z.array(text()),
      /** Hunting: the points that win the reward; null for a tournament. */
      target_points: z.number().int().nullable(),
      /** Hunting: the reward freebet's stake in the bet's currency. */
      reward_amount: z.number().int().nullable(),
    })
    .nullable(),
});
export type SlipBonusView = z.infer<typeof slipBonusSchema>;
/** Per bet, in the order sent: the bonuses it may use. */
export const slipBonusesResponseSchema = z.object({ data: z.array(z.array(slipBonusSchema)) });
