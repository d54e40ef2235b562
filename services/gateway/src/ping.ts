/**
 * Delay of a connection's first server ping: a point of the second half of the interval picked
 * by `random` (in [0, 1)), as Centrifuge does, so connections opened together are not pinged
 * together for ever after.
 */
export function firstPingDelay(intervalMs: number, random: number): number {
  const share = Math.min(Math.max(random, 0), 1);
  const half = intervalMs / 2;
  return Math.min(intervalMs - 1, Math.floor(half + half * share));
}
