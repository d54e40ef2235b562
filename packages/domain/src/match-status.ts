/** Match status codes of SPEC §4. */
export const MATCH_STATUS = {
  prematch: 0,
  live: 1,
  stopped: 2,
  closed: 3,
  finished: 4,
  notCovered: 5,
} as const;
export type MatchStatus = (typeof MATCH_STATUS)[keyof typeof MATCH_STATUS];

/** Stopped, closed, finished and not covered matches take no bets (SPEC §4). */
export function isMatchAvailable(status: number): boolean {
  return status === MATCH_STATUS.prematch || status === MATCH_STATUS.live;
}

/**
 * Market status codes of SPEC §4, UOF's numbering: allowed (active) and suspended; inactive,
 * handed over, settled and cancelled markets take no bets.
 */
export const MARKET_STATUS = {
  allowed: 1,
  inactive: 0,
  suspended: -1,
  handedOver: -2,
  settled: -3,
  cancelled: -4,
} as const;
export type MarketStatus = (typeof MARKET_STATUS)[keyof typeof MARKET_STATUS];

/** Only allowed markets take bets. */
export function isMarketOpen(status: number): boolean {
  return status === MARKET_STATUS.allowed;
}

/**
 * A market that is over takes no bet again: settled, cancelled, handed over or withdrawn (inactive);
 * a suspended market may reopen.
 */
export function isMarketOver(status: number): boolean {
  return status !== MARKET_STATUS.allowed && status !== MARKET_STATUS.suspended;
}

/** Inactive markets are dropped from lists (SPEC §4). */
export function isMarketListed(status: number): boolean {
  return status !== MARKET_STATUS.inactive;
}

/** Closed and finished matches are over: no later update brings them back. */
function isOver(status: number): boolean {
  return status === MATCH_STATUS.closed || status === MATCH_STATUS.finished;
}

/**
 * The status a match shows after an update (SPEC §4 live merges): an update without a status keeps
 * the last one, and a match never moves backwards — a started match does not return to prematch and
 * a match that is over stays over (a late or reordered message cannot revive it).
 */
export function mergeMatchStatus(
  current: number | undefined,
  incoming: number | undefined,
): number | undefined {
  if (incoming === undefined) return current;
  if (current === undefined) return incoming;
  if (incoming === MATCH_STATUS.prematch && current !== MATCH_STATUS.prematch) return current;
  if (isOver(current) && !isOver(incoming)) return current;
  return incoming;
}
