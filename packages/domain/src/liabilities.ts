import type { BetType, BonusType } from "./bet.js";
import type { BetStatus } from "./bet-status.js";
import { bonusBetReturn, stakeFromBonus } from "./bonus-payout.js";
import type { Odds } from "./odds.js";
import { type SelectionSettlement, type SettlementLeg, settleBet } from "./settlement.js";
import type { SystemType } from "./system.js";

/**
 * What the book stands to lose on each open outcome (the back office's liabilities). Amounts are
 * integer minor units of one currency.
 *
 * The liability of an outcome O of market M is, over every open bet with an open leg in M, what
 * the bet pays the player if O wins less the stake the book took for it:
 * - a leg on O wins, a leg on another outcome of M loses;
 * - a leg still open elsewhere (a combo's or system's other matches and markets) is counted as
 *   won: the worst case for the book, so a combo through O counts its full potential payout;
 * - a leg settled already keeps its result;
 * - the payout follows the settlement rule (`settleBet`) and the bet's bonus (`bonusBetReturn`):
 *   a freebet's stake is the bonus's, not the book's money, so it is not counted as taken and only
 *   what the player would be credited counts.
 */

/** Bets the book is exposed on: accepted and not yet settled (a bet waiting for acceptance is not). */
export const LIABLE_BET_STATUSES = [
  "waiting_results",
  "ready_to_process",
  "cashout_in_progress",
] as const satisfies readonly BetStatus[];

/** One selection of an open bet. */
export interface LiabilityLeg {
  readonly matchId: number;
  readonly marketRowId: number;
  readonly outcomeId: string;
  readonly odds: Odds;
  /** How the selection settled; absent while it is open. */
  readonly settlement?: SelectionSettlement;
}

/** An open bet as far as the book's exposure is concerned. */
export interface LiabilityBet {
  readonly id: number;
  readonly betType: BetType;
  /** The stake still in play (after partial cash-outs), minor units. */
  readonly stake: number;
  readonly legs: readonly LiabilityLeg[];
  readonly systemType?: SystemType;
  readonly customOdds?: Odds;
  readonly bonusType?: BonusType;
  /** A comboboost's odds. */
  readonly bonusOdds?: Odds;
}

/** One bet behind an outcome's figure: what it pays if the outcome wins and the stake the book took. */
export interface LiabilityContribution {
  readonly betId: number;
  readonly pays: number;
  readonly taken: number;
}

export interface OutcomeLiability {
  readonly outcomeId: string;
  /** Paid out if this outcome wins, less the stakes taken on the market; positive is a loss. */
  readonly liability: number;
  /** Paid out if this outcome wins. */
  readonly payout: number;
  /** Every bet of the market, in bet order. */
  readonly bets: readonly LiabilityContribution[];
}

export interface MarketLiability {
  readonly marketRowId: number;
  /** Stakes the book took on the market's open bets (freebets' excluded). */
  readonly stakes: number;
  /** The largest liability of its outcomes. */
  readonly worstCase: number;
  readonly outcomes: readonly OutcomeLiability[];
}

export interface MatchLiability {
  readonly matchId: number;
  /** Open bets with a leg on the match. */
  readonly bets: number;
  readonly stakes: number;
  /** The largest worst case of its markets (markets are not independent, so they are not added). */
  readonly worstCase: number;
  /** Worst first. */
  readonly markets: readonly MarketLiability[];
}

/** The stake the book itself took for a bet: none for a freebet, whose stake the bonus paid. */
export function stakeTaken(bet: LiabilityBet): number {
  return bet.bonusType !== undefined && stakeFromBonus(bet.bonusType) ? 0 : bet.stake;
}

const WON: SelectionSettlement = { won: true };
const LOST: SelectionSettlement = { won: false };

/**
 * What a bet credits the player if `winner` wins market `marketRowId` (`undefined`: none of the
 * bet's outcomes in it wins) and every other open leg wins too.
 */
export function paysIfWins(bet: LiabilityBet, marketRowId: number, winner: string | undefined): number {
  const legs: SettlementLeg[] = bet.legs.map((leg) => {
    if (leg.settlement) return { odds: leg.odds, settlement: leg.settlement };
    const wins = leg.marketRowId !== marketRowId || leg.outcomeId === winner;
    return { odds: leg.odds, settlement: wins ? WON : LOST };
  });
  const settlement = settleBet({
    betType: bet.betType,
    stake: bet.stake,
    legs,
    ...(bet.systemType ? { systemType: bet.systemType } : {}),
    ...(bet.customOdds !== undefined ? { customOdds: bet.customOdds } : {}),
    ...(bet.bonusType === "comboboost" && bet.bonusOdds !== undefined ? { bonusOdds: bet.bonusOdds } : {}),
  });
  return bonusBetReturn(bet.bonusType, settlement, bet.stake).cash;
}

interface MarketBook {
  matchId: number;
  bets: LiabilityBet[];
  outcomes: Set<string>;
}

function marketLiability(marketRowId: number, book: MarketBook): MarketLiability {
  const stakes = book.bets.reduce((sum, b) => sum + stakeTaken(b), 0);
  // A bet pays the same for every outcome it has no leg on, so that is worked out once per bet.
  const otherwise = new Map(book.bets.map((b) => [b.id, paysIfWins(b, marketRowId, undefined)]));
  const outcomes = [...book.outcomes].sort().map((outcomeId): OutcomeLiability => {
    const bets = book.bets.map((b) => {
      const onIt = b.legs.some(
        (l) => !l.settlement && l.marketRowId === marketRowId && l.outcomeId === outcomeId,
      );
      const pays = onIt ? paysIfWins(b, marketRowId, outcomeId) : (otherwise.get(b.id) ?? 0);
      return { betId: b.id, pays, taken: stakeTaken(b) };
    });
    const payout = bets.reduce((sum, c) => sum + c.pays, 0);
    return { outcomeId, liability: payout - stakes, payout, bets };
  });
  const worstCase = Math.max(...outcomes.map((o) => o.liability));
  return { marketRowId, stakes, worstCase, outcomes };
}

/**
 * The liabilities of every match and market with an open leg among `bets`, matches and markets
 * worst first. `marketOutcomes` names each market's outcomes so those nobody backed are listed too
 * (a market's outcomes are otherwise those its bets picked).
 */
export function bookLiabilities(
  bets: readonly LiabilityBet[],
  marketOutcomes: ReadonlyMap<number, readonly string[]> = new Map(),
): MatchLiability[] {
  const markets = new Map<number, MarketBook>();
  for (const bet of [...bets].sort((a, b) => a.id - b.id)) {
    for (const leg of bet.legs) {
      if (leg.settlement) continue;
      let book = markets.get(leg.marketRowId);
      if (!book) {
        book = {
          matchId: leg.matchId,
          bets: [],
          outcomes: new Set(marketOutcomes.get(leg.marketRowId) ?? []),
        };
        markets.set(leg.marketRowId, book);
      }
      if (book.bets.at(-1) !== bet) book.bets.push(bet);
      book.outcomes.add(leg.outcomeId);
    }
  }
  const matches = new Map<number, { markets: MarketLiability[]; bets: Map<number, LiabilityBet> }>();
  for (const [marketRowId, book] of markets) {
    let match = matches.get(book.matchId);
    if (!match) {
      match = { markets: [], bets: new Map() };
      matches.set(book.matchId, match);
    }
    match.markets.push(marketLiability(marketRowId, book));
    for (const b of book.bets) match.bets.set(b.id, b);
  }
  const byWorst = <T extends { worstCase: number }>(a: T, b: T, tie: number) =>
    b.worstCase - a.worstCase || tie;
  return [...matches]
    .map(
      ([matchId, m]): MatchLiability => ({
        matchId,
        bets: m.bets.size,
        stakes: [...m.bets.values()].reduce((sum, b) => sum + stakeTaken(b), 0),
        worstCase: Math.max(...m.markets.map((k) => k.worstCase)),
        markets: m.markets.sort((a, b) => byWorst(a, b, a.marketRowId - b.marketRowId)),
      }),
    )
    .sort((a, b) => byWorst(a, b, a.matchId - b.matchId));
}
