import { type Executor, jackpots } from "@sportsbook/db";
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import { TtlRead } from "../ops/ttl-read.js";

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

/** The running jackpots, read at most every few seconds (TtlRead). */
export class RunningJackpots {
  private readonly read: TtlRead<RunningJackpot[]>;
  constructor(db: Executor, ttlMs?: number) {
    this.read = new TtlRead(
      (now) =>
        db
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
          ),
      ttlMs,
    );
  }

  list(ctx: { now(): Date }): Promise<RunningJackpot[]> {
    return this.read.get(ctx.now());
  }

  invalidate(): void {
    this.read.invalidate();
  }
}
