import { CORRECT_SCORE_OTHER, CORRECT_SCORES, correctScoreOutcomeId } from "../markets.js";
import type { SettledMarket } from "../model.js";
import { doubleChance, drawNoBet, handicap, oddEven, threeWay, total, yesNo } from "./line-markets.js";
import { type Shape, settleShape } from "./line-settle.js";
import { difference, poisson, signs, sum } from "./lines.js";
import { type PricedMarket, priceMarket } from "./pricing.js";

/** Markets of goal sports (soccer, ice hockey) priced from a Poisson model of the goals still to come. */

export interface GoalState {
  home: number;
  away: number;
  /** Expected goals for the rest of regulation time. */
  lambdaHome: number;
  lambdaAway: number;
}

export interface GoalMarketSet {
  threeWay: boolean;
  /** double chance and draw no bet */
  doubleChance: boolean;
  totals: number[];
  /** lines of each team's own total (markets 19 and 20) */
  teamTotals: number[];
  oddEven: boolean;
  handicaps: number[];
  correctScore: boolean;
  btts: boolean;
  nextGoal: boolean;
  /** ice hockey: a 2-way winner including overtime and penalties (market 406) */
  winnerInclOvertime: boolean;
}

export const SOCCER_MARKETS: GoalMarketSet = {
  threeWay: true,
  doubleChance: true,
  totals: [0.5, 1.5, 2.25, 2.5, 2.75, 3.5, 4.5],
  teamTotals: [0.5, 1.5, 2.5],
  oddEven: true,
  handicaps: [-1.5, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 1, 1.5],
  correctScore: true,
  btts: true,
  nextGoal: true,
  winnerInclOvertime: false,
};

export const HOCKEY_MARKETS: GoalMarketSet = {
  threeWay: true,
  doubleChance: false,
  totals: [4.5, 5.5, 6.5],
  teamTotals: [],
  oddEven: false,
  handicaps: [-1.5, 1.5],
  correctScore: false,
  btts: false,
  nextGoal: false,
  winnerInclOvertime: true,
};

/** The goals each side still scores, and the score they add to. */
export interface GoalOutlook {
  home: number;
  away: number;
  ph: Float64Array;
  pa: Float64Array;
}

function outlook(s: GoalState): GoalOutlook {
  return { home: s.home, away: s.away, ph: poisson(s.lambdaHome), pa: poisson(s.lambdaAway) };
}

/** P(both sides end with a goal): each side has one already or scores one of its goals to come. */
export function bothScore(o: GoalOutlook): number {
  return (o.home > 0 ? 1 : 1 - (o.ph[0] ?? 0)) * (o.away > 0 ? 1 : 1 - (o.pa[0] ?? 0));
}

export function priceGoals(s: GoalState, set: GoalMarketSet, margin: number): PricedMarket[] {
  const o = outlook(s);
  const diff = difference(o.ph, o.pa, s.home - s.away);
  const goals = sum(o.ph, o.pa, s.home + s.away);
  const out: PricedMarket[] = [];
  if (set.threeWay) out.push(threeWay(1, diff, margin));
  if (set.doubleChance) out.push(doubleChance(10, diff, margin), drawNoBet(11, diff, margin));
  if (set.winnerInclOvertime) {
    // overtime and penalties split a tie in proportion to the teams' scoring rates
    const [pH, pD, pA] = signs(diff);
    const share = s.lambdaHome / Math.max(1e-9, s.lambdaHome + s.lambdaAway);
    out.push(
      priceMarket(
        406,
        "",
        [
          { id: "4", q: pH + pD * share },
          { id: "5", q: pA + pD * (1 - share) },
        ],
        margin,
      ),
    );
  }
  for (const line of set.totals) out.push(total(18, goals, line, margin));
  for (const hcp of set.handicaps) out.push(handicap(16, diff, hcp, margin));
  for (const line of set.teamTotals) {
    out.push(total(19, { min: s.home, p: o.ph }, line, margin));
    out.push(total(20, { min: s.away, p: o.pa }, line, margin));
  }
  if (set.btts) out.push(yesNo(29, bothScore(o), margin));
  if (set.oddEven) out.push(oddEven(26, goals, margin));
  if (set.correctScore) {
    let listed = 0;
    const outcomes = CORRECT_SCORES.map(([h, a]) => {
      const q = h < s.home || a < s.away ? 0 : (o.ph[h - s.home] ?? 0) * (o.pa[a - s.away] ?? 0);
      listed += q;
      return { id: correctScoreOutcomeId(h, a), q };
    });
    outcomes.push({ id: CORRECT_SCORE_OTHER, q: Math.max(0, 1 - listed) });
    out.push(priceMarket(45, "", outcomes, margin * 2, { longShots: true }));
  }
  if (set.nextGoal) {
    const rest = s.lambdaHome + s.lambdaAway;
    const none = Math.exp(-rest);
    const scored = 1 - none;
    out.push(
      priceMarket(
        8,
        `goalnr=${s.home + s.away + 1}`,
        [
          { id: "6", q: (scored * s.lambdaHome) / Math.max(1e-9, rest) },
          { id: "7", q: none },
          { id: "8", q: (scored * s.lambdaAway) / Math.max(1e-9, rest) },
        ],
        margin,
        { longShots: true },
      ),
    );
  }
  return out;
}

/** The shape of each full-time goal market, for settling it from the final score. */
const FULL_TIME: Record<number, Shape> = {
  1: "threeWay",
  10: "doubleChance",
  11: "drawNoBet",
  16: "handicap",
  18: "total",
  19: "homeTotal",
  20: "awayTotal",
  26: "oddEven",
  29: "bothScore",
};

/** Settles every goal market that was offered, from the final (regulation) score. */
export function settleGoals(
  offered: { id: number; specifiers: string }[],
  final: { home: number; away: number },
  winnerAfterOvertime: "home" | "away",
): SettledMarket[] {
  const { home: h, away: a } = final;
  const out: SettledMarket[] = [];
  for (const m of offered) {
    const shape = FULL_TIME[m.id];
    if (shape) out.push(settleShape(shape, m, h, a));
    else if (m.id === 406)
      out.push({
        ...m,
        outcomes: [
          { id: "4", result: winnerAfterOvertime === "home" ? 1 : 0 },
          { id: "5", result: winnerAfterOvertime === "away" ? 1 : 0 },
        ],
      });
    else if (m.id === 45) {
      const winner = correctScoreOutcomeId(h, a);
      const ids = [...CORRECT_SCORES.map(([x, y]) => correctScoreOutcomeId(x, y)), CORRECT_SCORE_OTHER];
      out.push({ ...m, outcomes: ids.map((id) => ({ id, result: id === winner ? 1 : 0 })) });
    }
  }
  return out;
}
