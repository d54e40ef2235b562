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
  /**
   * Prices every market offered now. `edge` is the run of play as the live trader reads it (see
   * `run-of-play.ts`): a log-odds lean towards the home side, 0 for none, that each sport turns
   * into its own strength parameter.
   */
  price(margin: number, edge: number): PricedMarket[];
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
  // by market id, then specifiers: no key string is built for the markets priced every pulse
  private readonly seen = new Map<number, Map<string, { id: number; specifiers: string }>>();
  note(markets: PricedMarket[]): PricedMarket[] {
    for (const { market: m } of markets) {
      let specs = this.seen.get(m.id);
      if (!specs) {
        specs = new Map();
        this.seen.set(m.id, specs);
      }
      if (!specs.has(m.specifiers)) specs.set(m.specifiers, { id: m.id, specifiers: m.specifiers });
    }
    return markets;
  }
  forget(id: number, specifiers: string): void {
    this.seen.get(id)?.delete(specifiers);
  }
  list(): { id: number; specifiers: string }[] {
    const out: { id: number; specifiers: string }[] = [];
    for (const specs of this.seen.values()) out.push(...specs.values());
    return out;
  }
}
