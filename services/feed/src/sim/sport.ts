import type { SettledMarket, SportEventStatus } from "../model.js";
import type { PricedMarket } from "./pricing.js";
import type { Rng } from "./prng.js";

/** Something that happened in a tick that the feed reacts to. */
export type Happening =
  | { type: "danger"; betstopReason: number }
  | { type: "score" }
  | { type: "period" }
  /** markets decided during play (next goal, a finished set or map) */
  | { type: "settle"; markets: SettledMarket[] };

/** The live state of one match of one sport: advances, reports its status, prices and settles itself. */
export interface LiveModel {
  /** Game time between ticks, in ms of simulated time. */
  readonly tickMs: number;
  tick(rng: Rng): Happening[];
  status(): SportEventStatus;
  price(margin: number): PricedMarket[];
  /** Settles every market offered so far from the final state (call once finished). */
  settle(): SettledMarket[];
  finished(): boolean;
  /** The status to announce before the first tick (prematch). */
  prematchStatus(): SportEventStatus;
}

export function mmss(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** Remembers which (market, specifiers) were ever offered so settlement covers them all. */
export class Offered {
  private readonly seen = new Map<string, { id: number; specifiers: string }>();
  note(markets: PricedMarket[]): PricedMarket[] {
    for (const m of markets) {
      const key = `${m.market.id}/${m.market.specifiers}`;
      if (!this.seen.has(key)) this.seen.set(key, { id: m.market.id, specifiers: m.market.specifiers });
    }
    return markets;
  }
  forget(id: number, specifiers: string): void {
    this.seen.delete(`${id}/${specifiers}`);
  }
  list(): { id: number; specifiers: string }[] {
    return [...this.seen.values()];
  }
}
