import { z } from "zod";
import { text } from "./common.js";

/** SPEC §4 odds-change policy: none flags any change, higher flags only drops, any auto-accepts. */
export const oddsAcceptModeSchema = z.enum(["none", "higher", "any"]);
export const oddsTypeSchema = z.enum([
  "decimal",
  "fractional",
  "american",
  "hongkong",
  "indonesian",
  "malaysian",
  "percent",
]);

/** An additional product (SPEC §3): on or off, and the game provider that serves it. */
const additionalProduct = z.object({ enabled: z.boolean(), provider: text().optional() });

/** SPEC §3 user settings (for a visitor: the system defaults). */
export const userSettingsSchema = z.object({
  custom_bet_allow_single: z.boolean(),
  custom_bet_enabled: z.boolean(),
  /** Quick stake buttons per currency, minor units. */
  stakes: z.record(text(), z.array(z.number().int().positive())),
  auto_accept_odds_change: oddsAcceptModeSchema,
  odds_types: z.object({ available: z.array(oddsTypeSchema), selected: oddsTypeSchema }),
  active_odds_type: oddsTypeSchema,
  updated_at: text().nullable(),
  video_settings: z.object({ enabled: z.boolean() }),
  provider_statuses: z.record(text(), z.boolean()),
  sport_type_providers: z.record(text(), z.array(text())),
  multi_bet_settings: z.object({ available_by_provider: z.record(text(), z.boolean()) }),
  /** Each product's game provider, launched by `POST /{provider}/launch` (SPEC §7). */
  additional_providers: z.object({
    horse_racing: additionalProduct,
    lotto: additionalProduct,
    premium_cricket: additionalProduct,
  }),
  allow_multiple_active_user_freebets: z.boolean(),
  currencies: z.array(z.object({ code: text(), subunits: z.number().int(), fiat: z.boolean() })),
  default_currency: text(),
  max_selections: z.number().int(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export const settingsResponseSchema = z.object({ data: userSettingsSchema });

/** `POST /settings`: either the betting preferences or a push subscription. */
export const settingsBodySchema = z.union([
  z
    .object({
      stakes: z.record(text(), z.array(z.number().int().positive().max(1e15)).max(10)).optional(),
      auto_accept_odds_change: oddsAcceptModeSchema.optional(),
      odds_type: oddsTypeSchema.optional(),
    })
    .strict()
    .refine((v) => Object.keys(v).length > 0, "at least one setting is required"),
  z.object({ one_signal_push_notification_subscription: text().min(1).max(500) }).strict(),
]);
export type SettingsBody = z.input<typeof settingsBodySchema>;

/**
 * `GET /currencies/rates` (SPEC §4 persistence: a restored slip in another currency is converted):
 * what one major unit of each rated currency is worth in `base`, times `scale`. Integers, never
 * floats; a currency without a rate is left out.
 */
export const currencyRatesResponseSchema = z.object({
  data: z.object({
    base: text(),
    scale: z.number().int().positive(),
    rates: z.array(z.object({ code: text(), rate: z.number().int().positive() })),
  }),
});
export type CurrencyRates = z.infer<typeof currencyRatesResponseSchema>["data"];
