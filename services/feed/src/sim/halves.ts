import type { SettledMarket } from "../model.js";
import type { GoalOutlook } from "./goals.js";
import { bothScore } from "./goals.js";
import { doubleChance, drawNoBet, handicap, threeWay, total, yesNo } from "./line-markets.js";
import { type Shape, settleShape } from "./line-settle.js";
import { difference, type IntDist, sum } from "./lines.js";
import { type PricedMarket, priceMarket } from "./pricing.js";

/**
 * Soccer's half markets: each half is its own little match (the goals scored in it so far and the
 * Poisson goals still to come in it), and half-time/full-time joins the first half to the rest.
 */

interface HalfIds {
  threeWay: number;
  doubleChance: number;
  drawNoBet: number;
  handicap: number;
  total: number;
  homeTotal: number;
  awayTotal: number;
  bothScore: number;
}

export const FIRST_HALF: HalfIds = {
  threeWay: 60,
  doubleChance: 63,
  drawNoBet: 64,
  handicap: 66,
  total: 68,
  homeTotal: 69,
  awayTotal: 70,
  bothScore: 75,
};

export const SECOND_HALF: HalfIds = {
  threeWay: 83,
  doubleChance: 85,
  drawNoBet: 86,
  handicap: 88,
  total: 90,
  homeTotal: 91,
  awayTotal: 92,
  bothScore: 95,
};

const HT_FT = 47;

const HANDICAPS = [-0.5, 0, 0.5];
const TOTALS = [0.5, 1.5, 2.5];
const TEAM_TOTALS = [0.5, 1.5];

/** The markets of one half from the goals scored in it so far and those still to come in it. */
export function priceHalf(ids: HalfIds, o: GoalOutlook, margin: number): PricedMarket[] {
  const diff = difference(o.ph, o.pa, o.home - o.away);
  const goals = sum(o.ph, o.pa, o.home + o.away);
  const out = [
    threeWay(ids.threeWay, diff, margin),
    doubleChance(ids.doubleChance, diff, margin),
    drawNoBet(ids.drawNoBet, diff, margin),
  ];
  for (const hcp of HANDICAPS) out.push(handicap(ids.handicap, diff, hcp, margin));
  for (const line of TOTALS) out.push(total(ids.total, goals, line, margin));
  for (const line of TEAM_TOTALS) {
    out.push(total(ids.homeTotal, { min: o.home, p: o.ph }, line, margin));
    out.push(total(ids.awayTotal, { min: o.away, p: o.pa }, line, margin));
  }
  out.push(yesNo(ids.bothScore, bothScore(o), margin));
  return out;
}

/** 0 home, 1 draw, 2 away. */
function result(diff: number): number {
  return diff > 0 ? 0 : diff === 0 ? 1 : 2;
}

/** The outcome id of a half-time/full-time pair: 418 home/home, 420 home/draw … 434 away/away. */
function htftOutcome(ht: number, ft: number): string {
  return String(418 + 2 * (3 * ht + ft));
}

/**
 * Half-time/full-time from the distribution of the half-time goal difference and of the difference
 * the rest of the match adds to it (independent: Poisson goals in separate stretches of time).
 */
export function priceHtFt(halfTime: IntDist, rest: IntDist, margin: number): PricedMarket {
  const q = new Float64Array(9);
  for (let i = 0; i < halfTime.p.length; i++) {
    const p1 = halfTime.p[i] ?? 0;
    if (p1 === 0) continue;
    const d1 = halfTime.min + i;
    const ht = result(d1);
    for (let j = 0; j < rest.p.length; j++) {
      const p2 = rest.p[j] ?? 0;
      if (p2 === 0) continue;
      const k = 3 * ht + result(d1 + rest.min + j);
      q[k] = (q[k] ?? 0) + p1 * p2;
    }
  }
  const outcomes = [...q].map((p, k) => ({ id: htftOutcome(Math.floor(k / 3), k % 3), q: p }));
  return priceMarket(HT_FT, "", outcomes, margin * 2, { longShots: true });
}

function shapes(ids: HalfIds): [number, Shape][] {
  return [
    [ids.threeWay, "threeWay"],
    [ids.doubleChance, "doubleChance"],
    [ids.drawNoBet, "drawNoBet"],
    [ids.handicap, "handicap"],
    [ids.total, "total"],
    [ids.homeTotal, "homeTotal"],
    [ids.awayTotal, "awayTotal"],
    [ids.bothScore, "bothScore"],
  ];
}
const FIRST_SHAPES = new Map(shapes(FIRST_HALF));
const SECOND_SHAPES = new Map(shapes(SECOND_HALF));

/** Whether a market is about the first half only (settled at half-time). */
export function isFirstHalfGoalMarket(id: number): boolean {
  return FIRST_SHAPES.has(id);
}

/** Settles the offered half markets: first-half ones from the first half's score, and so on. */
export function settleHalves(
  offered: { id: number; specifiers: string }[],
  first: { home: number; away: number },
  second: { home: number; away: number } | undefined,
): SettledMarket[] {
  const out: SettledMarket[] = [];
  for (const m of offered) {
    const one = FIRST_SHAPES.get(m.id);
    if (one) out.push(settleShape(one, m, first.home, first.away));
    const two = SECOND_SHAPES.get(m.id);
    if (two && second) out.push(settleShape(two, m, second.home, second.away));
    if (m.id === HT_FT && second) {
      const ht = result(first.home - first.away);
      const ft = result(first.home + second.home - first.away - second.away);
      const winner = htftOutcome(ht, ft);
      out.push({
        ...m,
        outcomes: [0, 1, 2].flatMap((x) =>
          [0, 1, 2].map(
            (y) => ({ id: htftOutcome(x, y), result: htftOutcome(x, y) === winner ? 1 : 0 }) as const,
          ),
        ),
      });
    }
  }
  return out;
}
