/** SPEC §4 jackpot level states. */
export const JACKPOT_LEVEL_STATES = ["active", "created", "disabled", "finished", "paused"] as const;
export type JackpotLevelState = (typeof JACKPOT_LEVEL_STATES)[number];

/** A jackpot hit's status; SPEC §4 counts a hit when it is approved or paid. */
export const JACKPOT_HIT_STATUSES = ["approved", "paid", "declined"] as const;
export type JackpotHitStatus = (typeof JACKPOT_HIT_STATUSES)[number];

export function countsAsHit(status: JackpotHitStatus): boolean {
  return status === "approved" || status === "paid";
}

const BASIS = 10_000n;

/** The part of a stake that goes into a jackpot's pools: `basisPoints` of it, rounded down. */
export function jackpotContribution(stake: number, basisPoints: number): number {
  return Number((BigInt(stake) * BigInt(basisPoints)) / BASIS);
}

/** One level of a must-drop jackpot: its pool grows by its share of contributions until it drops. */
export interface JackpotLevel {
  readonly state: JackpotLevelState;
  /** Minor units in the pool now. */
  readonly pool: number;
  /** What the pool starts from again after it drops (paid by the operator). */
  readonly seed: number;
  /** The pool drops on the contribution that takes it to this amount or above. */
  readonly dropAt: number;
  /** The level's share of each contribution, in basis points; the levels' shares sum to 10,000. */
  readonly shareBasisPoints: number;
}

/** A level's pool won by the bet whose contribution took it to its drop amount. */
export interface JackpotDrop {
  readonly levelIndex: number;
  readonly amount: number;
}

/**
 * Adds one contribution to the levels (only active levels take a share; a paused, disabled or
 * finished one keeps its pool). Each share is rounded down and what rounding leaves goes to the
 * first active level, so the pools grow by exactly the contribution. A level whose pool reaches its
 * drop amount drops: the whole pool is won, and the level starts again from its seed.
 */
export function contributeToLevels(
  levels: readonly JackpotLevel[],
  contribution: number,
): { levels: JackpotLevel[]; drops: JackpotDrop[] } {
  const active = levels.flatMap((l, i) => (l.state === "active" ? [i] : []));
  if (active.length === 0 || contribution <= 0) return { levels: [...levels], drops: [] };
  const shares = levels.map((l, i) =>
    active.includes(i) ? Number((BigInt(contribution) * BigInt(l.shareBasisPoints)) / BASIS) : 0,
  );
  const first = active[0] ?? 0;
  shares[first] = (shares[first] ?? 0) + contribution - shares.reduce((a, b) => a + b, 0);
  const drops: JackpotDrop[] = [];
  const next = levels.map((l, i) => {
    const pool = l.pool + (shares[i] ?? 0);
    if (l.state !== "active" || pool < l.dropAt) return { ...l, pool };
    drops.push({ levelIndex: i, amount: pool });
    return { ...l, pool: l.seed };
  });
  return { levels: next, drops };
}

/** SPEC §9: the jackpots are read again every 15 s, hits every 60 s, 10 at a time. */
export const JACKPOT_POLL_MS = 15_000;
export const JACKPOT_HITS_REFETCH_MS = 60_000;
export const JACKPOT_HITS_LIMIT = 10;
/** SPEC §9: a hit is announced 1 s after it is found, so it does not cut into what the player is doing. */
export const JACKPOT_HIT_REACTION_DELAY_MS = 1_000;
