import type { SettledMarket, SportEventStatus } from "../model.js";
import { EVENT_STATUS, MATCH_STATUS_CODE } from "../model.js";
import { type GoalMarketSet, HOCKEY_MARKETS, priceGoals, SOCCER_MARKETS, settleGoals } from "./goals.js";
import type { PricedMarket } from "./pricing.js";
import type { Rng } from "./prng.js";
import { type Happening, type LiveModel, mmss, Offered } from "./sport.js";

interface GoalSportShape {
  periods: number;
  periodMs: number;
  breakMs: number;
  /** UOF match_status codes of the periods and the break between them */
  periodCodes: number[];
  breakCode: number;
  markets: GoalMarketSet;
  tickMs: number;
  falseAlarm: number;
  stoppage: boolean;
}

const SOCCER: GoalSportShape = {
  periods: 2,
  periodMs: 45 * 60_000,
  breakMs: 15 * 60_000,
  periodCodes: [6, 7],
  breakCode: 31,
  markets: SOCCER_MARKETS,
  tickMs: 20_000,
  falseAlarm: 0.02,
  stoppage: true,
};

const HOCKEY: GoalSportShape = {
  periods: 3,
  periodMs: 20 * 60_000,
  breakMs: 18 * 60_000,
  periodCodes: [1, 2, 3],
  breakCode: 30,
  markets: HOCKEY_MARKETS,
  tickMs: 20_000,
  falseAlarm: 0.015,
  stoppage: false,
};

/**
 * Soccer and ice hockey: goals arrive as a Poisson process at each team's rate; prices come from the
 * Poisson distribution of the goals still to come. Next-goal markets settle as goals happen.
 */
export class GoalMatch implements LiveModel {
  readonly tickMs: number;
  private period = 0; // 0 before kick-off; n playing period n; n + 0.5 break after it
  private inPeriodMs = 0;
  private breakLeftMs = 0;
  private stoppageMs = 0;
  private home = 0;
  private away = 0;
  private readonly periodScores: { home: number; away: number }[] = [];
  private overtimeWinner: "home" | "away" | undefined;
  private done = false;
  private readonly offered = new Offered();

  constructor(
    private readonly shape: GoalSportShape,
    /** expected goals over regulation time */
    private readonly rateHome: number,
    private readonly rateAway: number,
  ) {
    this.tickMs = shape.tickMs;
  }

  static soccer(rng: Rng): GoalMatch {
    const strength = rng.normal(0, 0.45);
    const total = 2.3 + rng.next() * 0.9;
    const home = (total / 2) * Math.exp(strength / 2 + 0.12);
    const away = (total / 2) * Math.exp(-strength / 2 - 0.12);
    return new GoalMatch(SOCCER, home, away);
  }

  static hockey(rng: Rng): GoalMatch {
    const strength = rng.normal(0, 0.35);
    const total = 5.2 + rng.next() * 1.2;
    return new GoalMatch(HOCKEY, (total / 2) * Math.exp(strength / 2), (total / 2) * Math.exp(-strength / 2));
  }

  private remainingShare(): number {
    const { periods, periodMs } = this.shape;
    if (this.period === 0) return 1;
    const played =
      (Math.ceil(this.period) - 1) * periodMs + (Number.isInteger(this.period) ? this.inPeriodMs : 0);
    return Math.max(0, 1 - played / (periods * periodMs));
  }

  tick(rng: Rng): Happening[] {
    if (this.done) return [];
    const { periods, periodMs, breakMs } = this.shape;
    if (this.period === 0) {
      this.period = 1;
      this.periodScores.push({ home: 0, away: 0 });
      return [{ type: "period" }];
    }
    if (!Number.isInteger(this.period)) {
      this.breakLeftMs -= this.tickMs;
      if (this.breakLeftMs > 0) return [];
      this.period = Math.ceil(this.period);
      this.inPeriodMs = 0;
      this.periodScores.push({ home: 0, away: 0 });
      return [{ type: "period" }];
    }
    this.inPeriodMs += this.tickMs;
    const out: Happening[] = [];
    const perMs = this.tickMs / (periods * periodMs);
    const scoredHome = rng.chance(this.rateHome * perMs);
    const scoredAway = !scoredHome && rng.chance(this.rateAway * perMs);
    if (scoredHome || scoredAway) {
      const goalnr = this.home + this.away + 1;
      out.push({ type: "danger", betstopReason: 1 });
      if (scoredHome) this.home++;
      else this.away++;
      const ps = this.periodScores[this.periodScores.length - 1];
      if (ps) scoredHome ? ps.home++ : ps.away++;
      out.push({ type: "score" });
      if (this.shape.markets.nextGoal) {
        this.offered.forget(8, `goalnr=${goalnr}`);
        out.push({
          type: "settle",
          markets: [
            {
              id: 8,
              specifiers: `goalnr=${goalnr}`,
              outcomes: [
                { id: "6", result: scoredHome ? 1 : 0 },
                { id: "7", result: 0 },
                { id: "8", result: scoredAway ? 1 : 0 },
              ],
            },
          ],
        });
      }
    } else if (rng.chance(this.shape.falseAlarm)) {
      out.push({ type: "danger", betstopReason: rng.chance(0.7) ? 1 : 8 });
    }
    if (this.shape.stoppage && this.inPeriodMs === periodMs - this.tickMs * 3)
      this.stoppageMs = rng.int(1, 5) * 60_000;
    if (this.inPeriodMs >= periodMs + this.stoppageMs) {
      this.stoppageMs = 0;
      if (this.period >= periods) {
        this.finish(rng);
      } else {
        this.period += 0.5;
        this.breakLeftMs = breakMs;
      }
      out.push({ type: "period" });
    }
    return out;
  }

  private finish(rng: Rng): void {
    this.done = true;
    if (this.home === this.away) {
      const share = this.rateHome / (this.rateHome + this.rateAway);
      this.overtimeWinner = rng.chance(share) ? "home" : "away";
    } else {
      this.overtimeWinner = this.home > this.away ? "home" : "away";
    }
  }

  finished(): boolean {
    return this.done;
  }

  prematchStatus(): SportEventStatus {
    return { status: EVENT_STATUS.notStarted, matchStatus: MATCH_STATUS_CODE.notStarted, periodScores: [] };
  }

  status(): SportEventStatus {
    const { periodCodes, breakCode, periodMs } = this.shape;
    const periodScores = this.periodScores.map((p, i) => ({
      number: i + 1,
      type: "regular_period" as const,
      matchStatusCode: periodCodes[i] ?? 0,
      home: p.home,
      away: p.away,
    }));
    if (this.done)
      return {
        status: EVENT_STATUS.ended,
        matchStatus: MATCH_STATUS_CODE.ended,
        homeScore: this.home,
        awayScore: this.away,
        periodScores,
      };
    const playing = Number.isInteger(this.period);
    const base = (Math.ceil(this.period) - 1) * periodMs;
    const elapsed = playing ? Math.min(this.inPeriodMs, periodMs) : 0;
    const stoppage = playing && this.inPeriodMs > periodMs ? mmss(this.inPeriodMs - periodMs) : undefined;
    return {
      status: EVENT_STATUS.live,
      matchStatus: playing ? (periodCodes[this.period - 1] ?? 0) : breakCode,
      homeScore: this.home,
      awayScore: this.away,
      periodScores,
      clock: {
        matchTime: mmss(playing ? base + elapsed : Math.ceil(this.period) * periodMs - periodMs),
        ...(stoppage ? { stoppageTime: stoppage } : {}),
        stopped: !playing,
      },
    };
  }

  price(margin: number): PricedMarket[] {
    if (this.done) return [];
    const share = this.remainingShare();
    return this.offered.note(
      priceGoals(
        {
          home: this.home,
          away: this.away,
          lambdaHome: this.rateHome * share,
          lambdaAway: this.rateAway * share,
        },
        this.shape.markets,
        margin,
      ),
    );
  }

  settle(): SettledMarket[] {
    const markets = settleGoals(
      this.offered.list(),
      { home: this.home, away: this.away },
      this.overtimeWinner ?? "home",
    );
    if (this.shape.markets.nextGoal) {
      const goalnr = this.home + this.away + 1;
      markets.push({
        id: 8,
        specifiers: `goalnr=${goalnr}`,
        outcomes: [
          { id: "6", result: 0 },
          { id: "7", result: 1 },
          { id: "8", result: 0 },
        ],
      });
    }
    return markets;
  }

  /** Final regulation score (for checks). */
  score(): { home: number; away: number } {
    return { home: this.home, away: this.away };
  }
}
