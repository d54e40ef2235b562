import { effectiveStake, type TicketBet } from "./bet.js";
import { combinabilityIssues } from "./combinability.js";
import { type Currency, roundStake, stakeStep } from "./money.js";
import { systemLineStake } from "./returns.js";
import { systemLineCount } from "./system.js";
import { ticketBetPayout } from "./ticket-stake.js";

/** Why placing is disabled (SPEC §5). */
export type PlaceBlocker =
  | "no_bets"
  | "stake_not_positive"
  | "first_bet_invalid"
  | "no_win"
  | "custom_bet_alone";

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
 * or a potential return that equals the stake (no win) after fiat rounding, checked per bet. With
 * `customBetAllowSingle` false (SPEC §3 custom_bet_allow_single) a bet-builder bet is not placed on
 * its own: the slip needs another bet beside it.
 */
export function placeBlockers(
  bets: readonly TicketBet[],
  currency: Currency,
  maxPayout?: number,
  customBetAllowSingle = true,
): PlaceBlocker[] {
  if (bets.length === 0) return ["no_bets"];
  const blockers: PlaceBlocker[] = [];
  if (!customBetAllowSingle && bets.length === 1 && bets[0]?.betType === "custom_bet")
    blockers.push("custom_bet_alone");
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

/** The least stake of a bet, and of each line of a system, in stake steps of its currency (€0.10). */
export const MIN_STAKE_STEPS = 10;

/** The least stake of a bet and of each line of a system, in minor units of `currency`. */
export function minimumStake(currency: Currency): number {
  return MIN_STAKE_STEPS * stakeStep(currency);
}

/** Why a stake cannot be placed as it stands (SPEC §5 stake limits), told before placing. */
export type StakeIssue = "below_minimum" | "line_below_minimum" | "above_balance" | "above_maximum";

/** A stake issue, the bet it concerns (none for the balance, shared by the slip) and the amount at stake. */
export interface StakeProblem {
  readonly issue: StakeIssue;
  readonly betIndex?: number;
  /** Minor units: the least stake (a system's over all its lines), the balance, or the most. */
  readonly limit: number;
  /** A system's lines and the least stake of each, for a per-line minimum. */
  readonly lines?: number;
  readonly line?: number;
  /** Above the balance: how much more the stakes need, what a quick deposit offers to pay in. */
  readonly shortfall?: number;
}

/** What the slip knows of the limits beyond the currency. */
export interface StakeLimits {
  /** The player's balance in the slip's currency; unknown for a visitor. */
  readonly balance?: number;
  /** Per bet, the most `POST /bets/max-stake` allows now; a bet not read yet (or read as 0) has none. */
  readonly maxStakes?: readonly (number | undefined)[];
}

/**
 * The stakes the slip holds that the server would refuse (SPEC §5): below the minimum, a system line
 * below it, more than the balance, more than the bet's maximum. A stake a freebet pays is the
 * bonus's, so none of these apply to it; a bet without a stake is `placeBlockers`' business.
 */
export function stakeProblems(
  bets: readonly TicketBet[],
  currency: Currency,
  limits: StakeLimits = {},
): StakeProblem[] {
  const least = minimumStake(currency);
  const problems: StakeProblem[] = [];
  let paid = 0;
  for (const [betIndex, bet] of bets.entries()) {
    if (bet.freebetStake > 0 || bet.stake <= 0) continue;
    paid += bet.stake;
    const system = bet.betType === "system" && bet.systemType ? bet.systemType : undefined;
    if (system && systemLineStake(bet.stake, system) < least) {
      const lines = Number(systemLineCount(system));
      problems.push({ issue: "line_below_minimum", betIndex, limit: least * lines, lines, line: least });
    } else if (!system && bet.stake < least)
      problems.push({ issue: "below_minimum", betIndex, limit: least });
  }
  if (limits.balance !== undefined && paid > limits.balance)
    problems.push({ issue: "above_balance", limit: limits.balance, shortfall: paid - limits.balance });
  for (const [betIndex, bet] of bets.entries()) {
    const most = limits.maxStakes?.[betIndex];
    if (most && bet.freebetStake === 0 && bet.stake > most)
      problems.push({ issue: "above_maximum", betIndex, limit: most });
  }
  return problems;
}
