import type { ComboboostRange, SlipSelection } from "./bet.js";
import { MATCH_STATUS } from "./match-status.js";
import type { Odds } from "./odds.js";

/** A freebet's conditions on the bet it pays for (SPEC §3 freebet). */
export interface FreebetConditions {
  readonly minOdds?: Odds;
  readonly maxOdds?: Odds;
  /** Which matches it may be used on. */
  readonly matchStatus?: "prematch" | "live" | "all";
  readonly selectionCountFrom?: number;
  readonly selectionCountTo?: number;
}

/** Why a freebet does not apply to a bet. */
export type FreebetMismatch = "odds_too_low" | "odds_too_high" | "match_status" | "selection_count";

/**
 * Checks a freebet against a bet's selections: the count within its range, every price within its
 * odds limits and every match of the allowed status.
 */
export function freebetMismatches(
  conditions: FreebetConditions,
  selections: readonly SlipSelection[],
): FreebetMismatch[] {
  const out: FreebetMismatch[] = [];
  const n = selections.length;
  if (
    n < (conditions.selectionCountFrom ?? 1) ||
    n > (conditions.selectionCountTo ?? Number.POSITIVE_INFINITY)
  ) {
    out.push("selection_count");
  }
  if (conditions.minOdds !== undefined && selections.some((s) => s.odds < (conditions.minOdds ?? 0)))
    out.push("odds_too_low");
  if (conditions.maxOdds !== undefined && selections.some((s) => s.odds > (conditions.maxOdds ?? 0)))
    out.push("odds_too_high");
  const wanted = conditions.matchStatus ?? "all";
  if (wanted !== "all") {
    const status = wanted === "live" ? MATCH_STATUS.live : MATCH_STATUS.prematch;
    if (selections.some((s) => s.matchStatus !== status)) out.push("match_status");
  }
  return out;
}

/** A comboboost's conditions (SPEC §3 comboboost). */
export interface ComboboostConditions {
  /** Selections below this price do not count towards a range. */
  readonly minOdds?: Odds;
  readonly ranges: readonly ComboboostRange[];
}

/** Which selections count for a comboboost, and the range (and bonus odds) they reach. */
export interface ComboboostStanding {
  readonly suitableSelections: readonly string[];
  readonly activeRangeIndex?: number;
  readonly bonusOdds?: Odds;
}

/** Counts the selections priced at or above the comboboost's minimum and finds the range they reach. */
export function comboboostStanding(
  conditions: ComboboostConditions,
  selections: readonly SlipSelection[],
): ComboboostStanding {
  const suitableSelections = selections.filter((s) => s.odds >= (conditions.minOdds ?? 0)).map((s) => s.id);
  const n = suitableSelections.length;
  const index = conditions.ranges.findIndex((r) => n >= r.minCount && n <= r.maxCount);
  const range = conditions.ranges[index];
  return range
    ? { suitableSelections, activeRangeIndex: index, bonusOdds: range.bonusOdds }
    : { suitableSelections };
}
