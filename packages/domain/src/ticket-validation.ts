import { effectiveStake, type TicketBet } from "./bet.js";
import { combinabilityIssues } from "./combinability.js";
import { type Currency, roundStake } from "./money.js";
import { ticketBetPayout } from "./ticket-stake.js";

/** Why placing is disabled (SPEC §5). */
export type PlaceBlocker = "no_bets" | "stake_not_positive" | "first_bet_invalid" | "no_win";

/** Why one bet cannot be placed as it stands. */
export type BetIssue =
  | "not_combinable"
  | "selection_suspended"
  | "selection_not_available"
  | "odds_changed"
  | "no_system_type"
  | "no_custom_odds";

/** Everything wrong with one bet. */
export function betIssues(bet: TicketBet): BetIssue[] {
  const issues: BetIssue[] = [];
  if (combinabilityIssues(bet.betType, bet.selections).length > 0) issues.push("not_combinable");
  if (bet.selections.some((s) => s.isSuspended)) issues.push("selection_suspended");
  if (bet.selections.some((s) => s.isNotAvailable)) issues.push("selection_not_available");
  if (bet.selections.some((s) => s.isChanged)) issues.push("odds_changed");
  if (bet.betType === "system" && bet.systemType?.totalCount !== bet.selections.length)
    issues.push("no_system_type");
  if (bet.betType === "custom_bet" && bet.customOdds === undefined) issues.push("no_custom_odds");
  return issues;
}

/**
 * Why the place button is disabled (SPEC §5): no bets; any stake not above 0; the first bet invalid;
 * or a potential return that equals the stake (no win) after fiat rounding, checked per bet.
 */
export function placeBlockers(
  bets: readonly TicketBet[],
  currency: Currency,
  maxPayout?: number,
): PlaceBlocker[] {
  if (bets.length === 0) return ["no_bets"];
  const blockers: PlaceBlocker[] = [];
  if (bets.some((b) => effectiveStake(b) <= 0)) blockers.push("stake_not_positive");
  if (betIssues(bets[0] as TicketBet).length > 0) blockers.push("first_bet_invalid");
  const noWin = bets.some(
    (b) =>
      effectiveStake(b) > 0 &&
      roundStake(BigInt(ticketBetPayout(b, maxPayout)), currency) <=
        roundStake(BigInt(effectiveStake(b)), currency),
  );
  if (noWin) blockers.push("no_win");
  return blockers;
}
