import type { SettledMarket, SportEventStatus } from "../model.js";
import { EVENT_STATUS, MATCH_STATUS_CODE } from "../model.js";
import { type PricedMarket, priceMarket } from "./pricing.js";
import type { Rng } from "./prng.js";
import { leaned } from "./run-of-play.js";
import { type Happening, type LiveModel, Offered } from "./sport.js";

/** The in-map race of each title: CS2 maps are first to 13 rounds; Dota 2 and LoL race to 10 objectives. */
export const TITLES = {
  cs2: { target: 13, tickMs: 100_000 },
  dota2: { target: 10, tickMs: 200_000 },
  lol: { target: 10, tickMs: 180_000 },
} as const;
export type Title = keyof typeof TITLES;

/** P(A reaches `target` first from (a, b)) when A wins each point with probability p. */
export function raceWin(
  p: number,
  target: number,
  a: number,
  b: number,
  memo = new Map<number, number>(),
): number {
  if (a >= target) return 1;
  if (b >= target) return 0;
  const key = a * 1000 + b;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const v = p * raceWin(p, target, a + 1, b, memo) + (1 - p) * raceWin(p, target, a, b + 1, memo);
  memo.set(key, v);
  return v;
}

/** Esports best of three maps; prices come from per-point odds inside the map and the map race. */
export class EsportsMatch implements LiveModel {
  readonly tickMs: number;
  private readonly maps: [number, number][] = [];
  private current: [number, number] = [0, 0];
  private started = false;
  private done = false;
  private readonly offered = new Offered();
  private readonly target: number;
  private readonly freshMap: number;

  constructor(
    title: Title,
    /** P(home wins a point inside a map) */
    private readonly p: number,
  ) {
    this.target = TITLES[title].target;
    this.tickMs = TITLES[title].tickMs;
    this.freshMap = raceWin(p, this.target, 0, 0);
  }

  static random(rng: Rng, title: Title): EsportsMatch {
    return new EsportsMatch(title, Math.min(0.62, Math.max(0.38, rng.normal(0.5, 0.05))));
  }

  private mapsWon(): [number, number] {
    let a = 0;
    let b = 0;
    for (const [x, y] of this.maps) x > y ? a++ : b++;
    return [a, b];
  }

  tick(rng: Rng): Happening[] {
    if (this.done) return [];
    if (!this.started) {
      this.started = true;
      return [{ type: "period" }];
    }
    const out: Happening[] = [];
    this.current[rng.chance(this.p) ? 0 : 1]++;
    out.push({ type: "score" });
    const [x, y] = this.current;
    if (x >= this.target || y >= this.target) {
      this.maps.push([x, y]);
      const mapnr = this.maps.length;
      this.current = [0, 0];
      this.offered.forget(330, `mapnr=${mapnr}`);
      out.push({
        type: "settle",
        markets: [
          {
            id: 330,
            specifiers: `mapnr=${mapnr}`,
            outcomes: [
              { id: "4", result: x > y ? 1 : 0 },
              { id: "5", result: x > y ? 0 : 1 },
            ],
          },
        ],
      });
      out.push({ type: "period" });
      const [a, b] = this.mapsWon();
      if (a === 2 || b === 2) this.done = true;
    } else if (rng.chance(0.05)) {
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
    const [a, b] = this.mapsWon();
    const periodScores = [...this.maps, ...(this.done ? [] : [this.current])].map(([h, w], i) => ({
      number: i + 1,
      type: "regular_period" as const,
      matchStatusCode: MATCH_STATUS_CODE.firstMap + i,
      home: h,
      away: w,
    }));
    if (this.done)
      return {
        status: EVENT_STATUS.ended,
        matchStatus: MATCH_STATUS_CODE.ended,
        homeScore: a,
        awayScore: b,
        periodScores,
      };
    return {
      status: EVENT_STATUS.live,
      matchStatus: MATCH_STATUS_CODE.firstMap + this.maps.length,
      homeScore: a,
      awayScore: b,
      periodScores,
    };
  }

  price(margin: number, edge: number): PricedMarket[] {
    if (this.done) return [];
    const [a, b] = this.mapsWon();
    // the lean shifts the chance of each point (round, objective) a little
    const p = edge === 0 ? this.p : leaned(this.p, edge / 4);
    const cur = raceWin(p, this.target, this.current[0], this.current[1]);
    const f = edge === 0 ? this.freshMap : raceWin(p, this.target, 0, 0);
    // final map score distribution after the current map
    const dist = new Map<string, number>();
    const add = (x: number, y: number, p: number) => {
      if (x === 2 || y === 2) dist.set(`${x}:${y}`, (dist.get(`${x}:${y}`) ?? 0) + p);
      else {
        add(x + 1, y, p * f);
        add(x, y + 1, p * (1 - f));
      }
    };
    add(a + 1, b, cur);
    add(a, b + 1, 1 - cur);
    const g = (k: string) => dist.get(k) ?? 0;
    const home = g("2:0") + g("2:1");
    const three = g("2:1") + g("1:2");
    const mapnr = this.maps.length + 1;
    return this.offered.note([
      priceMarket(
        186,
        "",
        [
          { id: "4", q: home },
          { id: "5", q: 1 - home },
        ],
        margin,
      ),
      priceMarket(
        330,
        `mapnr=${mapnr}`,
        [
          { id: "4", q: cur },
          { id: "5", q: 1 - cur },
        ],
        margin,
      ),
      priceMarket(
        327,
        "hcp=-1.5",
        [
          { id: "1714", q: g("2:0") },
          { id: "1715", q: 1 - g("2:0") },
        ],
        margin,
      ),
      priceMarket(
        328,
        "total=2.5",
        [
          { id: "12", q: three },
          { id: "13", q: 1 - three },
        ],
        margin,
      ),
    ]);
  }

  settle(): SettledMarket[] {
    const [a, b] = this.mapsWon();
    const r = (x: boolean) => (x ? 1 : 0) as 1 | 0;
    return this.offered.list().map((m) => {
      if (m.id === 327)
        return {
          ...m,
          outcomes: [
            { id: "1714", result: r(a - b - 1.5 > 0) },
            { id: "1715", result: r(a - b - 1.5 < 0) },
          ],
        };
      if (m.id === 328)
        return {
          ...m,
          outcomes: [
            { id: "12", result: r(a + b > 2.5) },
            { id: "13", result: r(a + b < 2.5) },
          ],
        };
      return {
        ...m,
        outcomes: [
          { id: "4", result: r(a > b) },
          { id: "5", result: r(b > a) },
        ],
      };
    });
  }
}
