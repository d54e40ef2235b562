import { type BetType, newTicketBet, type SlipSelection, type TicketBet } from "./bet.js";
import { MAX_SELECTIONS } from "./limits.js";
import type { SystemType } from "./system.js";

/** What the slip's bet-type rules depend on. */
export interface BetTypeRules {
  /** The system types offered, sorted by total then win count. */
  readonly systemTypes: readonly SystemType[];
  /** Providers whose selections may stand as several singles at once (SPEC §3 multiSingleAvailableByProvider). */
  readonly multiSingleAvailableByProvider: Readonly<Record<string, boolean>>;
}

/** Why a bet-type switch or a selection was refused (SPEC §5). */
export type BetTypeRefusal =
  | "same_type"
  | "single_selection"
  | "multi_single_unavailable"
  | "no_system_type"
  | "custom_bet"
  | "no_selections"
  | "max_selections";

export type BetsChange =
  | { readonly ok: true; readonly bets: readonly TicketBet[] }
  | { readonly ok: false; readonly reason: BetTypeRefusal };

/** The type the slip shows: the first bet's (several singles count as single). */
export function slipBetType(bets: readonly TicketBet[]): BetType | undefined {
  return bets[0]?.betType;
}

function regularBets(bets: readonly TicketBet[]): TicketBet[] {
  return bets.filter((b) => b.betType !== "custom_bet");
}

function customBets(bets: readonly TicketBet[]): TicketBet[] {
  return bets.filter((b) => b.betType === "custom_bet");
}

/** Every selection of the slip's regular (not custom) bets, in slip order. */
export function regularSelections(bets: readonly TicketBet[]): SlipSelection[] {
  return regularBets(bets).flatMap((b) => b.selections);
}

/** True when these selections may stand as several singles: one provider that allows it. */
export function isMultiSingleAvailable(selections: readonly SlipSelection[], rules: BetTypeRules): boolean {
  const providers = new Set(selections.map((s) => s.provider));
  return providers.size <= 1 && [...providers].every((p) => rules.multiSingleAvailableByProvider[p] === true);
}

/** The system type a system bet over n selections takes: the same win count if offered, else the first one. */
export function systemTypeForCount(
  count: number,
  rules: BetTypeRules,
  preferredWinCount?: number,
): SystemType | undefined {
  const offered = rules.systemTypes.filter((t) => t.totalCount === count);
  return offered.find((t) => t.winCount === preferredWinCount) ?? offered[0];
}

function merged(type: "combo" | "system", bets: readonly TicketBet[], rules: BetTypeRules): TicketBet {
  const first = bets[0] as TicketBet;
  const selections = bets.flatMap((b) => b.selections);
  const base: TicketBet = { ...first, betType: type, selections };
  if (type === "combo") {
    const { systemType: _dropped, ...combo } = base;
    return combo;
  }
  return { ...base, systemType: systemTypeForCount(selections.length, rules, first.systemType?.winCount) };
}

/**
 * Restores the slip's invariants after selections came or went (SPEC §4 bet type changes): a single
 * with several selections becomes a combo; a combo or system down to one selection becomes a single;
 * a system keeps a matching system type or becomes a combo; empty bets disappear. Custom bets keep
 * their type.
 */
export function normalizeBets(bets: readonly TicketBet[], rules: BetTypeRules): TicketBet[] {
  return bets
    .filter((b) => b.selections.length > 0)
    .map((bet): TicketBet => {
      if (bet.betType === "custom_bet") return bet;
      if (bet.selections.length === 1) {
        const { systemType: _dropped, ...single } = bet;
        return { ...single, betType: "single" };
      }
      if (bet.betType === "single") return merged("combo", [bet], rules);
      if (bet.betType === "system") {
        const type = systemTypeForCount(bet.selections.length, rules, bet.systemType?.winCount);
        return type ? { ...bet, systemType: type } : merged("combo", [bet], rules);
      }
      return bet;
    });
}

/**
 * Adds an outcome to the slip (SPEC §4 bet type changes): an empty slip gets a single; further
 * selections join the combo or system, or stand as another single when multi-single is available
 * for the provider. Refused beyond the 40-selection cap.
 */
export function addSelection(
  bets: readonly TicketBet[],
  selection: SlipSelection,
  currency: string,
  rules: BetTypeRules,
): BetsChange {
  const regular = regularBets(bets);
  const selections = regularSelections(bets);
  if (selections.length + 1 > MAX_SELECTIONS) return { ok: false, reason: "max_selections" };
  const custom = customBets(bets);
  const single = newTicketBet("single", [selection], currency);
  const first = regular[0];
  if (!first) return { ok: true, bets: [single, ...custom] };
  if (first.betType === "single") {
    const next = isMultiSingleAvailable([...selections, selection], rules)
      ? [...regular, single]
      : [merged("combo", [...regular, single], rules)];
    return { ok: true, bets: [...normalizeBets(next, rules), ...custom] };
  }
  const grown: TicketBet = { ...first, selections: [...first.selections, selection] };
  return { ok: true, bets: [...normalizeBets([grown], rules), ...custom] };
}

/** Removes a selection wherever it is; bets shrink to singles or disappear as SPEC §4 says. */
export function removeSelection(
  bets: readonly TicketBet[],
  selectionId: string,
  rules: BetTypeRules,
): TicketBet[] {
  return normalizeBets(
    bets.map((b) => ({ ...b, selections: b.selections.filter((s) => s.id !== selectionId) })),
    rules,
  );
}

/**
 * Switches the slip's type (SPEC §4 bet type changes, §5 refusals): to single splits every selection
 * into its own bet keeping the stake; combo and system merge them into one bet.
 */
export function switchBetType(bets: readonly TicketBet[], target: BetType, rules: BetTypeRules): BetsChange {
  const current = slipBetType(bets);
  if (current === undefined) return { ok: false, reason: "no_selections" };
  if (current === "custom_bet" || target === "custom_bet") return { ok: false, reason: "custom_bet" };
  if (target === current) return { ok: false, reason: "same_type" };
  const regular = regularBets(bets);
  const selections = regular.flatMap((b) => b.selections);
  if (selections.length === 1) return { ok: false, reason: "single_selection" };
  const custom = customBets(bets);
  const first = regular[0] as TicketBet;
  if (target === "single") {
    if (!isMultiSingleAvailable(selections, rules)) return { ok: false, reason: "multi_single_unavailable" };
    const { systemType: _dropped, ...base } = first;
    return {
      ok: true,
      bets: [
        ...selections.map((s): TicketBet => ({ ...base, betType: "single", selections: [s] })),
        ...custom,
      ],
    };
  }
  if (target === "system" && !systemTypeForCount(selections.length, rules)) {
    return { ok: false, reason: "no_system_type" };
  }
  return { ok: true, bets: [merged(target, regular, rules), ...custom] };
}

/** Sets the system type of the slip's system bet; refused when it does not fit the selections. */
export function setSystemType(bets: readonly TicketBet[], type: SystemType, rules: BetTypeRules): BetsChange {
  const first = bets[0];
  if (first?.betType !== "system") return { ok: false, reason: "no_system_type" };
  const offered = rules.systemTypes.some(
    (t) =>
      t.winCount === type.winCount &&
      t.totalCount === type.totalCount &&
      t.totalCount === first.selections.length,
  );
  if (!offered) return { ok: false, reason: "no_system_type" };
  return { ok: true, bets: [{ ...first, systemType: type }, ...bets.slice(1)] };
}
