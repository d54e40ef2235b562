import { describe, expect, it, vi } from "vitest";
import { BasketballMatch } from "./basketball.js";
import { CricketMatch } from "./cricket.js";
import { EsportsMatch, raceWin } from "./esports.js";
import { priceGoals, SOCCER_MARKETS } from "./goals.js";
import { createRng } from "./prng.js";
import { GoalMatch } from "./soccer.js";
import type { LiveModel } from "./sport.js";
import { gameWin, setWin, TennisMatch, tiebreakWin } from "./tennis.js";

vi.setConfig({ testTimeout: 30_000 });

/** Double chance outcomes overlap, so their prices do not add up to one book. */
const DOUBLE_CHANCE = new Set([10, 63, 85]);
/** Correct score and half-time/full-time carry twice the margin over their many outcomes. */
const MANY_OUTCOMES = new Set([45, 47]);

function playOut(model: LiveModel, seed: number, margin = 0.05): void {
  const rng = createRng(seed);
  let guard = 0;
  while (!model.finished() && guard++ < 10_000) {
    model.tick(rng);
    // pricing every few ticks keeps the run short and still visits every phase of a match
    if (guard % 7 !== 0) continue;
    for (const p of model.price(margin, 0)) {
      const sum = p.fair.reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 6);
      if (p.market.status === 1 && !DOUBLE_CHANCE.has(p.market.id)) {
        const overround = p.market.outcomes.reduce((s, o) => s + (o.odds ? 1000 / o.odds : 0), 0);
        const capped = p.market.outcomes.some((o) => (o.odds ?? 0) >= 500_000);
        const expected = 1 + (MANY_OUTCOMES.has(p.market.id) ? 2 * margin : margin);
        if (!capped) {
          expect(overround).toBeGreaterThanOrEqual(expected - 1e-9);
          expect(overround).toBeLessThan(expected + 0.25);
        }
      }
    }
  }
  expect(model.finished()).toBe(true);
}

describe("soccer Poisson model", () => {
  it("prices 1X2 from goal rates: the stronger side is the favourite and probabilities sum to 1", () => {
    const markets = priceGoals({ home: 0, away: 0, lambdaHome: 2, lambdaAway: 0.8 }, SOCCER_MARKETS, 0.05);
    const x12 = markets.find((m) => m.market.id === 1);
    expect(x12?.fair.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    const [home, , away] = x12?.market.outcomes ?? [];
    expect(home?.odds ?? 0).toBeLessThan(away?.odds ?? 0);
    const ids = new Set(markets.map((m) => m.market.id));
    for (const id of [1, 8, 10, 11, 16, 18, 29, 45]) expect(ids).toContain(id);
    expect(markets.some((m) => m.market.id === 16 && m.market.specifiers === "hcp=-0.75")).toBe(true);
    expect(markets.some((m) => m.market.id === 18 && m.market.specifiers === "total=2.25")).toBe(true);
  });

  it("settles consistently with the final score (1X2, totals, handicaps, BTTS, correct score)", () => {
    for (let seed = 1; seed <= 8; seed++) {
      const rng = createRng(seed);
      const m = GoalMatch.soccer(rng);
      playOut(m, seed);
      const { home, away } = m.score();
      const settled = m.settle();
      const find = (id: number, spec = "") => settled.find((s) => s.id === id && s.specifiers === spec);
      const winner = home > away ? "1" : home === away ? "2" : "3";
      expect(find(1)?.outcomes.find((o) => o.result === 1)?.id).toBe(winner);
      const over25 = find(18, "total=2.5")?.outcomes.find((o) => o.id === "12");
      expect(over25?.result).toBe(home + away > 2.5 ? 1 : 0);
      expect(find(29)?.outcomes.find((o) => o.id === "74")?.result).toBe(home > 0 && away > 0 ? 1 : 0);
      const winners = find(45)?.outcomes.filter((o) => o.result === 1) ?? [];
      expect(winners).toHaveLength(1);
      const dnb = find(11)?.outcomes ?? [];
      if (home === away) expect(dnb.every((o) => o.voidFactor === 1)).toBe(true);
      const ah = find(16, "hcp=-0.25")?.outcomes.find((o) => o.id === "1714");
      if (home === away) expect(ah).toEqual({ id: "1714", result: 0, voidFactor: 0.5 });
      if (home > away) expect(ah).toEqual({ id: "1714", result: 1 });
      const nextGoal = settled.find((s) => s.id === 8 && s.specifiers === `goalnr=${home + away + 1}`);
      expect(nextGoal?.outcomes.find((o) => o.id === "7")?.result).toBe(1);
    }
  });
});

describe("tennis point model", () => {
  it("gives an even game, set and tie-break for equal players and favours the server", () => {
    expect(gameWin(0.5)).toBeCloseTo(0.5, 9);
    expect(gameWin(0.62)).toBeGreaterThan(0.75);
    expect(tiebreakWin(0.6, 0.6)).toBeCloseTo(0.5, 6);
    expect(setWin(0.6, 0.6, 0, 0, true) + setWin(0.6, 0.6, 0, 0, false)).toBeCloseTo(1, 6);
    expect(setWin(0.66, 0.6, 0, 0, true)).toBeGreaterThan(0.6);
  });
  it("plays to two sets and settles the winner and set handicap from the sets", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const m = TennisMatch.random(createRng(seed));
      playOut(m, seed);
      const st = m.status();
      const winner = (st.homeScore ?? 0) > (st.awayScore ?? 0) ? "4" : "5";
      expect(Math.max(st.homeScore ?? 0, st.awayScore ?? 0)).toBe(2);
      const s186 = m.settle().find((s) => s.id === 186);
      expect(s186?.outcomes.find((o) => o.result === 1)?.id).toBe(winner);
    }
  });
});

describe("other sports", () => {
  it("basketball, ice hockey, cricket and esports play to a result and settle one winner", () => {
    const models: [string, () => LiveModel, number][] = [
      ["basketball", () => BasketballMatch.random(createRng(3)), 219],
      ["ice hockey", () => GoalMatch.hockey(createRng(4)), 406],
      ["cricket", () => CricketMatch.random(createRng(5)), 340],
      ["cs2", () => EsportsMatch.random(createRng(6), "cs2"), 186],
      ["dota2", () => EsportsMatch.random(createRng(7), "dota2"), 186],
    ];
    for (const [, make, winnerMarket] of models) {
      const m = make();
      playOut(m, 11);
      const w = m.settle().find((s) => s.id === winnerMarket);
      expect(w?.outcomes.filter((o) => o.result === 1)).toHaveLength(1);
    }
  });
  it("a map race is even for even teams", () => {
    expect(raceWin(0.5, 13, 0, 0)).toBeCloseTo(0.5, 9);
    expect(raceWin(0.5, 13, 12, 0)).toBeGreaterThan(0.99);
  });
});
