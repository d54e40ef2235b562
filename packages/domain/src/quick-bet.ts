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

/** Named actions of the quick bet (SPEC §4 quick bet). */
export type QuickBetAction =
  | { readonly type: "quickBetToggled" }
  | { readonly type: "quickBetStakeSet"; readonly amount: number }
  | { readonly type: "quickBetApproved" }
  | { readonly type: "quickBetPlaceRequested" }
  | { readonly type: "quickBetSucceeded"; readonly betId: string }
  | { readonly type: "quickBetFailed"; readonly message: string }
  | { readonly type: "balanceChanged"; readonly amount: number; readonly currency: string }
  | { readonly type: "signedOut" };

const QUICK_BET_ACTIONS: ReadonlySet<string> = new Set([
  "quickBetToggled",
  "quickBetStakeSet",
  "quickBetApproved",
  "quickBetPlaceRequested",
  "quickBetSucceeded",
  "quickBetFailed",
  "balanceChanged",
  "signedOut",
]);

/** True for the actions quickBetTransition handles. */
export function isQuickBetAction(action: { readonly type: string }): action is QuickBetAction {
  return QUICK_BET_ACTIONS.has(action.type);
}

/** The quick bet to submit, at its stake. */
export interface QuickBetEffect {
  readonly type: "submitQuickBet";
  readonly bet: TicketBet;
}

/** Applies a quick-bet action: the next quick bet and, when placing starts, the bet to submit. */
export function quickBetTransition(
  q: QuickBetState,
  action: QuickBetAction,
): { readonly quickBet: QuickBetState; readonly effects: readonly QuickBetEffect[] } {
  const only = (quickBet: QuickBetState) => ({ quickBet, effects: [] });
  switch (action.type) {
    case "quickBetToggled":
      return only(toggleQuickBet(q));
    case "quickBetStakeSet":
      return only(setQuickBetStake(q, action.amount));
    case "quickBetApproved":
      return only(approveQuickBet(q));
    case "quickBetPlaceRequested": {
      const quickBet = placeQuickBet(q);
      const starts = quickBet.state === "processing" && q.state !== "processing" && quickBet.bet;
      return {
        quickBet,
        effects: starts ? [{ type: "submitQuickBet", bet: { ...starts, stake: quickBet.stake } }] : [],
      };
    }
    case "quickBetSucceeded":
      return only({ ...q, state: "success", bet: null, selectedOutcomeIds: [] });
    case "quickBetFailed":
      return only({ ...q, state: "error", error: action.message });
    case "balanceChanged":
      return only(quickBetAfterBalance(q, action.amount, action.currency));
    case "signedOut":
      // Sign-out turns quick bet off (SPEC §4).
      return only({ ...q, isEnabled: false, isApproved: false });
  }
}
