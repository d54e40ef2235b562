/** SPEC §4 bonus states, `upcoming` included. */
export const BONUS_STATUSES = [
  "available",
  "active",
  "not_available",
  "deactivated",
  "bonus_over",
  "expired",
  "overridden",
  "upcoming",
  "unknown",
] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** SPEC §4 bonus list filter of the promotions page. */
export const BONUS_LIST_FILTERS = ["past", "valid", "upcoming"] as const;
export type BonusListFilter = (typeof BONUS_LIST_FILTERS)[number];

/** A bonus as the operator defined it, as far as its state is concerned. */
export interface BonusTerms {
  /** The operator switched it off. */
  readonly enabled: boolean;
  readonly validFrom: Date | null;
  readonly validTo: Date | null;
  /** Bets it may pay for, per player; none means unlimited. */
  readonly usesCount: number | null;
}

/** One player's copy of a bonus, once issued to them. */
export interface IssuedBonus {
  readonly activatedAt: Date | null;
  readonly expiresAt: Date | null;
  readonly timesUsed: number;
  /** A newer bonus of the same kind took its place. */
  readonly overriddenAt: Date | null;
}

/**
 * A bonus's state for one player (SPEC §4): the operator's switch and dates first, then the player's
 * own copy. A bonus not issued to the player (a visitor, or one needing a promo code) is not
 * available to them, though the promotions page shows it.
 */
export function bonusStatus(terms: BonusTerms, issued: IssuedBonus | null, now: Date): BonusStatus {
  if (!terms.enabled) return "deactivated";
  if (terms.validFrom && now < terms.validFrom) return "upcoming";
  if (terms.validTo && now >= terms.validTo) return "expired";
  if (!issued) return "not_available";
  if (issued.overriddenAt) return "overridden";
  if (issued.expiresAt && now >= issued.expiresAt) return "expired";
  if (terms.usesCount !== null && issued.timesUsed >= terms.usesCount) return "bonus_over";
  return issued.activatedAt ? "active" : "available";
}

/** Which tab of the promotions page a bonus in this state belongs to. */
export function bonusListFilter(status: BonusStatus): BonusListFilter {
  switch (status) {
    case "upcoming":
      return "upcoming";
    case "available":
    case "active":
    case "not_available":
      return "valid";
    default:
      return "past";
  }
}
