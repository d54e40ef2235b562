import type { SettledMarket, SportEventStatus } from "../model.js";
import { EVENT_STATUS, MATCH_STATUS_CODE } from "../model.js";
import { type GoalMarketSet, HOCKEY_MARKETS, priceGoals, SOCCER_MARKETS, settleGoals } from "./goals.js";
import {
  FIRST_HALF,
  isFirstHalfGoalMarket,
  priceHalf,
  priceHtFt,
  SECOND_HALF,
  settleHalves,
} from "./halves.js";
import { type IncidentRates, Incidents, isFirstHalfIncidentMarket } from "./incidents.js";
import { difference, poisson } from "./lines.js";
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
  /** chance per tick of a dangerous moment that comes to nothing (a bet stop all the same) */
  falseAlarm: number;
  stoppage: boolean;
  /** soccer: half markets, half-time/full-time, corners and bookings */
  halves: boolean;
}

/** Added time is announced a minute before the end of a period: one to five minutes, three on average. */
const STOPPAGE_ANNOUNCED_MS = 60_000;
const EXPECTED_STOPPAGE_MS = 3 * 60_000;
/**
 * The side markets (halves, half-time/full-time, corners, bookings) are repriced when something
 * happens in the match and otherwise every 30 s of play: they are most of the book and drift slowly,
 * while the main markets move every pulse.
 */
const SIDE_REPRICE_MS = 30_000;

const SOCCER: GoalSportShape = {
  periods: 2,
  periodMs: 45 * 60_000,
  breakMs: 15 * 60_000,
  periodCodes: [6, 7],
  breakCode: 31,
  markets: SOCCER_MARKETS,
  tickMs: 10_000,
  falseAlarm: 0.01,
  stoppage: true,
  halves: true,
};

const HOCKEY: GoalSportShape = {
  periods: 3,
  periodMs: 20 * 60_000,
  breakMs: 18 * 60_000,
  periodCodes: [1, 2, 3],
  breakCode: 30,
  markets: HOCKEY_MARKETS,
  tickMs: 10_000,
  falseAlarm: 0.0075,
  stoppage: false,
  halves: false,
};

/**
 * Soccer and ice hockey: goals arrive as a Poisson process at each team's rate; prices come from the
 * Poisson distribution of the goals still to come, which shrinks with the time left (added time
 * included, expected until it is announced), so every price drifts as the clock runs. Next-goal
 * markets settle as goals happen, first-half markets at half-time.
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
  /** counts the ticks in which anything happened, so the side markets know they are stale */
  private version = 0;
  private side: { markets: PricedMarket[]; leftMs: number; version: number } | undefined;

  constructor(
    private readonly shape: GoalSportShape,
    /** expected goals over regulation time */
    private readonly rateHome: number,
    private readonly rateAway: number,
    private readonly incidents?: Incidents,
  ) {
    this.tickMs = shape.tickMs;
  }

  static soccer(rng: Rng): GoalMatch {
    const strength = rng.normal(0, 0.45);
    const total = 2.3 + rng.next() * 0.9;
    const home = (total / 2) * Math.exp(strength / 2 + 0.12);
    const away = (total / 2) * Math.exp(-strength / 2 - 0.12);
    // the stronger side wins more corners and the weaker one collects more cards
    const rates: IncidentRates = {
      corners: [5.3 * Math.exp(strength * 0.35), 4.5 * Math.exp(-strength * 0.35)],
      yellows: [1.8 * Math.exp(-strength * 0.2), 2.1 * Math.exp(strength * 0.2)],
      reds: [0.06, 0.08],
    };
    return new GoalMatch(SOCCER, home, away, new Incidents(rates));
  }

  static hockey(rng: Rng): GoalMatch {
    const strength = rng.normal(0, 0.35);
    const total = 5.2 + rng.next() * 1.2;
    return new GoalMatch(HOCKEY, (total / 2) * Math.exp(strength / 2), (total / 2) * Math.exp(-strength / 2));
  }

  /** Play left in the current period, added time included (expected until announced); 0 in a break. */
  private periodLeftMs(): number {
    const { periodMs, stoppage } = this.shape;
    const added = stoppage ? (this.stoppageMs > 0 ? this.stoppageMs : EXPECTED_STOPPAGE_MS) : 0;
    if (this.period === 0) return periodMs + added;
    if (!Number.isInteger(this.period)) return 0;
    return Math.max(0, periodMs + added - this.inPeriodMs);
  }

  /** Play left in the first period and in the whole match, in ms. */
  private playLeftMs(): { first: number; all: number } {
    const { periods, periodMs, stoppage } = this.shape;
    const full = periodMs + (stoppage ? EXPECTED_STOPPAGE_MS : 0);
    const current = this.periodLeftMs();
    const after = periods - Math.max(1, Math.floor(this.period));
    const all = current + after * full;
    return { first: this.period < 1.5 ? current : 0, all };
  }

  tick(rng: Rng): Happening[] {
    const out = this.play(rng);
    if (out.length > 0) this.version++;
    return out;
  }

  private play(rng: Rng): Happening[] {
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
    if (this.incidents?.tick(rng, perMs, this.period > 1 ? 1 : 0)) out.push({ type: "score" });
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
    if (this.shape.stoppage && this.inPeriodMs === periodMs - STOPPAGE_ANNOUNCED_MS)
      this.stoppageMs = rng.int(1, 5) * 60_000;
    if (this.inPeriodMs >= periodMs + this.stoppageMs) {
      this.stoppageMs = 0;
      if (this.period === 1 && this.shape.halves) out.push(this.settleFirstHalf());
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

  /** At half-time the first half's markets are decided: settled now and no longer offered. */
  private settleFirstHalf(): Happening {
    const first = this.offered
      .list()
      .filter((m) => isFirstHalfGoalMarket(m.id) || isFirstHalfIncidentMarket(m.id));
    for (const m of first) this.offered.forget(m.id, m.specifiers);
    const score = this.periodScores[0] ?? { home: 0, away: 0 };
    return {
      type: "settle",
      markets: [...settleHalves(first, score, undefined), ...(this.incidents?.settle(first) ?? [])],
    };
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

  price(margin: number, edge: number): PricedMarket[] {
    if (this.done) return [];
    const { periods, periodMs } = this.shape;
    const left = this.playLeftMs();
    // goals per ms of play at each side's rate, leaning with the run of play
    const perMs = 1 / (periods * periodMs);
    const home = this.rateHome * Math.exp(edge / 2) * perMs;
    const away = this.rateAway * Math.exp(-edge / 2) * perMs;
    const out = priceGoals(
      { home: this.home, away: this.away, lambdaHome: home * left.all, lambdaAway: away * left.all },
      this.shape.markets,
      margin,
    );
    const cached = this.side;
    if (cached && cached.version === this.version && cached.leftMs - left.all < SIDE_REPRICE_MS) {
      out.push(...cached.markets);
    } else if (this.shape.halves) {
      const side: PricedMarket[] = [];
      const inFirst = this.period < 1.5;
      const first = this.periodScores[0] ?? { home: 0, away: 0 };
      const second = this.periodScores[1] ?? { home: 0, away: 0 };
      const rest = left.all - left.first;
      const h1 = poisson(home * left.first);
      const a1 = poisson(away * left.first);
      const h2 = poisson(home * rest);
      const a2 = poisson(away * rest);
      if (inFirst) side.push(...priceHalf(FIRST_HALF, { ...first, ph: h1, pa: a1 }, margin));
      side.push(...priceHalf(SECOND_HALF, { ...second, ph: h2, pa: a2 }, margin));
      side.push(
        priceHtFt(
          difference(h1, a1, first.home - first.away),
          difference(h2, a2, second.home - second.away),
          margin,
        ),
      );
      const regulation = periods * periodMs;
      if (this.incidents)
        side.push(...this.incidents.price(left.first / regulation, left.all / regulation, inFirst, margin));
      this.side = { markets: side, leftMs: left.all, version: this.version };
      out.push(...side);
    }
    return this.offered.note(out);
  }

  settle(): SettledMarket[] {
    const offered = this.offered.list();
    const markets = settleGoals(offered, { home: this.home, away: this.away }, this.overtimeWinner ?? "home");
    if (this.shape.halves) {
      const first = this.periodScores[0] ?? { home: 0, away: 0 };
      const second = this.periodScores[1] ?? { home: 0, away: 0 };
      markets.push(...settleHalves(offered, first, second), ...(this.incidents?.settle(offered) ?? []));
    }
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

  /** Corners, bookings and red cards so far, whole match (for checks). */
  incidentCounts():
    | { corners: [number, number]; bookings: [number, number]; reds: [number, number] }
    | undefined {
    const i = this.incidents;
    if (!i) return undefined;
    return {
      corners: i.count("corners", false),
      bookings: i.count("bookings", false),
      reds: i.count("reds", false),
    };
  }

  /** Goals per half (for checks). */
  halfScores(): { home: number; away: number }[] {
    return this.periodScores.map((p) => ({ ...p }));
  }

  /** Final regulation score (for checks). */
  score(): { home: number; away: number } {
    return { home: this.home, away: this.away };
  }
}
