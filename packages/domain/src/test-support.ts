// Builders shared by the package's tests; not exported from the package.
import { newTicketBet, type SlipSelection, type TicketBet } from "./bet.js";
import type { BetTypeRules } from "./bet-type.js";
import { MATCH_STATUS } from "./match-status.js";
import { oddsFromThousandths } from "./odds.js";
import { allSystemTypes } from "./system.js";

/** A slip selection with sensible defaults: prematch, betradar, active, unchanged. */
export function selection(id: string, overrides: Partial<SlipSelection> = {}): SlipSelection {
  const odds = overrides.odds ?? oddsFromThousandths(2000);
  return {
    id,
    matchId: `match-${id}`,
    matchStatus: MATCH_STATUS.prematch,
    marketId: "1",
    specifier: "",
    outcomeId: id,
    odds,
    acceptedOdds: odds,
    initialOdds: odds,
    provider: "betradar",
    active: true,
    isSuspended: false,
    isChanged: false,
    isNotAvailable: false,
    ...overrides,
  };
}

/** A bet in EUR over selections. */
export function bet(
  type: TicketBet["betType"],
  selections: readonly SlipSelection[],
  overrides: Partial<TicketBet> = {},
): TicketBet {
  return { ...newTicketBet(type, selections, "EUR"), ...overrides };
}

/** Rules with every system type and multi-single for betradar only. */
export const RULES: BetTypeRules = {
  systemTypes: allSystemTypes(),
  multiSingleAvailableByProvider: { betradar: true },
};

/** Rules without multi-single anywhere. */
export const NO_MULTI_SINGLE: BetTypeRules = { ...RULES, multiSingleAvailableByProvider: {} };
