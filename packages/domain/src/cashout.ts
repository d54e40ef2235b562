import type { BetType } from "./bet.js";
import { divFloor } from "./decimal.js";
import type { Odds } from "./odds.js";
import { commonDenominator, multiplyRatios, type Ratio, ratio } from "./ratio.js";
import { capPayoutExact } from "./returns.js";
import { type SelectionSettlement, selectionMultiplier, selectionResult } from "./settlement.js";
import { binomial, elementarySymmetric } from "./symmetric.js";
import type { SystemType } from "./system.js";

/** One leg of an open bet: the price taken, the price now (absent while suspended) and any result. */
export interface CashoutLeg {
  readonly acceptedOdds: Odds;
  readonly currentOdds?: Odds;
  readonly settlement?: SelectionSettlement;
}

export interface CashoutInput {
  readonly betType: BetType;
  /** Minor units; for a system the total over its lines. */
  readonly stake: number;
  readonly legs: readonly CashoutLeg[];
  readonly systemType?: SystemType;
  /** The house's share kept from the fair value, in basis points (250 = 2.5 %). */
  readonly marginBasisPoints: number;
  readonly maxPayout?: number;
}

/** Why no cashout is offered. */
export type CashoutRefusal = "bet_lost" | "leg_unavailable" | "bet_settled" | "custom_bet" | "invalid_margin";

export type CashoutQuote =
  | { readonly ok: true; readonly amount: number }
  | { readonly ok: false; readonly reason: CashoutRefusal };

const BASIS = 10_000n;

// Fair value per unit of one leg: a settled leg returns its multiplier; an open leg is worth the
// accepted price over the current one (what the current market would pay to reach the same return).
function legValue(leg: CashoutLeg): Ratio | undefined {
  if (leg.settlement) return selectionMultiplier(leg.settlement, leg.acceptedOdds);
  return leg.currentOdds === undefined ? undefined : ratio(BigInt(leg.acceptedOdds), BigInt(leg.currentOdds));
}

/**
 * The cashout offered for an open bet: its fair value from the current odds (stake × Π accepted/current
 * for open legs × the return of settled legs; for a system, averaged over its lines with the
 * elementary symmetric polynomial) less the margin, rounded down to a minor unit and capped.
 */
export function cashoutValue(input: CashoutInput): CashoutQuote {
  if (
    !Number.isInteger(input.marginBasisPoints) ||
    input.marginBasisPoints < 0 ||
    input.marginBasisPoints >= 10_000
  ) {
    return { ok: false, reason: "invalid_margin" };
  }
  if (input.betType === "custom_bet") return { ok: false, reason: "custom_bet" };
  const results = input.legs.flatMap((l) => (l.settlement ? [selectionResult(l.settlement)] : []));
  const lost = results.filter((r) => r === "lose").length;
  const k =
    input.betType === "system" ? (input.systemType?.winCount ?? input.legs.length) : input.legs.length;
  if (lost > input.legs.length - k) return { ok: false, reason: "bet_lost" };
  if (results.length === input.legs.length) return { ok: false, reason: "bet_settled" };
  const values = input.legs.map(legValue);
  if (values.some((v) => v === undefined)) return { ok: false, reason: "leg_unavailable" };
  const fair = ((): Ratio => {
    const legs = values as Ratio[];
    if (input.betType !== "system") return multiplyRatios(legs);
    const { numerators, denominator } = commonDenominator(legs);
    const e = elementarySymmetric(numerators, k)[k] ?? 0n;
    return ratio(e, binomial(legs.length, k) * denominator ** BigInt(k));
  })();
  const keep = BASIS - BigInt(input.marginBasisPoints);
  const amount = divFloor(BigInt(input.stake) * fair.n * keep, fair.d * BASIS);
  return { ok: true, amount: capPayoutExact(amount, input.maxPayout) };
}
