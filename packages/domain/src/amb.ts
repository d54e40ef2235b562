/**
 * Freebet "amb" progress (SPEC §3): each qualifying bet moves the player along a bar; reaching a
 * range's number of bets earns its number of freebets. Ranges are milestones on one count, each
 * earned once.
 */
export interface AmbRange {
  readonly numberOfBets: number;
  readonly numberOfFreebets: number;
}

export interface AmbRule {
  readonly currency: string;
  /** Minor units of `currency`. */
  readonly minStake: number;
  /** Total odds × 1000. */
  readonly minOdds: number;
}

/** Whether a bet moves the bar: in the rule's currency, staked and priced at or above its minimums. */
export function countsForAmb(
  rule: AmbRule,
  bet: { currency: string; stake: number; odds: number; paidByFreebet: boolean },
): boolean {
  return (
    !bet.paidByFreebet &&
    bet.currency === rule.currency &&
    bet.stake >= rule.minStake &&
    bet.odds >= rule.minOdds
  );
}

/** The freebets earned by moving from `before` to `after` qualifying bets. */
export function freebetsEarned(ranges: readonly AmbRange[], before: number, after: number): number {
  return ranges
    .filter((r) => r.numberOfBets > before && r.numberOfBets <= after)
    .reduce((n, r) => n + r.numberOfFreebets, 0);
}

/** The last milestone: the bar is full there. */
export function ambTarget(ranges: readonly AmbRange[]): number {
  return Math.max(0, ...ranges.map((r) => r.numberOfBets));
}
