import {
  BONUS_KINDS,
  BONUS_LIST_FILTERS,
  BONUS_STATUSES,
  BONUS_TYPES,
  CHANCE_SCALE,
  LOOTBOX_PLACE_KEYS,
  LOOTBOX_PLACES,
} from "@sportsbook/domain";
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
  /**
   * SPEC §3 boost data: points of a hunting or lootbox (`by_bonus`, its key) the player may spend,
   * once, to multiply the stake by `multiplier` (× 1000).
   */
  boost: z
    .object({
      by_bonus: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
      points: z.number().int().min(1).max(1e9),
      multiplier: z.number().int().min(1001).max(100_000),
    })
    .optional(),
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
 * How bets farm points for a hunting, tournament or lootbox (SPEC §3 farming): one point per
 * `stake_unit` staked (per currency; other currencies farm nothing), from `min_stake`, at total odds
 * from `min_odds`, and with `farm_once_per_event` one bet per event.
 */
const farmingRuleSchema = z.object({
  stake_unit: perCurrency.refine((a) => Object.keys(a).length > 0, "at least one currency"),
  min_stake: perCurrency.default({}),
  min_odds: oddsSchema.optional(),
  farm_once_per_event: z.boolean().default(false),
});
const farmingTermsSchema = farmingRuleSchema.extend({
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

/**
 * A lootbox (SPEC §3 place keys): farmed points open its places' keys, 1st to 3rd, in order of
 * their points; each is drawn once, winning its reward freebet with `chance_bp` in 10,000.
 */
export const lootboxTermsSchema = farmingRuleSchema.extend({
  places: z
    .array(
      z.object({
        points: z.number().int().min(1).max(1e9),
        chance_bp: z.number().int().min(0).max(CHANCE_SCALE),
        reward_bonus: bonusKeySchema,
      }),
    )
    .min(1)
    .max(LOOTBOX_PLACES.length)
    .refine(
      (p) => p.every((place, i) => i === 0 || place.points > (p[i - 1]?.points ?? 0)),
      "points rise by place",
    ),
});

/**
 * Freebet "amb" progress (SPEC §3): bets in `stake_currency` from `min_stake` (and total odds from
 * `min_odds`) move the bar; reaching a range's `number_of_bets` earns `number_of_freebets` uses of
 * the reward freebet. Freebets are earned until the bonus's `valid_to` (SPEC's `issue_to`).
 */
export const ambTermsSchema = z.object({
  stake_currency: currencyCodeSchema,
  min_stake: z.number().int().min(0).max(1e12).default(0),
  min_odds: oddsSchema.optional(),
  ranges: z
    .array(
      z.object({
        number_of_bets: z.number().int().min(1).max(10_000),
        number_of_freebets: z.number().int().min(1).max(100),
      }),
    )
    .min(1)
    .max(20)
    .refine(
      (r) => r.every((range, i) => i === 0 || range.number_of_bets > (r[i - 1]?.number_of_bets ?? 0)),
      "number_of_bets rises by range",
    ),
  reward_bonus: bonusKeySchema,
});

/** The terms schema of a bonus kind. */
function termsSchemaOf(kind: string) {
  if (kind === "comboboost") return comboboostTermsSchema;
  if (kind === "hunting") return huntingTermsSchema;
  if (kind === "tournament") return tournamentTermsSchema;
  if (kind === "lootbox") return lootboxTermsSchema;
  if (kind === "freebet_amb") return ambTermsSchema;
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
    kind: z.enum(BONUS_KINDS),
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
  type: z.enum(BONUS_KINDS),
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
      /** Hunting, tournaments and lootboxes: the points farmed so far (amb: the bets counted). */
      points: z.number().int(),
      /** Points not yet spent boosting freebets. */
      available_points: z.number().int(),
      /** Lootboxes: the place keys opened so far. */
      place_keys: z.array(z.enum(LOOTBOX_PLACE_KEYS)),
      /** The uses this copy has: the bonus's own, or those a progress earned; null for no limit. */
      uses_count: z.number().int().nullable(),
      /** Freebets: boosted by points (its `amount` is the boosted stake). */
      boosted: z.boolean(),
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
  bonus_type: commaList(z.enum(BONUS_KINDS)).optional(),
});

/** `GET /bonuses/{kind}`: one kind's list, 4 a page by default, a tournament 1 (SPEC §9). */
export const BONUS_LIST_KINDS = {
  freebets: "freebet",
  comboboosts: "comboboost",
  huntings: "hunting",
  tournaments: "tournament",
  lootboxes: "lootbox",
} as const;
export const bonusKindParamsSchema = z.object({
  kind: z.enum(
    Object.keys(BONUS_LIST_KINDS) as ["freebets", "comboboosts", "huntings", "tournaments", "lootboxes"],
  ),
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

/** One bet of the slip as the bonus calls read it: its type, selections and currency. */
const slipBetSchema = z.object({
  type: betTypeSchema,
  selections: z.array(selectionInputSchema).min(1).max(40),
  currency: currencyCodeSchema,
});

/** `POST /bonuses`: the slip's bets, for the bonuses each may be placed with (SPEC §7 bets meta). */
export const slipBonusesBodySchema = z.object({
  bets: z.array(slipBetSchema).min(1).max(50),
});
/** A lootbox place as the slip shows it: its points, and its key once opened. */
const slipPlaceSchema = z.object({ points: z.number().int(), key: z.enum(LOOTBOX_PLACE_KEYS).nullable() });

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
      /** Lootboxes: the places and the keys opened. */
      places: z.array(slipPlaceSchema),
    })
    .nullable(),
});
export type SlipBonusView = z.infer<typeof slipBonusSchema>;
/** Per bet, in the order sent: the bonuses it may use. */
export const slipBonusesResponseSchema = z.object({ data: z.array(z.array(slipBonusSchema)) });

/** `POST /bonuses/freebets/amb`: the slip's bets with their stakes, for the progress they would make. */
export const ambProgressBodySchema = z.object({
  bets: z.array(slipBetSchema.extend({ stake: z.number().int().min(0).max(1e12) })).max(50),
});

/** SPEC §3 freebet amb progress, for the asking player. */
export const ambProgressSchema = z.object({
  bonus_id: z.number().int(),
  name: text(),
  /** The freebet type the ranges earn. */
  type: z.enum(BONUS_TYPES),
  /** Bets counted so far. */
  progress_count: z.number().int(),
  /** With the slip's bets placed (`POST`); equals `progress_count` for `GET`. */
  possible_progress_count: z.number().int(),
  stake_currency: text(),
  min_stake: z.number().int(),
  min_odds: z.number().int().nullable(),
  /** Freebets are earned until then. */
  issue_to: text().nullable(),
  amb_ranges: z.array(
    z.object({
      number_of_bets: z.number().int(),
      number_of_freebets: z.number().int(),
      issued_bonus_amount: z.number().int(),
      currency: text(),
    }),
  ),
});
export type AmbProgress = z.output<typeof ambProgressSchema>;
export const ambProgressResponseSchema = z.object({ data: z.array(ambProgressSchema) });

/** `POST /bonuses/{id}/boost`: why a boost was refused. */
export const BOOST_REFUSALS = ["not_boostable", "already_boosted", "not_enough_points"] as const;
