import { MARKET_STATUS } from "@sportsbook/domain";
import {
  EVENT_STATUS,
  type FeedEvent,
  FIXTURE_CHANGE,
  type FixtureInfo,
  MATCH_STATUS_CODE,
  type MarketOdds,
  type MarketRef,
  PRODUCER,
  type Provider,
  type SettledMarket,
} from "../model.js";
import { BasketballMatch } from "./basketball.js";
import { SentBook } from "./book.js";
import { abbreviation, pickSport, type SportDef, sportId } from "./catalogue.js";
import { competitors, type SimContext, type SimMessage, urnPrefix } from "./context.js";
import { CricketMatch } from "./cricket.js";
import { EsportsMatch } from "./esports.js";
import { PRODUCERS } from "./producers.js";
import { nextEdge, PULSE_MS } from "./run-of-play.js";
import { GoalMatch } from "./soccer.js";
import type { LiveModel } from "./sport.js";
import { TennisMatch } from "./tennis.js";

const REOPEN_MS = 8_000;
/**
 * Real time between two pulses of a live match, at least: however fast the feed is played, a live
 * match sends at most one odds change every two real seconds (bet stops and reopenings aside), which
 * keeps a fast feed light: with the default 40 matches at `FEED_SPEED=60`, about 13 live odds
 * changes a real second for an ingest that shares its event loop with the pages and the API.
 */
export const REAL_PULSE_MS = 2_000;
const PREMATCH_REPRICE_MS = 5 * 60_000;
/**
 * Latest kick-off of a new prematch match. The upcoming matches are kept at their first count, so
 * live ones number that count times a match's length over the mean lead: about as many again.
 */
const MAX_LEAD_MS = 3 * 60 * 60_000;
/** Extra steps of the run of play when a pulse moved no price. */
const RESTEPS = 3;
/** A match already in play at the start has played up to 150 of these stretches of time silently. */
const WARM_STEP_MS = 20_000;

interface SimMatch {
  urn: string;
  sport: SportDef;
  model: LiveModel;
  producer: number;
  live: boolean;
  stopped: boolean;
  closed: boolean;
  /** the whole book as last priced */
  last: MarketOdds[];
  /** what the live odds changes have sent, so each sends only what moved */
  sent: SentBook;
  /** the run of play (`run-of-play.ts`) */
  edge: number;
  /** match time since the model last played a tick */
  sinceTick: number;
  /** steps of match time each pulse plays (one unless the feed is played fast, see `pulse`) */
  steps: number;
}

export interface MatchScheduleOptions {
  /** Chance that a live match is abandoned (all its markets cancelled). */
  abandonRate?: number;
  /** Chance that a match's first settlement is wrong, rolled back and settled again. */
  rollbackRate?: number;
  /** Latest kick-off of a newly scheduled prematch match, ms after it is scheduled. */
  maxLeadMs?: number;
  /**
   * Where a simulated match can be watched (the embedded broadcast page); without it no match has
   * a stream. Every third match scheduled is broadcast, counted so the random stream is untouched.
   */
  streamUrl?: (urn: string) => string;
}

/** The simulated provider's channel; one match in `BROADCAST_EVERY` is on it. */
export const SANDBOX_CHANNEL = "Sandbox TV";
const BROADCAST_EVERY = 3;

/**
 * The life of each simulated match: scheduled with its fixture and prices, repriced before
 * kick-off, handed over to the live producer, revisited every pulse (`PULSE_MS` of match time, and
 * at least `REAL_PULSE_MS` of real time) while its model plays tick by tick (bet stops, settlements
 * of decided markets), then ended, settled (now and then wrongly, then rolled back) and closed, or
 * called off or abandoned. A closed match makes room for a new one. Every pulse reprices the book
 * and sends the markets that moved, so a live match's prices change every few seconds of match time.
 */
export function createMatchSchedule(ctx: SimContext, options: MatchScheduleOptions) {
  const { rng, queue } = ctx;
  /**
   * Match time a pulse may not be shorter than, so it comes at most once per `REAL_PULSE_MS` of real
   * time: played faster than 5×, a pulse plays every step of match time that fell due since the
   * last one and sends what moved in one odds change.
   */
  const floorMs = REAL_PULSE_MS * ctx.speed;
  const matches = new Map<string, SimMatch>();
  // matches scheduled so far, which picks the broadcast ones
  let scheduled = 0;

  function emitMatch(m: SimMatch, event: FeedEvent): void {
    ctx.push({ event, sportId: sportId(m.sport), live: m.live });
  }

  function envelope(m: SimMatch) {
    return { provider: m.sport.provider, producer: m.producer, eventUrn: m.urn, timestamp: ctx.now() };
  }

  function newModel(sport: SportDef): LiveModel {
    switch (sport.key) {
      case "soccer":
        return GoalMatch.soccer(rng);
      case "ice-hockey":
        return GoalMatch.hockey(rng);
      case "tennis":
        return TennisMatch.random(rng);
      case "basketball":
        return BasketballMatch.random(rng);
      case "cricket":
        return CricketMatch.random(rng);
      default:
        return EsportsMatch.random(rng, sport.title ?? "cs2");
    }
  }

  function price(m: SimMatch): MarketOdds[] {
    m.last = m.model.price(ctx.margin, m.live ? m.edge : 0).map((p) => p.market);
    return m.last;
  }

  /** The whole book. */
  function oddsChange(m: SimMatch): FeedEvent {
    const markets = price(m);
    m.sent.reset(markets);
    return {
      kind: "odds_change",
      ...envelope(m),
      status: m.live ? m.model.status() : m.model.prematchStatus(),
      markets,
    };
  }

  function scheduleMatch(at: number, inPlay: boolean): void {
    const sport = pickSport(rng);
    const league = rng.pick(sport.leagues);
    const [home, away] = competitors(ctx, sport, 2);
    if (!home || !away) return;
    const model = newModel(sport);
    const urn = `${urnPrefix(sport)}:match:${40_000_000 + ctx.newId()}`;
    const producers = PRODUCERS[sport.provider];
    const m: SimMatch = {
      urn,
      sport,
      model,
      producer: inPlay ? producers.live : producers.pre,
      live: inPlay,
      stopped: false,
      closed: false,
      last: [],
      sent: new SentBook(),
      edge: 0,
      // the first pulse plays a tick
      sinceTick: model.tickMs - pulseMs(model),
      steps: Math.max(1, Math.ceil(floorMs / pulseMs(model))),
    };
    let startTime: number;
    if (inPlay) {
      // already under way: play the first part silently so the match appears mid-game
      const warm = rng.int(0, 150) * Math.max(1, Math.round(WARM_STEP_MS / model.tickMs));
      for (let i = 0; i < warm && !model.finished(); i++) model.tick(rng);
      if (model.finished()) {
        scheduleMatch(at, false);
        return;
      }
      startTime = at - warm * model.tickMs;
    } else {
      startTime = at + rng.int(2 * 60_000, options.maxLeadMs ?? MAX_LEAD_MS);
      startTime -= startTime % 60_000;
    }
    matches.set(urn, m);
    scheduled += 1;
    const fixture: FixtureInfo = {
      type: "match",
      startTime,
      sport: { urn: sport.urn, name: sport.name },
      category: league.category,
      tournament: league.tournament,
      competitors: [
        { ...home, abbreviation: abbreviation(home.name), qualifier: "home" },
        { ...away, abbreviation: abbreviation(away.name), qualifier: "away" },
      ],
      liveOdds: true,
      ...(options.streamUrl && scheduled % BROADCAST_EVERY === 0
        ? { tvChannels: [{ name: SANDBOX_CHANNEL, streamUrl: options.streamUrl(urn) }] }
        : {}),
    };
    // fixtures come from the provider's REST API, not from a producer
    emitMatch(m, { kind: "fixture", ...envelope(m), producer: PRODUCER.none, fixture });
    emitMatch(m, oddsChange(m));
    if (inPlay) queue.push(at + m.steps * pulseMs(model), () => pulse(m));
    else {
      queue.push(Math.min(startTime, at + PREMATCH_REPRICE_MS), () => prematch(m, startTime));
    }
  }

  function prematch(m: SimMatch, startTime: number): void {
    if (m.closed) return;
    if (ctx.now() < startTime) {
      if (rng.chance(0.004)) {
        // called off before kick-off: every market is cancelled and stakes go back
        emitMatch(m, { kind: "fixture_change", ...envelope(m), changeType: FIXTURE_CHANGE.cancelled });
        const refs = m.last.map((mk) => ({ id: mk.id, specifiers: mk.specifiers, voidReason: 5 }));
        emitMatch(m, { kind: "bet_cancel", ...envelope(m), markets: refs });
        close(m);
        return;
      }
      let start = startTime;
      if (rng.chance(0.01)) {
        // kick-off moved back
        start = startTime + rng.int(1, 4) * 15 * 60_000;
        emitMatch(m, {
          kind: "fixture_change",
          ...envelope(m),
          changeType: FIXTURE_CHANGE.dateTime,
          startTime: start,
        });
      }
      emitMatch(m, oddsChange(m));
      queue.push(Math.min(start, ctx.now() + PREMATCH_REPRICE_MS), () => prematch(m, start));
      return;
    }
    // hand-over: the prematch producer marks its markets handed over, the live producer takes them
    emitMatch(m, {
      kind: "odds_change",
      ...envelope(m),
      markets: m.last.map((mk) => ({ ...mk, status: MARKET_STATUS.handedOver })),
    });
    m.producer = PRODUCERS[m.sport.provider].live;
    m.live = true;
    // Every kick-off schedules the next match, so the upcoming list stays as long as it started
    // whatever the sports' lengths: replaced only at the final whistle, a list of 40 held two or
    // three upcoming soccer matches once the first kick-offs had passed.
    scheduleMatch(ctx.now(), false);
    // the live producer's first odds change carries the whole book
    m.sent.clear();
    pulse(m);
  }

  /**
   * One pulse of a live match: for each step of match time it covers (one unless the feed is played
   * fast, see `floorMs`) the run of play moves and the model plays a tick when one is due; then the
   * book is repriced once and what moved is sent in one odds change.
   */
  function pulse(m: SimMatch): void {
    if (m.closed) return;
    const step = pulseMs(m.model);
    let happened = false;
    for (let i = 0; i < m.steps; i++) {
      m.edge = nextEdge(rng, m.edge);
      m.sinceTick += step;
      if (m.sinceTick < m.model.tickMs) continue;
      m.sinceTick = 0;
      if (rng.chance(options.abandonRate ?? 0.02) && rng.chance(m.model.tickMs / (100 * 60_000))) {
        abandon(m);
        return;
      }
      if (play(m)) happened = true;
      if (m.model.finished()) {
        end(m);
        return;
      }
    }
    if (!m.stopped) {
      let moved = m.sent.changes(price(m));
      // a lean too small to cross a step of the price ladder takes another step or two
      for (let i = 0; moved.length === 0 && i < RESTEPS; i++) {
        m.edge = nextEdge(rng, m.edge);
        moved = m.sent.changes(price(m));
      }
      if (moved.length > 0 || happened)
        emitMatch(m, { kind: "odds_change", ...envelope(m), status: m.model.status(), markets: moved });
    }
    queue.push(ctx.now() + m.steps * step, () => pulse(m));
  }

  /** Plays one tick of the model and sends its bet stops and settlements; true when the status moved. */
  function play(m: SimMatch): boolean {
    let happened = false;
    for (const h of m.model.tick(rng)) {
      if (h.type === "danger" && !m.stopped) {
        m.stopped = true;
        emitMatch(m, {
          kind: "bet_stop",
          ...envelope(m),
          groups: ["all"],
          marketStatus: MARKET_STATUS.suspended,
        });
        queue.push(ctx.now() + REOPEN_MS, () => {
          if (m.closed || m.model.finished()) return;
          m.stopped = false;
          emitMatch(m, oddsChange(m));
        });
      } else if (h.type === "settle") {
        emitMatch(m, { kind: "bet_settlement", ...envelope(m), certainty: 1, markets: h.markets });
      } else if (h.type !== "danger") {
        happened = true;
      }
    }
    return happened;
  }

  function wrong(markets: SettledMarket[]): SettledMarket[] {
    const i = rng.int(0, markets.length - 1);
    const target = markets[i];
    if (!target) return markets;
    const flipped = {
      ...target,
      outcomes: target.outcomes.map((o) =>
        o.voidFactor ? o : { ...o, result: (o.result === 1 ? 0 : 1) as 0 | 1 },
      ),
    };
    return markets.map((mk, j) => (j === i ? flipped : mk));
  }

  function end(m: SimMatch): void {
    const status = m.model.status();
    emitMatch(m, {
      kind: "odds_change",
      ...envelope(m),
      status,
      markets: m.last.map((mk) => ({ ...mk, status: MARKET_STATUS.suspended })),
    });
    const settled = m.model.settle();
    const rollback = settled.length > 0 && rng.chance(options.rollbackRate ?? 0.03);
    const first = rollback ? wrong(settled) : settled;
    queue.push(ctx.now() + 30_000, () => {
      emitMatch(m, { kind: "bet_settlement", ...envelope(m), certainty: 1, markets: first });
    });
    if (rollback) {
      const changed = first
        .filter((mk, i) => mk !== settled[i])
        .map((mk) => ({ id: mk.id, specifiers: mk.specifiers }));
      queue.push(ctx.now() + 90_000, () =>
        emitMatch(m, { kind: "rollback_bet_settlement", ...envelope(m), markets: changed }),
      );
    }
    queue.push(ctx.now() + 5 * 60_000, () => {
      emitMatch(m, { kind: "bet_settlement", ...envelope(m), certainty: 2, markets: settled });
      emitMatch(m, {
        kind: "odds_change",
        ...envelope(m),
        status: { ...status, status: EVENT_STATUS.closed },
        markets: [],
      });
      close(m);
    });
  }

  function abandon(m: SimMatch): void {
    const status = m.model.status();
    const refs: MarketRef[] = m.model
      .settle()
      .map((mk) => ({ id: mk.id, specifiers: mk.specifiers, voidReason: 10 }));
    emitMatch(m, {
      kind: "odds_change",
      ...envelope(m),
      status: { ...status, status: EVENT_STATUS.abandoned, matchStatus: MATCH_STATUS_CODE.abandoned },
      markets: m.last.map((mk) => ({ ...mk, status: MARKET_STATUS.cancelled })),
    });
    emitMatch(m, { kind: "bet_cancel", ...envelope(m), markets: refs });
    close(m);
  }

  function close(m: SimMatch): void {
    m.closed = true;
    matches.delete(m.urn);
    // a match called off before kick-off leaves a gap among the upcoming ones; a live match's
    // successor was scheduled when it kicked off
    if (!m.live) scheduleMatch(ctx.now(), false);
  }

  return {
    /** Adds a match: already in play (warmed up silently) or kicking off later. */
    schedule: scheduleMatch,
    /** Sends current odds of a producer's running matches again, as a recovery snapshot. */
    resendOdds(provider: Provider, producer: number, requestId: number): void {
      for (const m of matches.values()) {
        if (m.sport.provider !== provider || m.producer !== producer || m.stopped || m.model.finished())
          continue;
        emitMatch(m, { ...oddsChange(m), requestId } as FeedEvent);
      }
    },
    /**
     * The current book of every match of the producer, as a recovery request is answered: read from
     * what was last priced, so answering draws nothing from the random stream and changes no state
     * (the session's messages stay the same, and a resumed session regenerates them).
     */
    snapshot(provider: Provider, producer: number, requestId: number): SimMessage[] {
      const out: SimMessage[] = [];
      for (const m of matches.values()) {
        if (m.sport.provider !== provider || m.producer !== producer || m.stopped || m.model.finished())
          continue;
        if (m.last.length === 0) continue;
        const event: FeedEvent = {
          kind: "odds_change",
          ...envelope(m),
          requestId,
          status: m.live ? m.model.status() : m.model.prematchStatus(),
          markets: m.last,
        };
        out.push({ event, sportId: sportId(m.sport), live: m.live });
      }
      return out;
    },
    live: () => [...matches.values()].filter((m) => m.live).length,
    count: () => matches.size,
  };
}

/** Time between two pulses of a live match: a model ticking more often than `PULSE_MS` sets the pace. */
function pulseMs(model: LiveModel): number {
  return Math.min(PULSE_MS, model.tickMs);
}
