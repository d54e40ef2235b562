import type { Rng } from "./prng.js";

/**
 * The run of play as a live trader reads it: pressure, momentum, a player looking tired. Between
 * the events a model plays (goals, points, rounds) live prices still move; here that is one number
 * per match, a lean in log-odds towards the home side that takes a small step every pulse and
 * drifts back towards none. It moves prices only; what happens on the pitch stays the model's.
 */

/** How often a live match is revisited, in match time: prices move at least this often. */
export const PULSE_MS = 10_000;

/** Size of each step of the lean, in log-odds. */
const STEP = 0.05;
/** Share of the lean kept from one pulse to the next: it settles around ±0.11. */
const KEEP = 0.9;

/** The lean after one more pulse. A fixed step size keeps every pulse a visible move. */
export function nextEdge(rng: Rng, edge: number): number {
  return edge * KEEP + (rng.chance(0.5) ? STEP : -STEP);
}

/** A probability leaned by `x` in log-odds. */
export function leaned(p: number, x: number): number {
  return 1 / (1 + ((1 - p) / p) * Math.exp(-x));
}
