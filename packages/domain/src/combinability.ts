import type { BetType, SlipSelection } from "./bet.js";
import { MAX_SELECTIONS } from "./limits.js";

/** Why selections cannot form a combo or system together (SPEC §5). */
export type CombinabilityIssue =
  | { readonly code: "cross_provider"; readonly providers: readonly string[] }
  | { readonly code: "same_match"; readonly matchId: string; readonly selectionIds: readonly string[] }
  | { readonly code: "oddin_in_system"; readonly selectionIds: readonly string[] }
  | { readonly code: "too_many_selections"; readonly limit: number };

/** The provider whose selections may not join a system bet. */
export const PROVIDER_NOT_IN_SYSTEM = "oddin";

/** Selections that share a match with another selection: flagged in combos and systems (SPEC §5). */
export function sameMatchSelectionIds(selections: readonly SlipSelection[]): Set<string> {
  const byMatch = new Map<string, string[]>();
  for (const s of selections) byMatch.set(s.matchId, [...(byMatch.get(s.matchId) ?? []), s.id]);
  return new Set([...byMatch.values()].filter((ids) => ids.length > 1).flat());
}

/**
 * Everything that stops these selections from being combined as the bet type. Singles and custom
 * bets (one match by design) are always combinable; the 40-selection cap applies to all.
 */
export function combinabilityIssues(
  betType: BetType,
  selections: readonly SlipSelection[],
): CombinabilityIssue[] {
  const issues: CombinabilityIssue[] = [];
  if (selections.length > MAX_SELECTIONS) issues.push({ code: "too_many_selections", limit: MAX_SELECTIONS });
  if (betType !== "combo" && betType !== "system") return issues;
  const providers = [...new Set(selections.map((s) => s.provider))];
  if (providers.length > 1) issues.push({ code: "cross_provider", providers });
  const byMatch = new Map<string, string[]>();
  for (const s of selections) byMatch.set(s.matchId, [...(byMatch.get(s.matchId) ?? []), s.id]);
  for (const [matchId, selectionIds] of byMatch) {
    if (selectionIds.length > 1) issues.push({ code: "same_match", matchId, selectionIds });
  }
  if (betType === "system") {
    const oddin = selections.filter((s) => s.provider === PROVIDER_NOT_IN_SYSTEM).map((s) => s.id);
    if (oddin.length > 0) issues.push({ code: "oddin_in_system", selectionIds: oddin });
  }
  return issues;
}

/** True when the selections can be placed together as the bet type. */
export function isCombinable(betType: BetType, selections: readonly SlipSelection[]): boolean {
  return combinabilityIssues(betType, selections).length === 0;
}
