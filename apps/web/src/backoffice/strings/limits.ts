/** The Limits desk. */
export const limits = {
  nav: "Limits",
  title: "Trading limits",
  markets: "Market kinds",
  marketsIntro:
    "Maximum stake and payout of any bet with a leg on the market kind, in whole units of the bet's currency; a combo is bound by its strictest leg. Empty: no limit.",
  marketId: "Market kind id",
  maxStake: "Maximum stake",
  maxPayout: "Maximum payout",
  delays: "Live bet delays",
  delaysIntro:
    "How long a live bet waits before it is accepted and checked again against prices; a tournament's delay overrides its sport's. Empty delay: remove it.",
  scope: "For",
  sport: "Sport",
  tournament: "Tournament",
  scopeId: "Sport or tournament id",
  name: "Name",
  delayMs: "Delay (ms)",
  reason: "Reason",
  by: "by",
  save: "Save",
  saved: "Saved",
  none: "None set.",
  badNumber: "Enter a whole number of zero or more, or leave it empty.",
  badId: "Enter an id.",
} as const;
