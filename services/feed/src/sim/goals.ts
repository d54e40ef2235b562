import { CORRECT_SCORE_OTHER, CORRECT_SCORES, correctScoreOutcomeId } from "../markets.js";
import type { SettledMarket } from "../model.js";
import { finalScores, sumWhere } from "./poisson.js";
import {
  lineProbability,
  MAX_ODDS,
  MIN_ODDS,
  type PricedMarket,
  priceMarket,
  settleLine,
} from "./pricing.js";

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
  totals: number[];
  handicaps: number[];
  correctScore: boolean;
  btts: boolean;
  nextGoal: boolean;
  /** ice hockey: a 2-way winner including overtime and penalties (market 406) */
  winnerInclOvertime: boolean;
}

export const SOCCER_MARKETS: GoalMarketSet = {
  threeWay: true,
  totals: [0.5, 1.5, 2.25, 2.5, 2.75, 3.5, 4.5],
  handicaps: [-1.5, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 1, 1.5],
  correctScore: true,
  btts: true,
  nextGoal: true,
  winnerInclOvertime: false,
};

export const HOCKEY_MARKETS: GoalMarketSet = {
  threeWay: true,
  totals: [4.5, 5.5, 6.5],
  handicaps: [-1.5, 1.5],
  correctScore: false,
  btts: false,
  nextGoal: false,
  winnerInclOvertime: true,
};

function fmt(n: number): string {
  return String(n);
}

export function priceGoals(s: GoalState, set: GoalMarketSet, margin: number): PricedMarket[] {
  const dist = finalScores(s.home, s.away, s.lambdaHome, s.lambdaAway);
  const out: PricedMarket[] = [];
  const pH = sumWhere(dist, (x) => x.h > x.a);
  const pD = sumWhere(dist, (x) => x.h === x.a);
  const pA = sumWhere(dist, (x) => x.h < x.a);
  if (set.threeWay) {
    out.push(
      priceMarket(
        1,
        "",
        [
          { id: "1", q: pH },
          { id: "2", q: pD },
          { id: "3", q: pA },
        ],
        margin,
      ),
    );
  }
  if (set === SOCCER_MARKETS) {
    // double chance: each outcome covers two results, so fair probabilities sum to 2; normalise per pair
    const dc = priceMarket(
      10,
      "",
      [
        { id: "9", q: pH + pD },
        { id: "10", q: pH + pA },
        { id: "11", q: pD + pA },
      ],
      margin,
    );
    out.push(doubleChance(dc, [pH + pD, pH + pA, pD + pA], margin));
    out.push(
      priceMarket(
        11,
        "",
        [
          { id: "4", q: pH },
          { id: "5", q: pA },
        ],
        margin,
      ),
    );
  }
  if (set.winnerInclOvertime) {
    // overtime and penalties split a tie in proportion to the teams' scoring rates
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
  const goals = dist.map((x) => ({ diff: x.h + x.a, p: x.p }));
  const negGoals = dist.map((x) => ({ diff: -(x.h + x.a), p: x.p }));
  for (const total of set.totals) {
    out.push(
      priceMarket(
        18,
        `total=${fmt(total)}`,
        [
          { id: "12", q: lineProbability(goals, -total) },
          { id: "13", q: lineProbability(negGoals, total) },
        ],
        margin,
      ),
    );
  }
  const diff = dist.map((x) => ({ diff: x.h - x.a, p: x.p }));
  const negDiff = dist.map((x) => ({ diff: x.a - x.h, p: x.p }));
  for (const hcp of set.handicaps) {
    out.push(
      priceMarket(
        16,
        `hcp=${fmt(hcp)}`,
        [
          { id: "1714", q: lineProbability(diff, hcp) },
          { id: "1715", q: lineProbability(negDiff, -hcp) },
        ],
        margin,
      ),
    );
  }
  if (set.btts) {
    const yes = sumWhere(dist, (x) => x.h > 0 && x.a > 0);
    out.push(
      priceMarket(
        29,
        "",
        [
          { id: "74", q: yes },
          { id: "76", q: 1 - yes },
        ],
        margin,
      ),
    );
  }
  if (set.correctScore) {
    const outcomes = CORRECT_SCORES.map(([h, a]) => ({
      id: correctScoreOutcomeId(h, a),
      q: sumWhere(dist, (x) => x.h === h && x.a === a),
    }));
    outcomes.push({ id: CORRECT_SCORE_OTHER, q: sumWhere(dist, (x) => x.h > 4 || x.a > 4) });
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

/** Double chance odds: each outcome is priced on its own probability (they overlap by design). */
function doubleChance(base: PricedMarket, qs: number[], margin: number): PricedMarket {
  const outcomes = base.market.outcomes.map((o, i) => {
    const q = qs[i] ?? 0;
    if (q <= 1e-9 || q >= 0.99) return { ...o, odds: null, active: false };
    const odds = Math.floor(1000 / (q * (1 + margin / 2)) / 10) * 10;
    // priced on its own, a vanishing probability would run past the top of the price ladder
    return { ...o, odds: Math.min(MAX_ODDS, Math.max(MIN_ODDS, odds)), active: true };
  });
  const status = outcomes.some((o) => !o.active) ? 0 : 1;
  return { market: { ...base.market, status, outcomes }, fair: qs.map((q) => q / 2) };
}

/** Settles every goal market that was offered, from the final (regulation) score. */
export function settleGoals(
  offered: { id: number; specifiers: string }[],
  final: { home: number; away: number },
  winnerAfterOvertime: "home" | "away",
): SettledMarket[] {
  const { home: h, away: a } = final;
  const win = (b: boolean) => ({ result: (b ? 1 : 0) as 1 | 0 });
  const out: SettledMarket[] = [];
  for (const m of offered) {
    const spec = m.specifiers;
    const val = Number(spec.split("=")[1]);
    switch (m.id) {
      case 1:
        out.push({
          ...m,
          outcomes: [
            { id: "1", ...win(h > a) },
            { id: "2", ...win(h === a) },
            { id: "3", ...win(h < a) },
          ],
        });
        break;
      case 10:
        out.push({
          ...m,
          outcomes: [
            { id: "9", ...win(h >= a) },
            { id: "10", ...win(h !== a) },
            { id: "11", ...win(h <= a) },
          ],
        });
        break;
      case 11:
        out.push(
          h === a
            ? {
                ...m,
                outcomes: [
                  { id: "4", result: 0, voidFactor: 1 },
                  { id: "5", result: 0, voidFactor: 1 },
                ],
              }
            : {
                ...m,
                outcomes: [
                  { id: "4", ...win(h > a) },
                  { id: "5", ...win(h < a) },
                ],
              },
        );
        break;
      case 406:
        out.push({
          ...m,
          outcomes: [
            { id: "4", ...win(winnerAfterOvertime === "home") },
            { id: "5", ...win(winnerAfterOvertime === "away") },
          ],
        });
        break;
      case 18:
        out.push({
          ...m,
          outcomes: [
            { id: "12", ...settleLine(h + a - val, -val) },
            { id: "13", ...settleLine(val - h - a, val) },
          ],
        });
        break;
      case 16:
        out.push({
          ...m,
          outcomes: [
            { id: "1714", ...settleLine(h - a + val, val) },
            { id: "1715", ...settleLine(a - h - val, -val) },
          ],
        });
        break;
      case 29:
        out.push({
          ...m,
          outcomes: [
            { id: "74", ...win(h > 0 && a > 0) },
            { id: "76", ...win(!(h > 0 && a > 0)) },
          ],
        });
        break;
      case 45: {
        const winner = correctScoreOutcomeId(h, a);
        const ids = [...CORRECT_SCORES.map(([x, y]) => correctScoreOutcomeId(x, y)), CORRECT_SCORE_OTHER];
        out.push({ ...m, outcomes: ids.map((id) => ({ id, ...win(id === winner) })) });
        break;
      }
      default:
        break;
    }
  }
  return out;
}
