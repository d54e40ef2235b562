import { type UserSettings, userSettingsSchema } from "@sportsbook/contracts";
import { currencies, playerSettings, settings } from "@sportsbook/db";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { providerStatuses } from "./provider-statuses.js";

/** Largest number of selections in one bet (SPEC §9). */
export const MAX_SELECTIONS = 40;

const defaults: Omit<UserSettings, "currencies" | "updated_at" | "provider_statuses"> = {
  custom_bet_allow_single: true,
  custom_bet_enabled: true,
  stakes: { EUR: [1_00, 5_00, 10_00, 25_00], USD: [1_00, 5_00, 10_00, 25_00] },
  auto_accept_odds_change: "none",
  odds_types: {
    available: ["decimal", "fractional", "american", "hongkong", "indonesian", "malaysian"],
    selected: "decimal",
  },
  active_odds_type: "decimal",
  video_settings: { enabled: true },
  sport_type_providers: { regular: ["betradar"], cyber: ["oddin"], premium_cricket: ["betradar"] },
  multi_bet_settings: { available_by_provider: { betradar: true, oddin: false, betconstruct: true } },
  // Off until the operator turns them on; the embedded default's sandbox provider serves each.
  additional_providers: {
    horse_racing: { enabled: false, provider: "sandbox" },
    lotto: { enabled: false, provider: "sandbox" },
    premium_cricket: { enabled: false, provider: "sandbox" },
  },
  allow_multiple_active_user_freebets: false,
  default_currency: "EUR",
  max_selections: MAX_SELECTIONS,
};

/**
 * Which providers serve each sport type (`sport_type_providers` of the system settings document, else
 * the default): catalogue lists show a sport, its leagues and matches only from those providers.
 */
export async function sportTypeProviders(ctx: AppContext): Promise<Record<string, string[]>> {
  const [system] = await ctx.db
    .select({ document: settings.document })
    .from(settings)
    .where(eq(settings.scope, "system"));
  const stored = userSettingsSchema.shape.sport_type_providers.safeParse(
    (system?.document as Partial<UserSettings> | undefined)?.sport_type_providers,
  );
  return stored.success ? stored.data : defaults.sport_type_providers;
}

/** One switch of the system settings document, else its default (a stored value that fails the schema too). */
async function systemSwitch(
  ctx: AppContext,
  key: "allow_multiple_active_user_freebets" | "custom_bet_allow_single",
): Promise<boolean> {
  const [system] = await ctx.db
    .select({ document: settings.document })
    .from(settings)
    .where(eq(settings.scope, "system"));
  const stored = userSettingsSchema.shape[key].safeParse(
    (system?.document as Partial<UserSettings> | undefined)?.[key],
  );
  return stored.success ? stored.data : defaults[key];
}

/** Whether the system settings document lets a player hold several active freebets (SPEC §3). */
export function multipleActiveFreebetsAllowed(ctx: AppContext): Promise<boolean> {
  return systemSwitch(ctx, "allow_multiple_active_user_freebets");
}

/** Whether a bet-builder bet may be placed alone, as the only bet of a placement (SPEC §3). */
export function customBetAllowedAlone(ctx: AppContext): Promise<boolean> {
  return systemSwitch(ctx, "custom_bet_allow_single");
}

/** What a player may change (POST /settings); stored in `player_settings`. */
export interface PlayerPreferences {
  stakes?: Record<string, number[]>;
  auto_accept_odds_change?: UserSettings["auto_accept_odds_change"];
  odds_type?: UserSettings["active_odds_type"];
  one_signal_push_notification_subscription?: string;
}

/** System defaults, overlaid with the `system` settings document, overlaid with the player's choices. */
export async function effectiveSettings(ctx: AppContext, playerId: number | null): Promise<UserSettings> {
  const [system] = await ctx.db.select().from(settings).where(eq(settings.scope, "system"));
  const document = (system?.document as Partial<UserSettings> | undefined) ?? {};
  const base = {
    ...defaults,
    ...document,
    // a document naming one product leaves the others at their defaults
    additional_providers: { ...defaults.additional_providers, ...document.additional_providers },
  };
  const currencyRows = await ctx.db
    .select({ code: currencies.code, subunits: currencies.subunits, fiat: currencies.fiat })
    .from(currencies)
    .where(eq(currencies.enabled, true))
    .orderBy(asc(currencies.code));
  let prefs: PlayerPreferences = {};
  let updatedAt: Date | null = system?.updatedAt ?? null;
  if (playerId !== null) {
    const [row] = await ctx.db.select().from(playerSettings).where(eq(playerSettings.playerId, playerId));
    if (row) {
      prefs = row.document as PlayerPreferences;
      updatedAt = row.updatedAt;
    }
  }
  const oddsType = prefs.odds_type ?? base.odds_types.selected;
  return {
    ...base,
    stakes: { ...base.stakes, ...(prefs.stakes ?? {}) },
    auto_accept_odds_change: prefs.auto_accept_odds_change ?? base.auto_accept_odds_change,
    odds_types: { available: base.odds_types.available, selected: oddsType },
    active_odds_type: oddsType,
    currencies: currencyRows,
    // the feed's live state, never a stored value: a settings document cannot declare a provider up
    provider_statuses: await providerStatuses(ctx),
    updated_at: updatedAt?.toISOString() ?? null,
  };
}

/** Merges new preferences into the player's stored document. */
export async function savePreferences(
  ctx: AppContext,
  playerId: number,
  change: PlayerPreferences,
): Promise<void> {
  const [row] = await ctx.db.select().from(playerSettings).where(eq(playerSettings.playerId, playerId));
  const document = { ...((row?.document as PlayerPreferences | undefined) ?? {}), ...change };
  await ctx.db
    .insert(playerSettings)
    .values({ playerId, document, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: playerSettings.playerId, set: { document, updatedAt: ctx.now() } });
}
