import type { bets } from "@sportsbook/db";
import { type CashoutLeg, cashoutValue, type Odds, type SelectionSettlement } from "@sportsbook/domain";
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

const SETTLED: Record<string, { won: boolean; voidFactor: 0 | 0.5 | 1 }> = {
  won: { won: true, voidFactor: 0 },
  lost: { won: false, voidFactor: 0 },
  void: { won: false, voidFactor: 1 },
  half_won: { won: true, voidFactor: 0.5 },
  half_lost: { won: false, voidFactor: 0.5 },
};

function settlementOf(leg: LegState): SelectionSettlement | undefined {
  const s = SETTLED[leg.status];
  if (!s) return undefined;
  return leg.deadHeatFactor !== null
    ? { ...s, deadHeatFactor: { n: BigInt(leg.deadHeatFactor), d: 1000n } }
    : s;
}

/** What an open bet can be cashed out for now (domain cashout value), or null when none is offered. */
export function cashoutQuote(
  ctx: AppContext,
  bet: typeof bets.$inferSelect,
  legs: LegState[],
  table: Map<string, CurrencyInfo>,
): number | null {
  if (bet.status !== "waiting_results" || bet.activeStake <= 0) return null;
  // A freebet's stake is not the player's to take back, and a boost pays only if every leg wins;
  // points farmed for a hunting or tournament leave the bet the player's to cash out.
  if (bet.bonus !== null && bet.bonus.type !== "hunting" && bet.bonus.type !== "tournament") return null;
  const currency = table.get(bet.currency);
  const cashoutLegs: CashoutLeg[] = legs.map((leg) => {
    const settlement = settlementOf(leg);
    return {
      acceptedOdds: leg.acceptedOdds as Odds,
      ...(leg.currentOdds !== null ? { currentOdds: leg.currentOdds as Odds } : {}),
      ...(settlement ? { settlement } : {}),
    };
  });
  const quote = cashoutValue({
    betType: bet.type as "single" | "combo" | "system" | "custom_bet",
    stake: bet.activeStake,
    legs: cashoutLegs,
    ...(bet.systemWinCount !== null && bet.systemTotalCount !== null
      ? { systemType: { winCount: bet.systemWinCount, totalCount: bet.systemTotalCount } }
      : {}),
    marginBasisPoints: CASHOUT_MARGIN_BASIS_POINTS,
    ...(currency ? { maxPayout: maxPayoutMinor(ctx, currency) } : {}),
  });
  return quote.ok && quote.amount > 0 ? quote.amount : null;
}
