import { ODDS_SCALE, type Odds } from "./odds.js";

// The score model of goal sports: the goals each side still scores are independent Poisson counts.
// Probabilities are floats (they are estimates); a price leaves this module only as integer odds.

/** A match as the model sees it: the score now and the goals each side is expected to add. */
export interface ScoreState {
  readonly home: number;
  readonly away: number;
  readonly lambdaHome: number;
  readonly lambdaAway: number;
}

/** One final score and its probability. */
export interface ScoreCell {
  readonly h: number;
  readonly a: number;
  readonly p: number;
}

/** P(k) for k = 0 … max−1, the tail folded into k = max so the list sums to 1. */
export function poissonPmf(lambda: number, max = 12): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < max; k++) {
    out.push(p);
    sum += p;
    p = (p * lambda) / (k + 1);
  }
  out.push(Math.max(0, 1 - sum));
  return out;
}

/** The joint distribution of final scores. */
export function scoreDistribution(s: ScoreState): ScoreCell[] {
  const ph = poissonPmf(s.lambdaHome);
  const pa = poissonPmf(s.lambdaAway);
  const out: ScoreCell[] = [];
  for (let i = 0; i < ph.length; i++)
    for (let j = 0; j < pa.length; j++) {
      const p = (ph[i] ?? 0) * (pa[j] ?? 0);
      if (p > 0) out.push({ h: s.home + i, a: s.away + j, p });
    }
  return out;
}

/** Whether a bet leg wins with this final score. */
export type ScoreLeg = (h: number, a: number) => boolean;

/** A half line such as `total=2.5` or `hcp=-1.5` (whole and quarter lines can push, which one score cannot say). */
export function halfLine(specifier: string, key: string): number | undefined {
  const m = new RegExp(`(?:^|\\|)${key}=(-?\\d+(?:\\.\\d+)?)(?:$|\\|)`).exec(specifier);
  const v = m ? Number(m[1]) : Number.NaN;
  return Number.isFinite(v) && Math.abs(v % 1) === 0.5 ? v : undefined;
}

/**
 * The leg of a UOF soccer outcome that the final score decides on its own: 1x2 (1), double chance
 * (10), half-line handicap (16) and total (18), both teams to score (29). Anything else — draw no bet,
 * whole or quarter lines, next goal, correct score — is not a leg the builder prices: undefined.
 */
export function scoreLeg(marketId: number, specifier: string, outcomeId: string): ScoreLeg | undefined {
  switch (`${marketId}/${outcomeId}`) {
    case "1/1":
      return (h, a) => h > a;
    case "1/2":
      return (h, a) => h === a;
    case "1/3":
      return (h, a) => h < a;
    case "10/9":
      return (h, a) => h >= a;
    case "10/10":
      return (h, a) => h !== a;
    case "10/11":
      return (h, a) => h <= a;
    case "29/74":
      return (h, a) => h > 0 && a > 0;
    case "29/76":
      return (h, a) => h === 0 || a === 0;
  }
  if (marketId === 18) {
    const total = halfLine(specifier, "total");
    if (total === undefined) return undefined;
    if (outcomeId === "12") return (h, a) => h + a > total;
    if (outcomeId === "13") return (h, a) => h + a < total;
  }
  if (marketId === 16) {
    const hcp = halfLine(specifier, "hcp");
    if (hcp === undefined) return undefined;
    if (outcomeId === "1714") return (h, a) => h - a + hcp > 0;
    if (outcomeId === "1715") return (h, a) => a - h - hcp > 0;
  }
  return undefined;
}

/** True when the builder can price outcomes of this market (the leg is known for some outcome). */
export function isBuilderMarket(marketId: number, specifier: string): boolean {
  const probe: Record<number, string> = { 1: "1", 10: "9", 16: "1714", 18: "12", 29: "74" };
  const outcome = probe[marketId];
  return outcome !== undefined && scoreLeg(marketId, specifier, outcome) !== undefined;
}

/** The probability that every leg wins together. */
export function jointProbability(dist: readonly ScoreCell[], legs: readonly ScoreLeg[]): number {
  let p = 0;
  for (const c of dist) if (legs.every((win) => win(c.h, c.a))) p += c.p;
  return p;
}

/**
 * Integer odds for a probability with the operator's margin (odds = 1 / (p × (1 + margin)), rounded
 * down to the thousandth); undefined when the event is impossible or the price would not pay.
 */
export function oddsForProbability(p: number, margin: number): Odds | undefined {
  if (!(p > 0) || !(margin >= 0)) return undefined;
  const odds = Math.floor(ODDS_SCALE / (p * (1 + margin)));
  return odds > ODDS_SCALE && Number.isSafeInteger(odds) ? (odds as Odds) : undefined;
}

/** The probability one side of a priced market stands for once its margin is taken out. */
export function fairProbabilities(odds: readonly number[]): number[] {
  const inv = odds.map((o) => ODDS_SCALE / o);
  const sum = inv.reduce((s, x) => s + x, 0);
  return inv.map((x) => x / sum);
}

function bisect(
  f: (x: number) => number,
  target: number,
  lo: number,
  hi: number,
  increasing: boolean,
): number {
  let a = lo;
  let b = hi;
  for (let i = 0; i < 60; i++) {
    const mid = (a + b) / 2;
    const above = f(mid) > target;
    if (above === increasing) b = mid;
    else a = mid;
  }
  return (a + b) / 2;
}

/**
 * The goals each side still scores, read back from the match's own prices: the total from one
 * total line's over probability (total goals are Poisson whatever the split), the split from the
 * 1x2 market's home − away. The line must still be open: above the goals scored so far.
 */
export function fitScoreState(
  score: { home: number; away: number },
  p: { home: number; away: number; line: number; over: number },
): ScoreState | undefined {
  const scored = score.home + score.away;
  if (!(p.line > scored) || !(p.over > 0 && p.over < 1)) return undefined;
  const over = (total: number) => {
    const pmf = poissonPmf(total, 40);
    let under = 0;
    for (let k = 0; k + scored < p.line; k++) under += pmf[k] ?? 0;
    return 1 - under;
  };
  const total = bisect(over, p.over, 1e-6, 15, true);
  const share = bisect(
    (s) => {
      const dist = scoreDistribution({ ...score, lambdaHome: total * s, lambdaAway: total * (1 - s) });
      return jointProbability(dist, [(h, a) => h > a]) - jointProbability(dist, [(h, a) => h < a]);
    },
    p.home - p.away,
    0,
    1,
    true,
  );
  return { ...score, lambdaHome: total * share, lambdaAway: total * (1 - share) };
}
