import type { SettledMarket, SportEventStatus } from "../model.js";
import { EVENT_STATUS, MATCH_STATUS_CODE } from "../model.js";
import { probAbove } from "./normal.js";
import { type PricedMarket, priceMarket } from "./pricing.js";
import type { Rng } from "./prng.js";
import { type Happening, type LiveModel, mmss, Offered } from "./sport.js";

const QUARTER_MS = 10 * 60_000;
const OVERTIME_MS = 5 * 60_000;

/**
 * Basketball (four 10-minute quarters, 5-minute overtimes): points arrive in possessions; the final
 * margin and total are priced from a normal approximation of the points still to come. Lines are
 * fixed at tip-off around the expected margin and total.
 */
export class BasketballMatch implements LiveModel {
  readonly tickMs = 10_000;
  private quarter = 0;
  private inQuarterMs = 0;
  private home = 0;
  private away = 0;
  private readonly quarters: { home: number; away: number }[] = [];
  private done = false;
  private readonly offered = new Offered();
  private readonly totalLines: number[];
  private readonly hcpLines: number[];

  constructor(
    /** expected points per team over 40 minutes */
    private readonly rateHome: number,
    private readonly rateAway: number,
  ) {
    const total = Math.round(rateHome + rateAway);
    const margin = Math.round(rateHome - rateAway);
    this.totalLines = [total - 6.5, total - 0.5, total + 5.5];
    this.hcpLines = [-margin - 4.5, -margin + 0.5, -margin + 5.5];
  }

  static random(rng: Rng): BasketballMatch {
    const base = 78 + rng.next() * 12;
    const edge = rng.normal(2, 5);
    return new BasketballMatch(base + edge / 2, base - edge / 2);
  }

  private regulationLeftMs(): number {
    if (this.quarter === 0) return 4 * QUARTER_MS;
    if (this.quarter > 4) return OVERTIME_MS - this.inQuarterMs;
    return (4 - this.quarter) * QUARTER_MS + (QUARTER_MS - this.inQuarterMs);
  }

  tick(rng: Rng): Happening[] {
    if (this.done) return [];
    if (this.quarter === 0) {
      this.quarter = 1;
      this.quarters.push({ home: 0, away: 0 });
      return [{ type: "period" }];
    }
    const out: Happening[] = [];
    this.inQuarterMs += this.tickMs;
    const share = this.tickMs / (4 * QUARTER_MS);
    const q = this.quarters[this.quarters.length - 1];
    const h = scorePoints(rng, this.rateHome * share);
    const a = scorePoints(rng, this.rateAway * share);
    this.home += h;
    this.away += a;
    if (q) {
      q.home += h;
      q.away += a;
    }
    if (h + a > 0) out.push({ type: "score" });
    const length = this.quarter > 4 ? OVERTIME_MS : QUARTER_MS;
    if (this.inQuarterMs >= length) {
      if (this.quarter >= 4 && this.home !== this.away) this.done = true;
      else {
        this.quarter++;
        this.inQuarterMs = 0;
        this.quarters.push({ home: 0, away: 0 });
      }
      out.push({ type: "period" });
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
    const periodScores = this.quarters.map((p, i) => ({
      number: i + 1,
      type: i < 4 ? ("regular_period" as const) : ("overtime" as const),
      matchStatusCode: i < 4 ? 13 + i : 40,
      home: p.home,
      away: p.away,
    }));
    if (this.done)
      return {
        status: EVENT_STATUS.ended,
        matchStatus: this.quarter > 4 ? 111 : MATCH_STATUS_CODE.ended,
        homeScore: this.home,
        awayScore: this.away,
        periodScores,
      };
    const length = this.quarter > 4 ? OVERTIME_MS : QUARTER_MS;
    return {
      status: EVENT_STATUS.live,
      matchStatus: this.quarter > 4 ? 40 : 12 + this.quarter,
      homeScore: this.home,
      awayScore: this.away,
      periodScores,
      clock: { remainingTimeInPeriod: mmss(length - this.inQuarterMs), stopped: false },
    };
  }

  price(margin: number, edge: number): PricedMarket[] {
    if (this.done) return [];
    const left = this.regulationLeftMs() / (4 * QUARTER_MS);
    // eighty points a side amplify any lean: an eighth of it moves the margin by a few points
    const mh = this.rateHome * Math.exp(edge / 16) * left;
    const ma = this.rateAway * Math.exp(-edge / 16) * left;
    // points per possession make the variance about twice the mean
    const sdDiff = Math.sqrt(2 * (mh + ma)) + 0.5;
    const meanDiff = this.home - this.away + mh - ma;
    const meanTotal = this.home + this.away + mh + ma;
    // a tie after regulation goes to overtime, which either team wins about evenly
    const pTie = probAbove(meanDiff, sdDiff, -0.5) - probAbove(meanDiff, sdDiff, 0);
    const pHome = probAbove(meanDiff, sdDiff, 0) + pTie / 2;
    const out: PricedMarket[] = [
      priceMarket(
        219,
        "",
        [
          { id: "4", q: pHome },
          { id: "5", q: 1 - pHome },
        ],
        margin,
      ),
    ];
    for (const hcp of this.hcpLines) {
      const q = probAbove(meanDiff, sdDiff, -hcp);
      out.push(
        priceMarket(
          223,
          `hcp=${hcp}`,
          [
            { id: "1714", q },
            { id: "1715", q: 1 - q },
          ],
          margin,
        ),
      );
    }
    for (const total of this.totalLines) {
      const q = probAbove(meanTotal, sdDiff, total);
      out.push(
        priceMarket(
          225,
          `total=${total}`,
          [
            { id: "12", q },
            { id: "13", q: 1 - q },
          ],
          margin,
        ),
      );
    }
    return this.offered.note(out);
  }

  settle(): SettledMarket[] {
    const h = this.home;
    const a = this.away;
    const r = (b: boolean) => (b ? 1 : 0) as 1 | 0;
    return this.offered.list().map((m) => {
      const v = Number(m.specifiers.split("=")[1]);
      if (m.id === 223)
        return {
          ...m,
          outcomes: [
            { id: "1714", result: r(h - a + v > 0) },
            { id: "1715", result: r(h - a + v < 0) },
          ],
        };
      if (m.id === 225)
        return {
          ...m,
          outcomes: [
            { id: "12", result: r(h + a > v) },
            { id: "13", result: r(h + a < v) },
          ],
        };
      return {
        ...m,
        outcomes: [
          { id: "4", result: r(h > a) },
          { id: "5", result: r(a > h) },
        ],
      };
    });
  }
}

function scorePoints(rng: Rng, mean: number): number {
  // two- and three-point baskets plus free throws: about 2.1 points per scoring play
  const plays = rng.poisson(mean / 2.1);
  let pts = 0;
  for (let i = 0; i < plays; i++) pts += rng.chance(0.3) ? 3 : rng.chance(0.15) ? 1 : 2;
  return pts;
}
