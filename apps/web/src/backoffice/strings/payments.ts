/** The Payments desk and the approvals of adjustments. */
export const approvals = {
  title: "Adjustments waiting for approval",
  intro:
    "A balance adjustment above the approval amount needs a second staff member; the one who asked cannot decide.",
  player: "Player",
  approve: "Approve",
  reject: "Reject",
  none: "Nothing waits for approval.",
} as const;

export const payments = {
  title: "Payments",
  queue: "Withdrawals",
  status: "Status",
  statuses: {
    requested: "Waiting for review",
    approved: "Approved, not paid",
    paid: "Paid",
    declined: "Rejected",
    cancelled: "Cancelled by the player",
  } as Record<string, string>,
  none: "No withdrawals in this status.",
  id: "Id",
  player: "Player",
  amount: "Amount",
  provider: "Provider",
  reference: "Provider reference",
  reason: "Reason",
  reasonHint: "Told to the player on a rejection",
  flags: "Flags",
  flagNames: {
    withdrawn_without_play: "Withdrawn without play",
    declines_in_a_row: "Declined deposits in a row",
  } as Record<string, string>,
  approve: "Approve and pay out",
  reject: "Reject",
  markPaid: "Mark paid",
  requested: "Requested",
  lookup: "Find payments",
  lookupHint: "Player e-mail or id, payment id, provider reference",
  find: "Find",
  direction: "Direction",
  directions: { deposit: "Deposit", withdrawal: "Withdrawal" } as Record<string, string>,
  noneFound: "No payment matches.",
  done: "Done.",
} as const;
