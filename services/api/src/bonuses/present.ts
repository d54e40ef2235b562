import type { bonusSchema } from "@sportsbook/contracts";
import type { playerBonuses } from "@sportsbook/db";
import {
  type BonusKind,
  type BonusStatus,
  bonusStatus,
  type LootboxPlaceKey,
  localText,
  readPlaceKey,
} from "@sportsbook/domain";
import type { z } from "zod";
import type { BonusRow } from "./definitions.js";

export type IssuedRow = typeof playerBonuses.$inferSelect;

/** The text in the asked locale, else its language, else English (the domain's rule, kept here for its callers). */
export { localText };

/** The uses a player's copy has: those it was granted (freebets a progress earned), else the bonus's. */
export function usesOf(bonus: BonusRow, issued: IssuedRow | undefined): number | null {
  return issued?.usesGranted ?? bonus.usesCount;
}

/** The bonus's state for a player holding `issued` (or not), now. */
export function statusOf(ctx: { now(): Date }, bonus: BonusRow, issued: IssuedRow | undefined): BonusStatus {
  return bonusStatus(
    {
      enabled: bonus.status === "enabled",
      validFrom: bonus.validFrom,
      validTo: bonus.validTo,
      usesCount: usesOf(bonus, issued),
    },
    issued ?? null,
    ctx.now(),
  );
}

/** A bonus as the player sees it (SPEC §3 bonus common, issued data). */
export function presentBonus(
  ctx: { now(): Date },
  bonus: BonusRow,
  issued: IssuedRow | undefined,
  locale: string,
): z.output<typeof bonusSchema> {
  const status = statusOf(ctx, bonus, issued);
  return {
    id: bonus.id,
    type: bonus.kind as BonusKind,
    name: localText(bonus.name, locale),
    description: localText(bonus.description, locale),
    status,
    country_codes: bonus.countryCodes,
    event_conditions: [],
    valid_from: bonus.validFrom?.toISOString() ?? null,
    valid_to: bonus.validTo?.toISOString() ?? null,
    banners: bonus.banners,
    terms: bonus.terms,
    uses_count: bonus.usesCount,
    promo_code_required: bonus.issuedBy === "promo_code",
    issued: issued
      ? {
          seen: issued.seenAt !== null,
          computed_status: status,
          activated_at: issued.activatedAt?.toISOString() ?? null,
          expired_at: issued.expiresAt?.toISOString() ?? null,
          is_active: status === "active",
          times_used: issued.timesUsed,
          currency: issued.currency,
          amount: issued.amount,
          points: issued.points,
          available_points: issued.points - issued.spentPoints,
          place_keys: issued.placeKeys.filter((k): k is LootboxPlaceKey => readPlaceKey(k) !== undefined),
          uses_count: usesOf(bonus, issued),
          boosted: issued.boostedAt !== null,
        }
      : null,
  };
}
