import type { BetType } from "./bet.js";
import { divFloor } from "./decimal.js";
import { ODDS_SCALE, type Odds } from "./odds.js";
import { commonDenominator, multiplyRatios, type Ratio, ratio } from "./ratio.js";
import { capPayoutExact } from "./returns.js";
import { binomial, elementarySymmetric } from "./symmetric.js";
import type { SystemType } from "./system.js";

/** Share of the stake voided by the feed: none, half or all. */
export type VoidFactor = 0 | 0.5 | 1;

/** How the feed settled one selection. */
export interface SelectionSettlement {
  readonly won: boolean;
  readonly voidFactor?: VoidFactor;
  /** Share of the winnings paid when competitors tie (1 when absent). */
  readonly deadHeatFactor?: Ratio;
}

/** Outcome of one selection. */
export type SelectionResult = "win" | "lose" | "void" | "half_win" | "half_lose";

/** Bet results of SPEC §4. */
export const BET_RESULTS = [
  "no_results",
  "canceled",
  "win_entire",
  "lose_entire",
  "refund_entire",
  "refund_half_win_other",
  "refund_half_lose_other",
  "cashed_out",
] as const;
export type BetResult = (typeof BET_RESULTS)[number];

/** Names the selection's outcome from its result and void factor. */
export function selectionResult(s: SelectionSettlement): SelectionResult {
  const v = s.voidFactor ?? 0;
  if (v === 1) return "void";
  if (v === 0.5) return s.won ? "half_win" : "half_lose";
  return s.won ? "win" : "lose";
}

/**
 * What one unit staked on the selection returns: the voided share comes back, the rest pays the
 * odds times the dead-heat factor if won: v + (1 − v)·won·dh·odds, exactly.
 */
export function selectionMultiplier(s: SelectionSettlement, odds: Odds): Ratio {
  const halves = BigInt((s.voidFactor ?? 0) * 2);
  const dh = s.deadHeatFactor ?? { n: 1n, d: 1n };
  const scale = BigInt(ODDS_SCALE);
  const won = s.won ? 1n : 0n;
  return ratio(halves * dh.d * scale + (2n - halves) * won * dh.n * BigInt(odds), 2n * dh.d * scale);
}

/** One selection of a bet being settled; no settlement yet means the result is still open. */
export interface SettlementLeg {
  readonly odds: Odds;
  readonly settlement?: SelectionSettlement;
}

export interface BetSettlementInput {
  readonly betType: BetType;
  /** Minor units; for a system the total over its lines. */
  readonly stake: number;
  readonly legs: readonly SettlementLeg[];
  readonly systemType?: SystemType;
  /** Custom bets are priced as a whole. */
  readonly customOdds?: Odds;
  /** Comboboost odds, paid only when every leg of the combo wins in full. */
  readonly bonusOdds?: Odds;
  /** Highest payout allowed in minor units; no cap when absent. */
  readonly maxPayout?: number;
}

/** A bet's result and what it pays back, in minor units. */
export interface BetSettlement {
  readonly result: BetResult;
  readonly payout: number;
}

const OPEN: BetSettlement = { result: "no_results", payout: 0 };
const LOST: BetSettlement = { result: "lose_entire", payout: 0 };

function payoutOf(stake: number, value: Ratio, maxPayout: number | undefined): number {
  return capPayoutExact(divFloor(BigInt(stake) * value.n, value.d), maxPayout);
}

// Result of a single or combo from its legs: a loss loses everything; otherwise the worst half wins.
function resultOfLegs(results: readonly SelectionResult[]): BetResult {
  if (results.includes("lose")) return "lose_entire";
  if (results.every((r) => r === "void")) return "refund_entire";
  if (results.includes("half_lose")) return "refund_half_lose_other";
  if (results.includes("half_win")) return "refund_half_win_other";
  return "win_entire";
}

function settleSystem(input: BetSettlementInput, results: readonly SelectionResult[]): BetSettlement {
  const type = input.systemType;
  const n = input.legs.length;
  if (!type || type.totalCount !== n)
    throw new RangeError("a system bet needs a system type matching its legs");
  // Once more legs lost than the lines can spare, every line is lost whatever remains open.
  if (results.filter((r) => r === "lose").length > n - type.winCount) return LOST;
  if (results.length < n) return OPEN;
  const multipliers = input.legs.map((leg) =>
    selectionMultiplier(leg.settlement as SelectionSettlement, leg.odds),
  );
  const { numerators, denominator } = commonDenominator(multipliers);
  const e = elementarySymmetric(numerators, type.winCount)[type.winCount] ?? 0n;
  const value = ratio(e, binomial(n, type.winCount) * denominator ** BigInt(type.winCount));
  const payout = payoutOf(input.stake, value, input.maxPayout);
  if (results.every((r) => r === "void")) return { result: "refund_entire", payout };
  if (payout === 0) return { result: "lose_entire", payout };
  return { result: payout >= input.stake ? "win_entire" : "refund_half_lose_other", payout };
}

/**
 * Settles a single, combo, system or custom bet from its legs (SPEC §4 bet results), with the
 * max-payout cap. Payouts are rounded down to a minor unit once. A system pays stake × e_k(leg
 * multipliers) / C(n, k) and is "win_entire" when it pays back at least its stake, otherwise
 * "refund_half_lose_other" when it pays something. A custom bet is refunded when any leg is voided,
 * since its price cannot be recomputed leg by leg.
 */
export function settleBet(input: BetSettlementInput): BetSettlement {
  const settled = input.legs.filter((l) => l.settlement !== undefined);
  const results = settled.map((l) => selectionResult(l.settlement as SelectionSettlement));
  if (input.legs.length === 0) throw new RangeError("a bet has at least one leg");
  if (input.betType === "system") return settleSystem(input, results);
  if (results.includes("lose")) return LOST;
  if (settled.length < input.legs.length) return OPEN;
  if (input.betType === "custom_bet") {
    if (results.every((r) => r === "win") && input.customOdds) {
      return {
        result: "win_entire",
        payout: payoutOf(input.stake, ratio(BigInt(input.customOdds), 1000n), input.maxPayout),
      };
    }
    return { result: "refund_entire", payout: payoutOf(input.stake, ratio(1n, 1n), input.maxPayout) };
  }
  const multipliers = settled.map((l) => selectionMultiplier(l.settlement as SelectionSettlement, l.odds));
  const result = resultOfLegs(results);
  if (input.betType === "combo" && input.bonusOdds && results.every((r) => r === "win")) {
    multipliers.push(ratio(BigInt(input.bonusOdds), BigInt(ODDS_SCALE)));
  }
  return { result, payout: payoutOf(input.stake, multiplyRatios(multipliers), input.maxPayout) };
}

/** A cancelled bet: the stake is returned (SPEC §4 canceled). */
export function cancelledBet(stake: number): BetSettlement {
  return { result: "canceled", payout: stake };
}

/** A cashed-out bet pays the accepted cashout amount (SPEC §4 cashed_out). */
export function cashedOutBet(amount: number): BetSettlement {
  return { result: "cashed_out", payout: amount };
}
