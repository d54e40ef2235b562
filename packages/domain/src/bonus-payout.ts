import type { BonusType } from "./bet.js";
import type { BetSettlement } from "./settlement.js";

/**
 * True when the bonus pays the bet's stake: every freebet but `freebet_no_risk`, which insures a
 * stake the player pays. A comboboost only raises the odds of a stake the player pays.
 */
export function stakeFromBonus(type: BonusType): boolean {
  return type === "freebet" || type === "freebet_all_win" || type === "freebet_only_win";
}

/** What a settled bet placed with a bonus gives the player. */
export interface BonusBetReturn {
  /** Minor units credited to the player's balance. */
  readonly cash: number;
  /** The freebet is given back to the player to use again (its use is not spent). */
  readonly freebetReturned: boolean;
}

const VOID_RESULTS: readonly BetSettlement["result"][] = ["refund_entire", "canceled"];

/**
 * Turns a bet's settlement into what the player gets under its bonus (docs/bonuses.md):
 * - no bonus or a comboboost (whose odds are already in the settlement): the payout;
 * - `freebet`: the winnings only (the payout less the stake, which the bonus paid); a void bet gives
 *   the freebet back;
 * - `freebet_all_win`: the whole payout, stake included; a void bet gives the freebet back;
 * - `freebet_only_win`: the winnings only, and never the stake: a void bet gives nothing back;
 * - `freebet_no_risk`: the player's own stake is insured, so a bet pays at least its stake.
 * The settlement's `payout` of an open bet is ignored: an open bet gives nothing yet.
 */
export function bonusBetReturn(
  type: BonusType | undefined,
  settlement: BetSettlement,
  stake: number,
): BonusBetReturn {
  if (settlement.result === "no_results") return { cash: 0, freebetReturned: false };
  const isVoid = VOID_RESULTS.includes(settlement.result);
  switch (type) {
    case "freebet":
    case "freebet_all_win":
      if (isVoid) return { cash: 0, freebetReturned: true };
      return {
        cash: type === "freebet_all_win" ? settlement.payout : Math.max(0, settlement.payout - stake),
        freebetReturned: false,
      };
    case "freebet_only_win":
      return { cash: isVoid ? 0 : Math.max(0, settlement.payout - stake), freebetReturned: false };
    case "freebet_no_risk":
      return { cash: Math.max(settlement.payout, stake), freebetReturned: false };
    default:
      return { cash: settlement.payout, freebetReturned: false };
  }
}

/** A freebet's stake once boosted: times the multiplier (× 1000), rounded down to a minor unit. */
export function boostedStake(stake: number, multiplier: number): number {
  const boosted = (BigInt(stake) * BigInt(multiplier)) / 1000n;
  if (boosted > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("boosted stake out of range");
  return Number(boosted);
}
