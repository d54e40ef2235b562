import type { SettledMarket, SportEventStatus } from "../model.js";
import { EVENT_STATUS, MATCH_STATUS_CODE } from "../model.js";
import { type PricedMarket, priceMarket } from "./pricing.js";
import type { Rng } from "./prng.js";
import { leaned } from "./run-of-play.js";
import { type Happening, type LiveModel, Offered } from "./sport.js";

/**
 * Tennis, best of three sets with tie-breaks: each player wins a point on serve with a fixed
 * probability; game, set and match probabilities follow exactly from that point model.
 */

const POINT_NAMES = ["0", "15", "30", "40"];

/** P(server wins the game) from a point score, with deuce solved in closed form. */
export function gameWin(p: number, a = 0, b = 0): number {
  if (a >= 4 && a - b >= 2) return 1;
  if (b >= 4 && b - a >= 2) return 0;
  if (a >= 3 && b >= 3) {
    const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
    if (a === b) return deuce;
    return a > b ? p + (1 - p) * deuce : p * deuce;
  }
  return p * gameWin(p, a + 1, b) + (1 - p) * gameWin(p, a, b + 1);
}

/** P(player A wins a tie-break to 7) from a point score; serve alternates every two points. */
export function tiebreakWin(pa: number, pb: number, a = 0, b = 0, memo = new Map<string, number>()): number {
  if (a >= 7 && a - b >= 2) return 1;
  if (b >= 7 && b - a >= 2) return 0;
  if (a >= 6 && b >= 6 && a === b) {
    // from level scores after 6-6 the two-point cycle repeats: A wins two in a row, or the cycle restarts
    const win = pa * (1 - pb);
    const lose = (1 - pa) * pb;
    return win / (win + lose);
  }
  const key = `${a}:${b}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const n = a + b;
  const aServes = n % 4 === 0 || n % 4 === 3;
  const p = aServes ? pa : 1 - pb;
  const v = p * tiebreakWin(pa, pb, a + 1, b, memo) + (1 - p) * tiebreakWin(pa, pb, a, b + 1, memo);
  memo.set(key, v);
  return v;
}

/** P(A wins the set) from a game score with the given server of the next game. */
export function setWin(pa: number, pb: number, ga: number, gb: number, aServes: boolean): number {
  return setChances(pa, pb)(ga, gb, aServes);
}

/**
 * P(A wins the set) from any game score, for one pair of serve strengths: holding serve and the
 * tie-break are worked out once and every game score is remembered, so pricing a match asks for
 * several set scores at the cost of one.
 */
function setChances(pa: number, pb: number): (ga: number, gb: number, aServes: boolean) => number {
  const holdA = gameWin(pa);
  const holdB = gameWin(pb);
  const tiebreakA = tiebreakWin(pa, pb);
  const tiebreakB = 1 - tiebreakWin(pb, pa);
  const memo = new Map<number, number>();
  const win = (ga: number, gb: number, aServes: boolean): number => {
    if (ga >= 6 && ga - gb >= 2) return 1;
    if (gb >= 6 && gb - ga >= 2) return 0;
    if (ga === 7) return 1;
    if (gb === 7) return 0;
    if (ga === 6 && gb === 6) return aServes ? tiebreakA : tiebreakB;
    const key = ga * 16 + gb * 2 + (aServes ? 1 : 0);
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const g = aServes ? holdA : 1 - holdB;
    const v = g * win(ga + 1, gb, !aServes) + (1 - g) * win(ga, gb + 1, !aServes);
    memo.set(key, v);
    return v;
  };
  return win;
}

export class TennisMatch implements LiveModel {
  readonly tickMs = 40_000;
  private sets: [number, number][] = [];
  private games: [number, number] = [0, 0];
  private points: [number, number] = [0, 0];
  private tiebreak = false;
  private aServes = true;
  private started = false;
  private done = false;
  private readonly offered = new Offered();

  constructor(
    /** P(point won on own serve) for home and away */
    private readonly pa: number,
    private readonly pb: number,
  ) {}

  static random(rng: Rng): TennisMatch {
    const base = 0.6 + rng.next() * 0.06;
    const edge = rng.normal(0, 0.03);
    return new TennisMatch(base + edge, base - edge);
  }

  private setsWon(): [number, number] {
    let a = 0;
    let b = 0;
    for (const [x, y] of this.sets) x > y ? a++ : b++;
    return [a, b];
  }

  tick(rng: Rng): Happening[] {
    if (this.done) return [];
    if (!this.started) {
      this.started = true;
      return [{ type: "period" }];
    }
    const out: Happening[] = [];
    const n = this.points[0] + this.points[1];
    const aServing = this.tiebreak
      ? n % 4 === 0 || n % 4 === 3
        ? this.aServes
        : !this.aServes
      : this.aServes;
    const p = aServing ? this.pa : 1 - this.pb;
    const aWins = rng.chance(p);
    this.points[aWins ? 0 : 1]++;
    const [x, y] = this.points;
    const target = this.tiebreak ? 7 : 4;
    if ((x >= target || y >= target) && Math.abs(x - y) >= 2) {
      this.games[x > y ? 0 : 1]++;
      this.points = [0, 0];
      this.aServes = !this.aServes;
      this.tiebreak = false;
      out.push({ type: "score" });
      const [ga, gb] = this.games;
      const setOver = (ga >= 6 || gb >= 6) && (Math.abs(ga - gb) >= 2 || ga === 7 || gb === 7);
      if (setOver) {
        this.sets.push([ga, gb]);
        const setnr = this.sets.length;
        this.games = [0, 0];
        this.offered.forget(202, `setnr=${setnr}`);
        out.push({
          type: "settle",
          markets: [
            {
              id: 202,
              specifiers: `setnr=${setnr}`,
              outcomes: [
                { id: "4", result: ga > gb ? 1 : 0 },
                { id: "5", result: ga > gb ? 0 : 1 },
              ],
            },
          ],
        });
        out.push({ type: "period" });
        const [sa, sb] = this.setsWon();
        if (sa === 2 || sb === 2) this.done = true;
      } else if (ga === 6 && gb === 6) {
        this.tiebreak = true;
      }
    } else if (rng.chance(0.03)) {
      out.push({ type: "danger", betstopReason: 0 });
    }
    return out;
  }

  finished(): boolean {
    return this.done;
  }

  prematchStatus(): SportEventStatus {
    return { status: EVENT_STATUS.notStarted, matchStatus: MATCH_STATUS_CODE.notStarted, periodScores: [] };
  }

  status(): SportEventStatus {
    const [sa, sb] = this.setsWon();
    const periodScores = [...this.sets, ...(this.done ? [] : [this.games])].map(([h, a], i) => ({
      number: i + 1,
      type: "regular_period" as const,
      matchStatusCode: MATCH_STATUS_CODE.firstSet + i,
      home: h,
      away: a,
    }));
    if (this.done)
      return {
        status: EVENT_STATUS.ended,
        matchStatus: MATCH_STATUS_CODE.ended,
        homeScore: sa,
        awayScore: sb,
        periodScores,
      };
    const name = (i: 0 | 1) =>
      this.tiebreak
        ? String(this.points[i])
        : this.points[0] >= 3 && this.points[1] >= 3
          ? deuceName(this.points, i)
          : (POINT_NAMES[this.points[i]] ?? "40");
    return {
      status: EVENT_STATUS.live,
      matchStatus: MATCH_STATUS_CODE.firstSet + this.sets.length,
      homeScore: sa,
      awayScore: sb,
      periodScores,
      homeGameScore: name(0),
      awayGameScore: name(1),
      currentServer: this.aServes ? 1 : 2,
    };
  }

  /** Distribution of the final set score: P(2-0), P(2-1), P(1-2), P(0-2). */
  private setDistribution(
    pa: number,
    pb: number,
  ): { a20: number; a21: number; b21: number; b20: number; current: number } {
    const [sa, sb] = this.setsWon();
    const [ga, gb] = this.games;
    const set = setChances(pa, pb);
    // the current game's point score shifts the chance of holding serve
    const gameP = this.tiebreak
      ? undefined
      : this.aServes
        ? gameWin(pa, this.points[0], this.points[1])
        : 1 - gameWin(pb, this.points[1], this.points[0]);
    let current: number;
    if (this.tiebreak) {
      current = tiebreakWin(pa, pb, this.points[0], this.points[1]);
    } else {
      const g = gameP ?? 0.5;
      const afterWin = set(ga + 1, gb, !this.aServes);
      const afterLoss = set(ga, gb + 1, !this.aServes);
      current = g * afterWin + (1 - g) * afterLoss;
    }
    const fresh = (set(0, 0, true) + set(0, 0, false)) / 2;
    const dist = { a20: 0, a21: 0, b21: 0, b20: 0, current };
    const add = (a: number, b: number, p: number) => {
      if (a === 2 && b === 0) dist.a20 += p;
      else if (a === 2) dist.a21 += p;
      else if (b === 2 && a === 0) dist.b20 += p;
      else if (b === 2) dist.b21 += p;
      else {
        add(a + 1, b, p * fresh);
        add(a, b + 1, p * (1 - fresh));
      }
    };
    add(sa + 1, sb, current);
    add(sa, sb + 1, 1 - current);
    return dist;
  }

  price(margin: number, edge: number): PricedMarket[] {
    if (this.done) return [];
    // a point on serve is where the lean shows; sets and the match amplify it many times over
    const d = this.setDistribution(leaned(this.pa, edge / 10), leaned(this.pb, -edge / 10));
    const setnr = this.sets.length + 1;
    const aWins = d.a20 + d.a21;
    return this.offered.note([
      priceMarket(
        186,
        "",
        [
          { id: "4", q: aWins },
          { id: "5", q: 1 - aWins },
        ],
        margin,
      ),
      priceMarket(
        202,
        `setnr=${setnr}`,
        [
          { id: "4", q: d.current },
          { id: "5", q: 1 - d.current },
        ],
        margin,
      ),
      priceMarket(
        188,
        "hcp=-1.5",
        [
          { id: "1714", q: d.a20 },
          { id: "1715", q: 1 - d.a20 },
        ],
        margin,
      ),
      priceMarket(
        188,
        "hcp=1.5",
        [
          { id: "1714", q: 1 - d.b20 },
          { id: "1715", q: d.b20 },
        ],
        margin,
      ),
    ]);
  }

  settle(): SettledMarket[] {
    const [sa, sb] = this.setsWon();
    const out: SettledMarket[] = [];
    for (const m of this.offered.list()) {
      if (m.id === 186)
        out.push({
          ...m,
          outcomes: [
            { id: "4", result: sa > sb ? 1 : 0 },
            { id: "5", result: sa > sb ? 0 : 1 },
          ],
        });
      if (m.id === 188) {
        const hcp = Number(m.specifiers.split("=")[1]);
        const homeWins = sa - sb + hcp > 0;
        out.push({
          ...m,
          outcomes: [
            { id: "1714", result: homeWins ? 1 : 0 },
            { id: "1715", result: homeWins ? 0 : 1 },
          ],
        });
      }
    }
    return out;
  }
}

function deuceName(points: [number, number], i: 0 | 1): string {
  const [a, b] = points;
  if (a === b) return "40";
  const leader = a > b ? 0 : 1;
  return leader === i ? "A" : "40";
}
