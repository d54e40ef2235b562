/**
 * Points of the half interval a first ping may fall on. Node keeps one timer list per distinct
 * delay and orders the lists in a priority queue, so thousands of connections opened together
 * with delays to the millisecond cost thousands of lists; fifty points (every 250 ms of a 25 s
 * interval) spread the pings as well and cost fifty.
 */
const FIRST_PING_SLOTS = 50;

/**
 * Delay of a connection's first server ping: a point of the second half of the interval picked
 * by `random` (in [0, 1)), as Centrifuge does, so connections opened together are not pinged
 * together for ever after.
 */
export function firstPingDelay(intervalMs: number, random: number): number {
  const share = Math.min(Math.max(random, 0), 1);
  const slot = Math.min(FIRST_PING_SLOTS - 1, Math.floor(share * FIRST_PING_SLOTS));
  const half = intervalMs / 2;
  return Math.floor(half + (half * slot) / FIRST_PING_SLOTS);
}
