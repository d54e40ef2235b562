import { BET_RESULTS, type BetResult } from "./settlement.js";

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

/** The statuses a list filter shows; the server's query and the page's filter both read these. */
export function betStatusesOf(filter: BetListFilter): readonly BetStatus[] {
  if (filter === "all") return BET_STATUSES;
  return BET_STATUSES.filter((s) => OPEN_STATUSES.includes(s) === (filter === "open"));
}

/** True when a bet with this status belongs in the list filter. */
export function matchesBetListFilter(status: BetStatus, filter: BetListFilter): boolean {
  return betStatusesOf(filter).includes(status);
}

/** The results a result filter shows; half wins count as wins, half losses as losses. */
export function betResultsOf(filter: BetResultFilter): readonly BetResult[] {
  switch (filter) {
    case "all":
      return BET_RESULTS;
    case "win":
      return ["win_entire", "refund_half_win_other", "cashed_out"];
    case "lose":
      return ["lose_entire", "refund_half_lose_other"];
    case "refund":
      return ["refund_entire", "canceled"];
  }
}

/** True when a bet result belongs in the result filter. */
export function matchesBetResultFilter(result: BetResult, filter: BetResultFilter): boolean {
  return betResultsOf(filter).includes(result);
}

/**
 * Bets settlement moves on: open ones and ones settled before (a correction or rollback may follow).
 */
export const SETTLEABLE_BET_STATUSES = ["waiting_results", "done"] as const satisfies readonly BetStatus[];

/**
 * How a status change reaches the bet list (SPEC §4): a VIP bet that becomes rejected is removed;
 * other bets update in place.
 */
export function betListChange(status: BetStatus, isVip: boolean): "remove" | "update" {
  return isVip && status === "rejected" ? "remove" : "update";
}
