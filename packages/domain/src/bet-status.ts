import type { BetResult } from "./settlement.js";

/** Placed-bet statuses of SPEC §4. */
export const BET_STATUSES = [
  "cashed_out",
  "withdrawn",
  "waiting_results",
  "ready_to_process",
  "done",
  "cancelled",
  "cashout_in_progress",
  "submitted",
  "rejected",
] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** Submitted, rejected and cancelled form one group (SPEC §4). */
export const SUBMISSION_GROUP: readonly BetStatus[] = ["submitted", "rejected", "cancelled"];

/** Bets still waiting for their outcome. */
const OPEN_STATUSES: readonly BetStatus[] = [
  "waiting_results",
  "ready_to_process",
  "cashout_in_progress",
  "submitted",
];

/** How each selection of a placed bet stands. */
export const SELECTION_STATUSES = ["open", "won", "lost", "void", "half_won", "half_lost"] as const;
export type SelectionStatus = (typeof SELECTION_STATUSES)[number];

/** Bet list filters of SPEC §4. */
export const BET_LIST_FILTERS = ["all", "open", "settled"] as const;
export type BetListFilter = (typeof BET_LIST_FILTERS)[number];
/** Result filters of SPEC §4. */
export const BET_RESULT_FILTERS = ["all", "win", "lose", "refund"] as const;
export type BetResultFilter = (typeof BET_RESULT_FILTERS)[number];

/** True when a bet with this status belongs in the list filter. */
export function matchesBetListFilter(status: BetStatus, filter: BetListFilter): boolean {
  if (filter === "all") return true;
  const open = OPEN_STATUSES.includes(status);
  return filter === "open" ? open : !open;
}

/** True when a bet result belongs in the result filter; half wins count as wins, half losses as losses. */
export function matchesBetResultFilter(result: BetResult, filter: BetResultFilter): boolean {
  switch (filter) {
    case "all":
      return true;
    case "win":
      return result === "win_entire" || result === "refund_half_win_other" || result === "cashed_out";
    case "lose":
      return result === "lose_entire" || result === "refund_half_lose_other";
    case "refund":
      return result === "refund_entire" || result === "canceled";
  }
}

/**
 * How a status change reaches the bet list (SPEC §4): a VIP bet that becomes rejected is removed;
 * other bets update in place.
 */
export function betListChange(status: BetStatus, isVip: boolean): "remove" | "update" {
  return isVip && status === "rejected" ? "remove" : "update";
}
