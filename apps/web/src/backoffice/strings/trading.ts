/** The Trading desk: matches, markets and their states. */
export const trading = {
  title: "Trading",
  search: "Search matches",
  status: "Status",
  all: "All open",
  prematch: "Prematch",
  live: "Live",
  match: "Match",
  sport: "Sport",
  tournament: "Tournament",
  start: "Start",
  markets: "Markets",
  held: "Suspended by hand",
  open: "Open",
  back: "All matches",
  reason: "Reason",
  reasonHint: "Why (kept in the audit log)",
  suspendMatch: "Suspend match",
  suspendMarket: "Suspend market",
  suspendOutcome: "Suspend",
  lift: "Resume",
  suspensions: "Suspensions in force",
  by: "by",
  market: "Market",
  feed: "Feed says",
  stored: "Players see",
  outcome: "Outcome",
  odds: "Odds",
  none: "No open matches.",
} as const;

export const marketStatus = {
  "1": "open",
  "0": "deactivated",
  "-1": "suspended",
  "-2": "handed over",
  "-3": "settled",
  "-4": "cancelled",
} as Record<string, string>;

export const matchStatus = {
  "0": "prematch",
  "1": "live",
  "2": "stopped",
  "3": "closed",
  "4": "finished",
  "5": "not covered",
} as Record<string, string>;
