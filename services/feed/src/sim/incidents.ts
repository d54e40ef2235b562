import type { SettledMarket } from "../model.js";
import { handicap, threeWay, total, yesNo } from "./line-markets.js";
import { type Shape, settleShape } from "./line-settle.js";
import { difference, poisson, sum, weighted } from "./lines.js";
import type { PricedMarket } from "./pricing.js";
import type { Rng } from "./prng.js";

/**
 * Corners and bookings of a soccer match: each team's corners, yellow and red cards arrive as
 * Poisson processes over regulation time, counted per half. A booking is worth one point for a
 * yellow card and two for a red, as the booking markets count them.
 */

/** Expected counts per team over regulation time. */
export interface IncidentRates {
  corners: [number, number];
  yellows: [number, number];
  reds: [number, number];
}

type Pair = [number, number];

const CORNER_1X2 = 162;
const CORNER_HANDICAP = 165;
const TOTAL_CORNERS = 166;
const FIRST_HALF_CORNER_1X2 = 173;
const FIRST_HALF_TOTAL_CORNERS = 177;
const BOOKING_1X2 = 136;
const TOTAL_BOOKINGS = 139;
const SENDING_OFF = 146;
const FIRST_HALF_BOOKING_1X2 = 149;

/** What each market counts, over which stretch, and its shape. */
const MARKETS: Record<number, { count: "corners" | "bookings" | "reds"; firstHalf: boolean; shape: Shape }> =
  {
    [CORNER_1X2]: { count: "corners", firstHalf: false, shape: "threeWay" },
    [CORNER_HANDICAP]: { count: "corners", firstHalf: false, shape: "handicap" },
    [TOTAL_CORNERS]: { count: "corners", firstHalf: false, shape: "total" },
    [FIRST_HALF_CORNER_1X2]: { count: "corners", firstHalf: true, shape: "threeWay" },
    [FIRST_HALF_TOTAL_CORNERS]: { count: "corners", firstHalf: true, shape: "total" },
    [BOOKING_1X2]: { count: "bookings", firstHalf: false, shape: "threeWay" },
    [TOTAL_BOOKINGS]: { count: "bookings", firstHalf: false, shape: "total" },
    [SENDING_OFF]: { count: "reds", firstHalf: false, shape: "any" },
    [FIRST_HALF_BOOKING_1X2]: { count: "bookings", firstHalf: true, shape: "threeWay" },
  };

export function isFirstHalfIncidentMarket(id: number): boolean {
  return MARKETS[id]?.firstHalf === true;
}

/** Lines around the expected value: `n` lines a whole unit apart, the middle one just above it. */
function linesAround(expected: number, n: number, step: number): number[] {
  const mid = Math.floor(expected) + 0.5;
  return Array.from({ length: n }, (_, i) => mid + (i - (n - 1) / 2) * step);
}

export class Incidents {
  /** per half: [home, away] */
  private readonly corners: Pair[] = [
    [0, 0],
    [0, 0],
  ];
  private readonly bookings: Pair[] = [
    [0, 0],
    [0, 0],
  ];
  private readonly reds: Pair[] = [
    [0, 0],
    [0, 0],
  ];
  private readonly cornerTotals: number[];
  private readonly cornerHandicaps: number[];
  private readonly halfCornerTotals: number[];
  private readonly bookingTotals: number[];

  constructor(private readonly rates: IncidentRates) {
    const [ch, ca] = rates.corners;
    this.cornerTotals = linesAround(ch + ca, 3, 2);
    this.halfCornerTotals = linesAround((ch + ca) / 2, 2, 1);
    // the home side's handicap: minus its expected lead, on a half line
    this.cornerHandicaps = linesAround(ca - ch, 3, 2);
    const [yh, ya] = rates.yellows;
    const [rh, ra] = rates.reds;
    this.bookingTotals = linesAround(yh + ya + 2 * (rh + ra), 3, 1);
  }

  /** Plays `share` of regulation time in half `half` (0 or 1); true when anything happened. */
  tick(rng: Rng, share: number, half: 0 | 1): boolean {
    let any = false;
    for (const t of [0, 1] as const) {
      if (rng.chance(this.rates.corners[t] * share)) {
        this.add(this.corners, half, t, 1);
        any = true;
      }
      if (rng.chance(this.rates.yellows[t] * share)) {
        this.add(this.bookings, half, t, 1);
        any = true;
      } else if (rng.chance(this.rates.reds[t] * share)) {
        this.add(this.bookings, half, t, 2);
        this.add(this.reds, half, t, 1);
        any = true;
      }
    }
    return any;
  }

  private add(counts: Pair[], half: 0 | 1, team: 0 | 1, n: number): void {
    const pair = counts[half];
    if (pair) pair[team] += n;
  }

  /** Counts so far: the first half's, or the whole match's. */
  count(kind: "corners" | "bookings" | "reds", firstHalf: boolean): Pair {
    const list = kind === "corners" ? this.corners : kind === "bookings" ? this.bookings : this.reds;
    const [a, b] = list;
    if (!a || !b) return [0, 0];
    return firstHalf ? [a[0], a[1]] : [a[0] + b[0], a[1] + b[1]];
  }

  /**
   * Prices corner and booking markets from the counts so far and the shares of regulation time
   * left in the first half and in the whole match; first-half markets only while it is played.
   */
  price(firstHalfLeft: number, matchLeft: number, inFirstHalf: boolean, margin: number): PricedMarket[] {
    const r = this.rates;
    const out: PricedMarket[] = [];
    const [ch, ca] = this.count("corners", false);
    const cH = poisson(r.corners[0] * matchLeft, 20);
    const cA = poisson(r.corners[1] * matchLeft, 20);
    const cornerDiff = difference(cH, cA, ch - ca);
    const cornerSum = sum(cH, cA, ch + ca);
    out.push(threeWay(CORNER_1X2, cornerDiff, margin));
    for (const hcp of this.cornerHandicaps) out.push(handicap(CORNER_HANDICAP, cornerDiff, hcp, margin));
    for (const line of this.cornerTotals) out.push(total(TOTAL_CORNERS, cornerSum, line, margin));

    const [bh, ba] = this.count("bookings", false);
    const bH = weighted(poisson(r.yellows[0] * matchLeft, 10), poisson(r.reds[0] * matchLeft, 3));
    const bA = weighted(poisson(r.yellows[1] * matchLeft, 10), poisson(r.reds[1] * matchLeft, 3));
    out.push(threeWay(BOOKING_1X2, difference(bH, bA, bh - ba), margin));
    const bookingSum = sum(bH, bA, bh + ba);
    for (const line of this.bookingTotals) out.push(total(TOTAL_BOOKINGS, bookingSum, line, margin));
    const [rh, ra] = this.count("reds", false);
    const noRed = Math.exp(-(r.reds[0] + r.reds[1]) * matchLeft);
    out.push(yesNo(SENDING_OFF, rh + ra > 0 ? 1 : 1 - noRed, margin));

    if (inFirstHalf) {
      const [fh, fa] = this.count("corners", true);
      const fH = poisson(r.corners[0] * firstHalfLeft, 14);
      const fA = poisson(r.corners[1] * firstHalfLeft, 14);
      out.push(threeWay(FIRST_HALF_CORNER_1X2, difference(fH, fA, fh - fa), margin));
      const firstSum = sum(fH, fA, fh + fa);
      for (const line of this.halfCornerTotals)
        out.push(total(FIRST_HALF_TOTAL_CORNERS, firstSum, line, margin));
      const [gh, ga] = this.count("bookings", true);
      const gH = weighted(poisson(r.yellows[0] * firstHalfLeft, 8), poisson(r.reds[0] * firstHalfLeft, 2));
      const gA = weighted(poisson(r.yellows[1] * firstHalfLeft, 8), poisson(r.reds[1] * firstHalfLeft, 2));
      out.push(threeWay(FIRST_HALF_BOOKING_1X2, difference(gH, gA, gh - ga), margin));
    }
    return out;
  }

  /** Settles the offered corner and booking markets from the counts (first-half ones from the first half). */
  settle(offered: { id: number; specifiers: string }[]): SettledMarket[] {
    const out: SettledMarket[] = [];
    for (const m of offered) {
      const def = MARKETS[m.id];
      if (!def) continue;
      const [h, a] = this.count(def.count, def.firstHalf);
      out.push(settleShape(def.shape, m, h, a));
    }
    return out;
  }
}
