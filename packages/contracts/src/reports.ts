import { z } from "zod";
import { currencyCodeSchema } from "./http/common.js";
import { liabilityCurrencySchema } from "./liabilities.js";

/**
 * Wire schemas of the back office's reports (`/api/backoffice/reports/…`). Every figure is summed
 * from the ledger's player legs in one currency, so the reports reconcile to the cent with balances.
 * Amounts are minor units of `currency`; a period is a UTC calendar day, ISO week (from Monday) or month.
 */

/** Calendar periods a report can be grouped by. */
export const REPORT_PERIODS = ["day", "week", "month"] as const;
/** What the betting report can be grouped by besides time. */
export const BETTING_REPORT_GROUPS = [
  ...REPORT_PERIODS,
  "sport",
  "tournament",
  "provider",
  "bet_type",
  "channel",
] as const;

/** The longest range one report covers, in days. */
export const REPORT_MAX_DAYS = 366;

const dateSchema = z.iso.date();

const rangeQuery = z.object({
  currency: currencyCodeSchema,
  /** First UTC day included. */
  from: dateSchema,
  /** Last UTC day included. */
  to: dateSchema,
});

function withinRange<T extends { from: string; to: string }>(q: T): boolean {
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
  return days >= 0 && days < REPORT_MAX_DAYS;
}
const rangeMessage = {
  message: `"from" must not be after "to", and the range at most ${REPORT_MAX_DAYS} days`,
  path: ["from"],
};

/** `GET /backoffice/reports/betting`: turnover, payouts, GGR and hold by period or by what was bet on. */
export const bettingReportQuerySchema = rangeQuery
  .extend({ by: z.enum(BETTING_REPORT_GROUPS).default("day") })
  .refine(withinRange, rangeMessage);
export type BettingReportQuery = z.infer<typeof bettingReportQuerySchema>;

/** `GET /backoffice/reports/money`: payments in and out, bonus cost and staff adjustments by period. */
export const moneyReportQuerySchema = rangeQuery
  .extend({ by: z.enum(REPORT_PERIODS).default("day") })
  .refine(withinRange, rangeMessage);
export type MoneyReportQuery = z.infer<typeof moneyReportQuerySchema>;

const bettingFigures = {
  /** Stakes taken (turnover), bonus-funded stakes included. */
  stakes: z.number().int(),
  /** Winnings, cash-outs and refunds paid to players. */
  payouts: z.number().int(),
  /** Gross gaming revenue: stakes − payouts. */
  ggr: z.number().int(),
  /** GGR over stakes in basis points (1234 = 12.34 %), truncated; null without stakes. */
  hold_bp: z.number().int().nullable(),
  /** Bets placed. */
  bets: z.number().int(),
  /** Players who placed a bet. */
  players: z.number().int(),
};

export const bettingReportRowSchema = z.object({
  /** The period's first day (`2026-11-02`), month (`2026-11`), or the id or name grouped by; `mixed` for a bet across several. */
  key: z.string(),
  label: z.string(),
  ...bettingFigures,
});
export type BettingReportRow = z.infer<typeof bettingReportRowSchema>;

export const bettingReportSchema = z.object({
  data: z.array(bettingReportRowSchema),
  totals: z.object(bettingFigures),
  currency: liabilityCurrencySchema,
});
export type BettingReport = z.infer<typeof bettingReportSchema>;

const moneyFigures = {
  /** Deposits credited. */
  deposits: z.number().int(),
  /** Withdrawals taken from balances, less those given back. */
  withdrawals: z.number().int(),
  /** Bonus money credited to players (freebet stakes, bonus rewards, jackpot wins). */
  bonus_cost: z.number().int(),
  /** Net balance corrections made by staff. */
  adjustments: z.number().int(),
};

export const moneyReportRowSchema = z.object({ key: z.string(), label: z.string(), ...moneyFigures });
export type MoneyReportRow = z.infer<typeof moneyReportRowSchema>;

export const moneyReportSchema = z.object({
  data: z.array(moneyReportRowSchema),
  totals: z.object(moneyFigures),
  currency: liabilityCurrencySchema,
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;
