import type { bets } from "@sportsbook/db";
import { capPayout } from "@sportsbook/domain";
import type { AppContext } from "../context.js";
import { type CurrencyInfo, maxPayoutMinor } from "../wallet/currencies.js";

/** A placed selection as cashout sees it: the odds taken, the odds now (null when not offered) and any result. */
export interface LegState {
  acceptedOdds: number;
  currentOdds: number | null;
  status: string;
  voidFactor: number | null;
  deadHeatFactor: number | null;
  result: number | null;
}

/** The house's share of a cashout's fair value, basis points. */
export const CASHOUT_MARGIN_BASIS_POINTS = 500;

/** What one unit staked on a settled leg returns, as a fraction over 2000 (odds × 1000, halves). */
function settledMultiplier(leg: LegState): { n: bigint; d: bigint } | undefined {
  const odds = BigInt(leg.acceptedOdds);
  const dh = BigInt(leg.deadHeatFactor ?? 1000);
  switch (leg.status) {
    case "won":
      return { n: 2n * odds * dh, d: 2000n * 1000n };
    case "lost":
      return { n: 0n, d: 1n };
    case "void":
      return { n: 1n, d: 1n };
    case "half_won":
      return { n: 1000n * 1000n + odds * dh, d: 2000n * 1000n };
    case "half_lost":
      return { n: 1n, d: 2n };
    default:
      return undefined;
  }
}

/**
 * The fair value of a single or combo from the current odds: stake × Π accepted/current over open
 * legs × the return of settled legs, less the margin, rounded down. System and bet-builder bets are
 * not offered a cashout.
 */
function fairValue(stake: number, legs: LegState[], marginBasisPoints: number): number | null {
  let n = BigInt(stake) * BigInt(10_000 - marginBasisPoints);
  let d = 10_000n;
  let open = 0;
  for (const leg of legs) {
    const settled = settledMultiplier(leg);
    if (settled) {
      if (settled.n === 0n) return null;
      n *= settled.n;
      d *= settled.d;
      continue;
    }
    if (leg.currentOdds === null) return null;
    open += 1;
    n *= BigInt(leg.acceptedOdds);
    d *= BigInt(leg.currentOdds);
  }
  return open === 0 ? null : Number(n / d);
}

/** What an open bet can be cashed out for now, or null when no cashout is offered. */
export function cashoutQuote(
  ctx: AppContext,
  bet: typeof bets.$inferSelect,
  legs: LegState[],
  table: Map<string, CurrencyInfo>,
): number | null {
  if (bet.status !== "waiting_results" || bet.type === "custom_bet" || bet.activeStake <= 0) return null;
  const currency = table.get(bet.currency);
  if (bet.type === "system") return null;
  const value = fairValue(bet.activeStake, legs, CASHOUT_MARGIN_BASIS_POINTS);
  if (value === null || value <= 0) return null;
  return currency ? capPayout(value, maxPayoutMinor(ctx, currency)) : value;
}
