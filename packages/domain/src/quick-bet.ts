import { newTicketBet, type SlipSelection, type TicketBet } from "./bet.js";
import { MATCH_STATUS } from "./match-status.js";
import { singleReturn } from "./returns.js";
import { POTENTIAL_WIN_EQUAL_OR_LESS } from "./ticket-errors.js";

/** Quick bet states (SPEC §4). */
export type QuickBetFlow = "initial" | "processing" | "success" | "error";

/** One-click betting on live outcomes (SPEC §3 quick bet). Amounts are minor units. */
export interface QuickBetState {
  readonly isEnabled: boolean;
  readonly state: QuickBetFlow;
  readonly bet: TicketBet | null;
  readonly selectedOutcomeIds: readonly string[];
  readonly stake: number;
  readonly currency: string;
  readonly isApproved: boolean;
  readonly error: string | null;
}

/** Quick bet off, nothing selected. */
export function initialQuickBet(currency: string): QuickBetState {
  return {
    isEnabled: false,
    state: "initial",
    bet: null,
    selectedOutcomeIds: [],
    stake: 0,
    currency,
    isApproved: false,
    error: null,
  };
}

/** Toggling flips enabled and resets approval (SPEC §4). */
export function toggleQuickBet(q: QuickBetState): QuickBetState {
  return { ...q, isEnabled: !q.isEnabled, isApproved: false };
}

/** A stake change resets approval (SPEC §4). */
export function setQuickBetStake(q: QuickBetState, stake: number): QuickBetState {
  return { ...q, stake, isApproved: false };
}

/** A currency change resets approval (SPEC §4). */
export function setQuickBetCurrency(q: QuickBetState, currency: string): QuickBetState {
  return q.currency === currency ? q : { ...q, currency, stake: 0, isApproved: false };
}

/** Approval needs a stake above 0 (SPEC §4). */
export function approveQuickBet(q: QuickBetState): QuickBetState {
  return q.stake > 0 ? { ...q, isApproved: true } : q;
}

/** True when a click on this outcome starts a quick bet: enabled, live match, not a custom bet. */
export function startsQuickBet(q: QuickBetState, selection: SlipSelection): boolean {
  return q.isEnabled && selection.matchStatus === MATCH_STATUS.live;
}

/**
 * A click on an outcome while quick bet is enabled (SPEC §4): ignored with a bet in progress; the
 * selected outcome is removed, another one replaces it.
 */
export function selectQuickBetOutcome(q: QuickBetState, selection: SlipSelection): QuickBetState {
  if (q.state === "processing") return q;
  if (q.selectedOutcomeIds.includes(selection.id))
    return { ...q, bet: null, selectedOutcomeIds: [], error: null };
  return {
    ...q,
    state: "initial",
    bet: newTicketBet("single", [selection], q.currency),
    selectedOutcomeIds: [selection.id],
    error: null,
  };
}

/** Why a quick bet is not placed. */
export type QuickBetRefusal =
  | "not_approved"
  | "processing"
  | "no_bet"
  | "warning"
  | "potential_win_equal_or_less";

/**
 * Checks a quick bet can be placed (SPEC §4): approved, not processing, no warning on the selection,
 * and a potential win above the stake.
 */
export function quickBetRefusal(q: QuickBetState): QuickBetRefusal | undefined {
  if (!q.isApproved) return "not_approved";
  if (q.state === "processing") return "processing";
  const selection = q.bet?.selections[0];
  if (!selection) return "no_bet";
  if (selection.isSuspended || selection.isNotAvailable || selection.isChanged) return "warning";
  if (singleReturn(q.stake, selection.odds) <= q.stake) return "potential_win_equal_or_less";
  return undefined;
}

/** Moves to processing, or records the potential-win refusal; other refusals leave it unchanged. */
export function placeQuickBet(q: QuickBetState): QuickBetState {
  const refusal = quickBetRefusal(q);
  if (refusal === "potential_win_equal_or_less")
    return { ...q, state: "error", error: POTENTIAL_WIN_EQUAL_OR_LESS };
  if (refusal) return q;
  return { ...q, state: "processing", error: null };
}

/** Quick bet is switched off when the balance is zero or below the stake (SPEC §4). */
export function quickBetAfterBalance(q: QuickBetState, balance: number, currency: string): QuickBetState {
  if (!q.isEnabled || currency !== q.currency) return q;
  return balance <= 0 || balance < q.stake ? { ...q, isEnabled: false, isApproved: false } : q;
}
