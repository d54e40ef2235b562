import { betSelections, bets, type Executor, markets, outcomes } from "@sportsbook/db";
import { type BetType, type CashoutLeg, cashoutValue, isMarketOpen, type Odds } from "@sportsbook/domain";
import { and, eq, inArray } from "drizzle-orm";

/** The house's share of a cash-out's fair value, basis points (the API quotes with the same margin). */
export const CASHOUT_MARGIN_BASIS_POINTS = 500;

export interface CashoutNotice {
  betId: number;
  playerId: number;
  currency: string;
  toCashout: number | null;
}

const SETTLED: Record<string, { won: boolean; voidFactor: 0 | 0.5 | 1 }> = {
  won: { won: true, voidFactor: 0 },
  lost: { won: false, voidFactor: 0 },
  void: { won: false, voidFactor: 1 },
  half_won: { won: true, voidFactor: 0.5 },
  half_lost: { won: false, voidFactor: 0.5 },
};

/**
 * Current cash-out values of the given open bets (their odds just moved). Legs whose market is not
 * open have no current price, so no offer is made.
 */
export async function cashoutValues(ex: Executor, ids: number[]): Promise<CashoutNotice[]> {
  if (ids.length === 0) return [];
  const betRows = await ex.select().from(bets).where(inArray(bets.id, ids));
  const legs = await ex
    .select({
      betId: betSelections.betId,
      position: betSelections.position,
      odds: betSelections.odds,
      status: betSelections.status,
      deadHeatFactor: betSelections.deadHeatFactor,
      marketStatus: markets.status,
      current: outcomes.odds,
      active: outcomes.active,
    })
    .from(betSelections)
    .innerJoin(markets, eq(markets.id, betSelections.marketRowId))
    .leftJoin(
      outcomes,
      and(
        eq(outcomes.marketRowId, betSelections.marketRowId),
        eq(outcomes.outcomeId, betSelections.outcomeId),
      ),
    )
    .where(inArray(betSelections.betId, ids))
    .orderBy(betSelections.betId, betSelections.position);
  const out: CashoutNotice[] = [];
  for (const bet of betRows) {
    const mine = legs.filter((l) => l.betId === bet.id);
    const cashoutLegs: CashoutLeg[] = mine.map((l) => {
      const s = SETTLED[l.status];
      const open = isMarketOpen(l.marketStatus) && l.active === true && l.current !== null;
      return {
        acceptedOdds: l.odds as Odds,
        ...(open && !s ? { currentOdds: l.current as Odds } : {}),
        ...(s
          ? {
              settlement: {
                ...s,
                ...(l.deadHeatFactor !== null
                  ? { deadHeatFactor: { n: BigInt(l.deadHeatFactor), d: 1000n } }
                  : {}),
              },
            }
          : {}),
      };
    });
    const quote = cashoutValue({
      betType: bet.type as BetType,
      stake: bet.activeStake,
      legs: cashoutLegs,
      ...(bet.systemWinCount !== null && bet.systemTotalCount !== null
        ? { systemType: { winCount: bet.systemWinCount, totalCount: bet.systemTotalCount } }
        : {}),
      marginBasisPoints: CASHOUT_MARGIN_BASIS_POINTS,
    });
    out.push({
      betId: bet.id,
      playerId: bet.playerId,
      currency: bet.currency,
      toCashout: quote.ok && quote.amount > 0 ? quote.amount : null,
    });
  }
  return out;
}
