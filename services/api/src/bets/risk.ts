import { errorCatalogue } from "@sportsbook/contracts";
import { type Executor, playerRiskProfiles } from "@sportsbook/db";
import { eq } from "drizzle-orm";
import type { BetRefusal } from "./decide.js";
import type { RiskProfile } from "./placement-inputs.js";

/**
 * How a player's risk profile bounds a bet. The stake factor scales the payout cap, so the largest
 * stake of any bet (which the cap sets) scales with it; a maximum stake and the blocks come on top.
 * Every refusal is the catalogue's invalid stake (`106`): to the player, the largest stake is 0.
 */

/** The payout cap for this player: the book's, scaled by the stake factor (integer maths). */
export function scaledPayoutCap(cap: number, risk: RiskProfile | null): number {
  return risk ? Math.floor((cap * risk.stakeFactor) / 1000) : cap;
}

/** The largest stake the profile allows, before the payout cap: 0 when blocked for this bet. */
export function profileStakeCeiling(risk: RiskProfile | null, live: boolean): number {
  if (!risk) return Number.MAX_SAFE_INTEGER;
  if (risk.bettingBlocked || (live && risk.liveBettingBlocked)) return 0;
  return risk.maxStake ?? Number.MAX_SAFE_INTEGER;
}

/** The profile's refusal of a bet of `stake` (live when any selection is), if it refuses it. */
export function riskRefusal(risk: RiskProfile | null, stake: number, live: boolean): BetRefusal | undefined {
  if (!risk) return undefined;
  const code = errorCatalogue.invalidStake.code;
  if (risk.bettingBlocked) return { code, reason: "betting_blocked" };
  if (live && risk.liveBettingBlocked) return { code, reason: "live_betting_blocked" };
  if (risk.maxStake !== null && stake > risk.maxStake) return { code, reason: "above_maximum" };
  return undefined;
}

/** A player's risk profile read on its own (max stake, cash-out), none when the defaults apply. */
export async function loadRiskProfile(ex: Executor, playerId: number): Promise<RiskProfile | null> {
  const [r] = await ex.select().from(playerRiskProfiles).where(eq(playerRiskProfiles.playerId, playerId));
  return r
    ? {
        stakeFactor: r.stakeFactor,
        maxStake: r.maxStake,
        bettingBlocked: r.bettingBlocked,
        liveBettingBlocked: r.liveBettingBlocked,
        cashoutBlocked: r.cashoutBlocked,
      }
    : null;
}
