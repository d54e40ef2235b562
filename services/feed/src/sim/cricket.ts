import type { SettledMarket, SportEventStatus } from "../model.js";
import { EVENT_STATUS, MATCH_STATUS_CODE } from "../model.js";
import { normalCdf } from "./normal.js";
import { type PricedMarket, priceMarket } from "./pricing.js";
import type { Rng } from "./prng.js";
import { type Happening, type LiveModel, Offered } from "./sport.js";

const OVERS = 20;

/**
 * T20 cricket, one tick per over: runs per over depend on wickets in hand; the winner is priced
 * from a normal approximation of the runs still to come against the target. A tie goes to a super
 * over (market 340 includes it).
 */
export class CricketMatch implements LiveModel {
  readonly tickMs = 4 * 60_000;
  private innings = 0;
  private overs = 0;
  private readonly runs: [number, number] = [0, 0];
  private readonly wickets: [number, number] = [0, 0];
  private done = false;
  private superOverHome: boolean | undefined;
  private readonly offered = new Offered();
  private readonly line: number;

  constructor(
    private readonly rateHome: number,
    private readonly rateAway: number,
  ) {
    this.line = Math.round(((rateHome + rateAway) / 2) * OVERS) + 0.5;
  }

  static random(rng: Rng): CricketMatch {
    const base = 7.6 + rng.next() * 1.2;
    const edge = rng.normal(0, 0.5);
    return new CricketMatch(base + edge / 2, base - edge / 2);
  }

  private battingRate(i: number): number {
    return (i === 0 ? this.rateHome : this.rateAway) * (1 - (this.wickets[i] ?? 0) * 0.04);
  }

  tick(rng: Rng): Happening[] {
    if (this.done) return [];
    if (this.innings === 0) {
      this.innings = 1;
      return [{ type: "period" }];
    }
    const i = this.innings - 1;
    const out: Happening[] = [];
    const runs = rng.poisson(this.battingRate(i));
    this.runs[i] = (this.runs[i] ?? 0) + runs;
    if (rng.chance(0.33)) this.wickets[i] = Math.min(10, (this.wickets[i] ?? 0) + 1);
    this.overs++;
    if (runs > 0) out.push({ type: "score" });
    if (rng.chance(0.04)) out.push({ type: "danger", betstopReason: 0 });
    const chased = i === 1 && this.runs[1] > this.runs[0];
    if (this.overs >= OVERS || this.wickets[i] === 10 || chased) {
      if (this.innings === 1) {
        this.innings = 2;
        this.overs = 0;
      } else {
        this.done = true;
        if (this.runs[0] === this.runs[1]) this.superOverHome = rng.chance(0.5);
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
    const periodScores = [0, 1]
      .filter((i) => i < this.innings)
      .map((i) => ({
        number: i + 1,
        type: "regular_period" as const,
        matchStatusCode: MATCH_STATUS_CODE.firstInnings + i,
        home: i === 0 ? this.runs[0] : 0,
        away: i === 1 ? this.runs[1] : 0,
      }));
    const base = { homeScore: this.runs[0], awayScore: this.runs[1], periodScores };
    if (this.done) return { status: EVENT_STATUS.ended, matchStatus: MATCH_STATUS_CODE.ended, ...base };
    return {
      status: EVENT_STATUS.live,
      matchStatus: MATCH_STATUS_CODE.firstInnings - 1 + this.innings,
      ...base,
    };
  }

  private expectedRest(i: number, edge: number): { mean: number; sd: number } {
    const left = i === this.innings - 1 ? OVERS - this.overs : i >= this.innings ? OVERS : 0;
    const mean = this.battingRate(i) * Math.exp((i === 0 ? edge : -edge) / 8) * left;
    return { mean, sd: Math.sqrt(mean * 1.8) + 0.01 };
  }

  price(margin: number, edge: number): PricedMarket[] {
    if (this.done) return [];
    const h = this.expectedRest(0, edge);
    const a = this.expectedRest(1, edge);
    const homeTotal = this.runs[0] + h.mean;
    const awayTotal = this.runs[1] + a.mean;
    const sd = Math.sqrt(h.sd ** 2 + a.sd ** 2);
    const pHome = sd < 0.05 ? (homeTotal > awayTotal ? 1 : 0.5) : normalCdf((homeTotal - awayTotal) / sd);
    const out: PricedMarket[] = [
      priceMarket(
        340,
        "",
        [
          { id: "4", q: pHome },
          { id: "5", q: 1 - pHome },
        ],
        margin,
      ),
    ];
    const inn = Math.max(1, this.innings);
    const i = inn - 1;
    const rest = this.expectedRest(i, edge);
    const pOver = 1 - normalCdf((this.line - ((this.runs[i] ?? 0) + rest.mean)) / Math.max(0.5, rest.sd));
    out.push(
      priceMarket(
        605,
        `inningnr=${inn}|total=${this.line}`,
        [
          { id: "12", q: pOver },
          { id: "13", q: 1 - pOver },
        ],
        margin,
      ),
    );
    return this.offered.note(out);
  }

  settle(): SettledMarket[] {
    const homeWins =
      this.runs[0] > this.runs[1] || (this.runs[0] === this.runs[1] && this.superOverHome === true);
    return this.offered.list().map((m) => {
      if (m.id === 605) {
        const i = m.specifiers.includes("inningnr=1") ? 0 : 1;
        const over = (this.runs[i] ?? 0) > this.line;
        return {
          ...m,
          outcomes: [
            { id: "12", result: over ? 1 : 0 },
            { id: "13", result: over ? 0 : 1 },
          ],
        };
      }
      return {
        ...m,
        outcomes: [
          { id: "4", result: homeWins ? 1 : 0 },
          { id: "5", result: homeWins ? 0 : 1 },
        ],
      };
    });
  }
}
