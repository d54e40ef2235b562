import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fairProbabilities,
  fitScoreState,
  isBuilderMarket,
  jointProbability,
  oddsForProbability,
  type ScoreLeg,
  type ScoreState,
  scoreDistribution,
  scoreLeg,
} from "./score-model.js";

const leg = (market: number, specifier: string, outcome: string): ScoreLeg => {
  const l = scoreLeg(market, specifier, outcome);
  if (!l) throw new Error(`no leg ${market}/${specifier}/${outcome}`);
  return l;
};
const homeWin = leg(1, "", "1");
const over25 = leg(18, "total=2.5", "12");
const bttsYes = leg(29, "", "74");

/** A seeded generator (mulberry32): the same seed gives the same run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Poisson draw by inversion. */
function poisson(random: () => number, lambda: number): number {
  let k = 0;
  let p = Math.exp(-lambda);
  let cdf = p;
  const u = random();
  while (u > cdf && k < 60) {
    k += 1;
    p = (p * lambda) / k;
    cdf += p;
  }
  return k;
}

/** The same model run as a simulation: the share of `runs` matches in which every leg wins. */
function monteCarlo(s: ScoreState, legs: readonly ScoreLeg[], runs: number, seed: number): number {
  const random = rng(seed);
  let hits = 0;
  for (let i = 0; i < runs; i++) {
    const h = s.home + poisson(random, s.lambdaHome);
    const a = s.away + poisson(random, s.lambdaAway);
    if (legs.every((win) => win(h, a))) hits += 1;
  }
  return hits / runs;
}

const kickOff: ScoreState = { home: 0, away: 0, lambdaHome: 1.6, lambdaAway: 1.1 };

describe("the bet builder's score model", () => {
  it("the joint probability of legs agrees with a Monte Carlo run of the same model", () => {
    const runs = 200_000;
    for (const [state, legs, seed] of [
      [kickOff, [homeWin, over25], 1],
      [kickOff, [bttsYes, over25], 2],
      [{ home: 1, away: 1, lambdaHome: 0.7, lambdaAway: 0.5 }, [homeWin, bttsYes], 3],
      [
        { home: 0, away: 2, lambdaHome: 1.2, lambdaAway: 0.4 },
        [leg(16, "hcp=1.5", "1714"), leg(18, "total=3.5", "13")],
        4,
      ],
    ] as const) {
      const exact = jointProbability(scoreDistribution(state), legs);
      const simulated = monteCarlo(state, legs, runs, seed);
      // Within four standard errors of the simulated share.
      const se = Math.sqrt((exact * (1 - exact)) / runs);
      expect(Math.abs(simulated - exact)).toBeLessThan(4 * se + 1e-9);
    }
  });

  it("positively correlated legs (home win + over 2.5) price below the product of their prices", () => {
    const dist = scoreDistribution(kickOff);
    const margin = 0.05;
    const pHome = jointProbability(dist, [homeWin]);
    const pOver = jointProbability(dist, [over25]);
    const joint = jointProbability(dist, [homeWin, over25]);
    expect(joint).toBeGreaterThan(pHome * pOver);
    const together = oddsForProbability(joint, margin) ?? 0;
    const product =
      ((oddsForProbability(pHome, margin) ?? 0) * (oddsForProbability(pOver, margin) ?? 0)) / 1000;
    expect(together).toBeLessThan(product);
  });

  it("contradictory legs have no price; a certain one does not pay", () => {
    const dist = scoreDistribution(kickOff);
    expect(jointProbability(dist, [homeWin, leg(1, "", "3")])).toBe(0);
    expect(oddsForProbability(0, 0.05)).toBeUndefined();
    expect(oddsForProbability(1, 0.05)).toBeUndefined();
    expect(oddsForProbability(0.5, 0)).toBe(2000);
    expect(oddsForProbability(0.5, 0.05)).toBe(1904);
  });

  it("prices only what one final score decides: half lines, not whole or quarter ones", () => {
    expect(scoreLeg(18, "total=2", "12")).toBeUndefined();
    expect(scoreLeg(18, "total=2.25", "12")).toBeUndefined();
    expect(scoreLeg(16, "hcp=-1", "1714")).toBeUndefined();
    expect(scoreLeg(11, "", "4")).toBeUndefined();
    expect(scoreLeg(8, "goalnr=1", "6")).toBeUndefined();
    expect(isBuilderMarket(18, "total=2.5")).toBe(true);
    expect(isBuilderMarket(18, "total=2.75")).toBe(false);
    expect(isBuilderMarket(45, "")).toBe(false);
  });

  it("the match's own prices give back the rates that made them (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 2.5, noNaN: true }),
        fc.double({ min: 0.3, max: 2.5, noNaN: true }),
        (lambdaHome, lambdaAway) => {
          const state = { home: 0, away: 0, lambdaHome, lambdaAway };
          const dist = scoreDistribution(state);
          const fitted = fitScoreState(
            { home: 0, away: 0 },
            {
              home: jointProbability(dist, [homeWin]),
              away: jointProbability(dist, [leg(1, "", "3")]),
              line: 2.5,
              over: jointProbability(dist, [over25]),
            },
          );
          expect(fitted?.lambdaHome).toBeCloseTo(lambdaHome, 3);
          expect(fitted?.lambdaAway).toBeCloseTo(lambdaAway, 3);
        },
      ),
      { seed: 42, numRuns: 40 },
    );
  });

  it("takes the margin out of a market's prices", () => {
    const [a, b] = fairProbabilities([1900, 1900]);
    expect(a).toBeCloseTo(0.5, 10);
    expect(b).toBeCloseTo(0.5, 10);
  });
});
