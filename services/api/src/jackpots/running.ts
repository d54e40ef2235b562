import { type Executor, jackpots } from "@sportsbook/db";
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";

/** A jackpot that bets play for now, as placement and the slip read it. */
export interface RunningJackpot {
  id: number;
  currency: string;
  contributionBp: number;
  minStake: number;
  minOdds: number;
}

/** One bet as a jackpot's terms read it. */
export interface JackpotBet {
  currency: string;
  stake: number;
  /** Total odds × 1000. */
  odds: number;
  /** A freebet pays the stake, so the bet does not play. */
  freebet: boolean;
}

export function playsFor(jackpot: RunningJackpot, bet: JackpotBet): boolean {
  return (
    !bet.freebet &&
    bet.currency === jackpot.currency &&
    bet.stake >= jackpot.minStake &&
    bet.odds >= jackpot.minOdds
  );
}

/**
 * The running jackpots, read at most every few seconds: every placement asks, and a definition
 * changes rarely (a change through this node is seen at once, through another within the TTL).
 */
export class RunningJackpots {
  private cached: { at: number; list: Promise<RunningJackpot[]> } | undefined;
  constructor(private readonly ttlMs = 5_000) {}

  list(ctx: { db: Executor; now(): Date }): Promise<RunningJackpot[]> {
    const now = ctx.now();
    if (this.cached && now.getTime() - this.cached.at < this.ttlMs) return this.cached.list;
    const list = ctx.db
      .select({
        id: jackpots.id,
        currency: jackpots.currency,
        contributionBp: jackpots.contributionBp,
        minStake: jackpots.minStake,
        minOdds: jackpots.minOdds,
      })
      .from(jackpots)
      .where(
        and(
          eq(jackpots.status, "enabled"),
          or(isNull(jackpots.validFrom), lte(jackpots.validFrom, now)),
          or(isNull(jackpots.validTo), gt(jackpots.validTo, now)),
        ),
      );
    // a failed read is not kept: the next placement asks again
    list.catch(() => {
      this.cached = undefined;
    });
    this.cached = { at: now.getTime(), list };
    return list;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
