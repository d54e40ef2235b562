import { ODDS_SCALE } from "@sportsbook/domain";
import { type IntDist, odd, side, signs } from "./lines.js";
import { MAX_ODDS, MIN_ODDS, type PricedMarket, priceMarket } from "./pricing.js";

/**
 * The market shapes every count sport shares (goals, corners, bookings; whole match or one half):
 * three-way result, double chance, draw no bet, handicap, total, yes/no, odd/even. Each takes the
 * distributions it needs and the market id of its period, so one builder serves 1x2, 1st half - 1x2,
 * corner 1x2 and booking 1x2 alike.
 */

/** A specifier value as the catalogue writes it: `2.5`, `-0.75`, `0`. */
function lineText(n: number): string {
  return String(n === 0 ? 0 : n);
}

// the same few lines are written for every match every pulse: each specifier string is made once
const specifiers = new Map<string, Map<number, string>>();
function specifier(key: "hcp" | "total", n: number): string {
  let byLine = specifiers.get(key);
  if (!byLine) {
    byLine = new Map();
    specifiers.set(key, byLine);
  }
  let s = byLine.get(n);
  if (s === undefined) {
    s = `${key}=${lineText(n)}`;
    byLine.set(n, s);
  }
  return s;
}

export function threeWay(id: number, diff: IntDist, margin: number): PricedMarket {
  const [h, d, a] = signs(diff);
  return priceMarket(
    id,
    "",
    [
      { id: "1", q: h },
      { id: "2", q: d },
      { id: "3", q: a },
    ],
    margin,
  );
}

/** Double chance: each outcome covers two results, so each is priced on its own probability. */
export function doubleChance(id: number, diff: IntDist, margin: number): PricedMarket {
  const [h, d, a] = signs(diff);
  const qs = [h + d, h + a, d + a];
  const ids = ["9", "10", "11"];
  const outcomes = qs.map((q, i) => {
    const oid = ids[i] ?? "";
    if (q <= 1e-9 || q >= 0.99) return { id: oid, odds: null, active: false };
    // a vanishing probability is quoted at the top of the ladder, as every other market is
    const odds = Math.min(MAX_ODDS, Math.floor(ODDS_SCALE / (q * (1 + margin / 2)) / 10) * 10);
    return { id: oid, odds: Math.max(MIN_ODDS, odds), active: true };
  });
  const status = outcomes.some((o) => !o.active) ? 0 : 1;
  return { market: { id, specifiers: "", status, outcomes }, fair: qs.map((q) => q / 2) };
}

export function drawNoBet(id: number, diff: IntDist, margin: number): PricedMarket {
  const [h, , a] = signs(diff);
  return priceMarket(
    id,
    "",
    [
      { id: "4", q: h },
      { id: "5", q: a },
    ],
    margin,
  );
}

/** Home side +hcp (1714) against away side −hcp (1715), on the distribution of home − away. */
export function handicap(id: number, diff: IntDist, hcp: number, margin: number): PricedMarket {
  return priceMarket(
    id,
    specifier("hcp", hcp),
    [
      { id: "1714", q: side(diff, 1, hcp) },
      { id: "1715", q: side(diff, -1, -hcp) },
    ],
    margin,
  );
}

/** Over (12) and under (13) a line, on the distribution of the final count. */
export function total(id: number, dist: IntDist, line: number, margin: number): PricedMarket {
  return priceMarket(
    id,
    specifier("total", line),
    [
      { id: "12", q: side(dist, 1, -line) },
      { id: "13", q: side(dist, -1, line) },
    ],
    margin,
  );
}

export function yesNo(id: number, yes: number, margin: number): PricedMarket {
  return priceMarket(
    id,
    "",
    [
      { id: "74", q: yes },
      { id: "76", q: 1 - yes },
    ],
    margin,
  );
}

export function oddEven(id: number, dist: IntDist, margin: number): PricedMarket {
  const q = odd(dist);
  return priceMarket(
    id,
    "",
    [
      { id: "70", q },
      { id: "72", q: 1 - q },
    ],
    margin,
  );
}
