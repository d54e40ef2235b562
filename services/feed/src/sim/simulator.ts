import type { Translations } from "@sportsbook/db";
import { MARKET_STATUS } from "@sportsbook/domain";
import type { Descriptions } from "../descriptions/descriptions.js";
import {
  EVENT_STATUS,
  type FeedEvent,
  type FixtureInfo,
  MATCH_STATUS_CODE,
  type MarketOdds,
  type MarketRef,
  PRODUCER,
  type Provider,
  type SettledMarket,
} from "../model.js";
import { BasketballMatch } from "./basketball.js";
import {
  abbreviation,
  competitorName,
  type League,
  pickSport,
  SPORTS,
  type SportDef,
  sportId,
} from "./catalogue.js";
import { CricketMatch } from "./cricket.js";
import { EsportsMatch } from "./esports.js";
import { outrightNames, simulatedNames } from "./names.js";
import { ladder, MIN_ODDS } from "./pricing.js";
import { createRng, type Rng } from "./prng.js";
import { ActionQueue } from "./queue.js";
import { GoalMatch } from "./soccer.js";
import type { LiveModel } from "./sport.js";
import { TennisMatch } from "./tennis.js";

export interface SimulatorOptions {
  seed: string | number;
  /** Matches kept in the rolling schedule at any time. */
  matches: number;
  /** Epoch ms at which the simulated feed starts. */
  startTime: number;
  /** Bookmaker margin as a fraction (0.05 = 5 % overround). */
  margin?: number;
  /** Share of the first matches that are already in play at the start. */
  liveShare?: number;
  /** Outright markets for a few leagues. */
  outrights?: boolean;
  /** Producers going down and coming back now and then. */
  outages?: boolean;
  /** Chance that a live match is abandoned (all its markets cancelled). */
  abandonRate?: number;
  /** Chance that a match's first settlement is wrong, rolled back and settled again. */
  rollbackRate?: number;
  /** Latest kick-off of a newly scheduled prematch match, ms after it is scheduled. */
  maxLeadMs?: number;
  /** Added to every generated id, so separate sessions never reuse a URN. */
  idBase?: number;
}

/** A simulated message in the internal model, with what its routing key needs. */
export interface SimMessage {
  event: FeedEvent;
  sportId: number;
  live: boolean;
}

/** Producer ids per provider: betradar 3 prematch / 1 live; oddin 1 pre / 2 live; betconstruct 3 / 1. */
export const PRODUCERS: Record<Provider, { pre: number; live: number }> = {
  betradar: { pre: 3, live: 1 },
  oddin: { pre: 1, live: 2 },
  betconstruct: { pre: 3, live: 1 },
};

const ALIVE_MS = 10_000;
const REOPEN_MS = 8_000;
const PREMATCH_REPRICE_MS = 5 * 60_000;

interface SimMatch {
  urn: string;
  sport: SportDef;
  model: LiveModel;
  producer: number;
  live: boolean;
  stopped: boolean;
  ticks: number;
  closed: boolean;
  last: MarketOdds[];
}

interface SimOutright {
  urn: string;
  sport: SportDef;
  league: League;
  competitors: { urn: string; name: string; strength: number }[];
  specifiers: string;
}

/**
 * A deterministic feed: a rolling schedule of prematch and live matches across sports, priced by
 * models and emitted as internal events in the order a provider would send them. The same seed and
 * start time always give the same messages, however `advanceTo` is sliced.
 */
export function createSimulator(options: SimulatorOptions) {
  const margin = options.margin ?? 0.05;
  const rng: Rng = createRng(options.seed);
  const queue = new ActionQueue();
  const out: SimMessage[] = [];
  const matches = new Map<string, SimMatch>();
  const down = new Map<string, { deferred: SimMessage[]; requestId: number }>();
  let now = options.startTime;
  let nextId = 1 + (options.idBase ?? 0);
  let requestIds = 1;

  // the description service: catalogue names by URN, outrights added as they are scheduled
  const described = new Map<string, Translations>();
  const describe = (urn: string, names: Translations | undefined) => {
    if (names) described.set(urn, names);
  };
  for (const sport of SPORTS) {
    describe(sport.urn, simulatedNames(sport.name));
    for (const l of sport.leagues) {
      describe(l.category.urn, simulatedNames(l.category.name));
      describe(l.tournament.urn, simulatedNames(l.tournament.name));
    }
  }
  const descriptions: Descriptions = { names: (urn) => described.get(urn) };

  const producerKey = (p: Provider, producer: number) => `${p}/${producer}`;

  function push(msg: SimMessage): void {
    const e = msg.event;
    const outage = down.get(producerKey(e.provider, e.producer));
    if (outage && e.kind !== "alive") {
      // prices sent while a producer is down are lost; settlements are replayed on recovery
      if (e.kind !== "odds_change" && e.kind !== "bet_stop") outage.deferred.push(msg);
      return;
    }
    out.push(msg);
  }

  function emitMatch(m: SimMatch, event: FeedEvent): void {
    push({ event, sportId: sportId(m.sport), live: m.live });
  }

  function envelope(m: SimMatch) {
    return { provider: m.sport.provider, producer: m.producer, eventUrn: m.urn, timestamp: now };
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

  function urnPrefix(sport: SportDef): string {
    return sport.urn.slice(0, sport.urn.indexOf(":"));
  }

  function competitors(sport: SportDef, n: number): { urn: string; name: string }[] {
    const names = new Set<string>();
    while (names.size < n) names.add(competitorName(rng, sport));
    return [...names].map((name) => ({ urn: `${urnPrefix(sport)}:competitor:${100_000 + nextId++}`, name }));
  }

  function oddsChange(m: SimMatch): FeedEvent {
    const markets = m.model.price(margin).map((p) => p.market);
    m.last = markets;
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
    const [home, away] = competitors(sport, 2);
    if (!home || !away) return;
    const model = newModel(sport);
    const urn = `${urnPrefix(sport)}:match:${40_000_000 + nextId++}`;
    const producers = PRODUCERS[sport.provider];
    const m: SimMatch = {
      urn,
      sport,
      model,
      producer: inPlay ? producers.live : producers.pre,
      live: inPlay,
      stopped: false,
      ticks: 0,
      closed: false,
      last: [],
    };
    let startTime: number;
    if (inPlay) {
      // already under way: play the first part silently so the match appears mid-game
      const warm = rng.int(0, 150);
      for (let i = 0; i < warm && !model.finished(); i++) model.tick(rng);
      if (model.finished()) {
        scheduleMatch(at, false);
        return;
      }
      startTime = at - warm * model.tickMs;
    } else {
      startTime = at + rng.int(2 * 60_000, options.maxLeadMs ?? 90 * 60_000);
      startTime -= startTime % 60_000;
    }
    matches.set(urn, m);
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
    };
    // fixtures come from the provider's REST API, not from a producer
    emitMatch(m, { kind: "fixture", ...envelope(m), producer: PRODUCER.none, fixture });
    emitMatch(m, oddsChange(m));
    if (inPlay) queue.push(at + model.tickMs, () => tick(m));
    else {
      queue.push(Math.min(startTime, at + PREMATCH_REPRICE_MS), () => prematch(m, startTime));
    }
  }

  function prematch(m: SimMatch, startTime: number): void {
    if (m.closed) return;
    if (now < startTime) {
      if (rng.chance(0.004)) {
        // called off before kick-off: every market is cancelled and stakes go back
        emitMatch(m, { kind: "fixture_change", ...envelope(m), changeType: 3 });
        const refs = m.last.map((mk) => ({ id: mk.id, specifiers: mk.specifiers, voidReason: 5 }));
        emitMatch(m, { kind: "bet_cancel", ...envelope(m), markets: refs });
        close(m);
        return;
      }
      let start = startTime;
      if (rng.chance(0.01)) {
        // kick-off moved back
        start = startTime + rng.int(1, 4) * 15 * 60_000;
        emitMatch(m, { kind: "fixture_change", ...envelope(m), changeType: 2, startTime: start });
      }
      emitMatch(m, oddsChange(m));
      queue.push(Math.min(start, now + PREMATCH_REPRICE_MS), () => prematch(m, start));
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
    tick(m);
  }

  function tick(m: SimMatch): void {
    if (m.closed) return;
    m.ticks++;
    if (rng.chance(options.abandonRate ?? 0.02) && rng.chance(m.model.tickMs / (100 * 60_000))) {
      abandon(m);
      return;
    }
    const happenings = m.model.tick(rng);
    let changed = m.ticks % 3 === 0;
    for (const h of happenings) {
      if (h.type === "danger" && !m.stopped) {
        m.stopped = true;
        emitMatch(m, {
          kind: "bet_stop",
          ...envelope(m),
          groups: ["all"],
          marketStatus: MARKET_STATUS.suspended,
        });
        queue.push(now + REOPEN_MS, () => {
          if (m.closed || m.model.finished()) return;
          m.stopped = false;
          emitMatch(m, oddsChange(m));
        });
      } else if (h.type === "settle") {
        emitMatch(m, { kind: "bet_settlement", ...envelope(m), certainty: 1, markets: h.markets });
      } else {
        changed = true;
      }
    }
    if (m.model.finished()) {
      end(m);
      return;
    }
    if (changed && !m.stopped) emitMatch(m, oddsChange(m));
    queue.push(now + m.model.tickMs, () => tick(m));
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
    queue.push(now + 30_000, () => {
      emitMatch(m, { kind: "bet_settlement", ...envelope(m), certainty: 1, markets: first });
    });
    if (rollback) {
      const changed = first
        .filter((mk, i) => mk !== settled[i])
        .map((mk) => ({ id: mk.id, specifiers: mk.specifiers }));
      queue.push(now + 90_000, () =>
        emitMatch(m, { kind: "rollback_bet_settlement", ...envelope(m), markets: changed }),
      );
    }
    queue.push(now + 5 * 60_000, () => {
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
    scheduleMatch(now, false);
  }

  // outrights: a season winner market per soccer league, settled after a few hours
  function scheduleOutright(sport: SportDef, league: League): void {
    const comps = competitors(sport, 8).map((c) => ({ ...c, strength: rng.normal(0, 0.8) }));
    const o: SimOutright = {
      urn: `${urnPrefix(sport)}:outright:${9_000_000 + nextId++}`,
      sport,
      league,
      competitors: comps,
      specifiers: `variant=sr:winner:${league.tournament.urn.slice(league.tournament.urn.lastIndexOf(":") + 1)}`,
    };
    describe(o.urn, outrightNames(league.tournament.name));
    const ends = now + rng.int(3, 6) * 3_600_000;
    const producer = PRODUCERS[sport.provider].pre;
    const env = () => ({ provider: sport.provider, producer, eventUrn: o.urn, timestamp: now });
    const meta = { sportId: sportId(sport), live: false };
    push({
      ...meta,
      event: {
        kind: "fixture",
        ...env(),
        producer: PRODUCER.none,
        fixture: {
          type: "outright",
          name: `${league.tournament.name} - Winner`,
          startTime: now,
          endTime: ends,
          sport: { urn: sport.urn, name: sport.name },
          category: league.category,
          tournament: league.tournament,
          competitors: comps.map((c) => ({ urn: c.urn, name: c.name })),
          liveOdds: false,
        },
      },
    });
    const probs = () => {
      const w = o.competitors.map((c) => Math.exp(c.strength));
      const s = w.reduce((a, b) => a + b, 0);
      return w.map((x) => x / s);
    };
    const price = () => {
      const p = probs();
      push({
        ...meta,
        event: {
          kind: "odds_change",
          ...env(),
          markets: [
            {
              id: 534,
              specifiers: o.specifiers,
              status: MARKET_STATUS.allowed,
              outcomes: o.competitors.map((c, i) => ({
                id: c.urn,
                odds: Math.max(MIN_ODDS, ladder(1 / ((p[i] ?? 0.01) * (1 + margin * 3)))),
                active: true,
              })),
            },
          ],
        },
      });
    };
    price();
    const drift = () => {
      if (now >= ends) {
        const p = probs();
        const pickWinner = () => {
          let r = rng.next();
          for (let i = 0; i < p.length; i++) {
            r -= p[i] ?? 0;
            if (r < 0) return i;
          }
          return p.length - 1;
        };
        const first = pickWinner();
        let second = rng.chance(0.25) ? pickWinner() : first;
        if (second === first) second = -1;
        push({
          ...meta,
          event: {
            kind: "bet_settlement",
            ...env(),
            certainty: 2,
            markets: [
              {
                id: 534,
                specifiers: o.specifiers,
                ...(second >= 0 ? { voidReason: 8 } : {}),
                outcomes: o.competitors.map((c, i) =>
                  i === first || i === second
                    ? { id: c.urn, result: 1 as const, ...(second >= 0 ? { deadHeatFactor: 0.5 } : {}) }
                    : { id: c.urn, result: 0 as const },
                ),
              },
            ],
          },
        });
        scheduleOutright(sport, league);
        return;
      }
      for (const c of o.competitors) c.strength += rng.normal(0, 0.05);
      price();
      queue.push(Math.min(ends, now + 10 * 60_000), drift);
    };
    queue.push(now + 10 * 60_000, drift);
  }

  function alive(provider: Provider, producer: number): void {
    if (!down.has(producerKey(provider, producer))) {
      push({
        event: { kind: "alive", provider, producer, timestamp: now, subscribed: true },
        sportId: 0,
        live: false,
      });
    }
    queue.push(now + ALIVE_MS, () => alive(provider, producer));
  }

  function outage(provider: Provider, producer: number): void {
    const key = producerKey(provider, producer);
    push({
      event: { kind: "alive", provider, producer, timestamp: now, subscribed: false },
      sportId: 0,
      live: false,
    });
    const requestId = requestIds++;
    down.set(key, { deferred: [], requestId });
    queue.push(now + rng.int(30, 120) * 1000, () => {
      const state = down.get(key);
      down.delete(key);
      push({
        event: { kind: "alive", provider, producer, timestamp: now, subscribed: true },
        sportId: 0,
        live: false,
      });
      // recovery: everything the producer held back, then a snapshot of current odds, then the marker
      for (const msg of state?.deferred ?? [])
        out.push({ ...msg, event: { ...msg.event, timestamp: now } as FeedEvent });
      for (const m of matches.values()) {
        if (m.sport.provider !== provider || m.producer !== producer || m.stopped || m.model.finished())
          continue;
        const e = oddsChange(m);
        emitMatch(m, { ...e, requestId: state?.requestId ?? requestId } as FeedEvent);
      }
      push({
        event: {
          kind: "snapshot_complete",
          provider,
          producer,
          timestamp: now,
          requestId: state?.requestId ?? requestId,
        },
        sportId: 0,
        live: false,
      });
      queue.push(now + rng.int(20, 60) * 60_000, () => outage(provider, producer));
    });
  }

  // initial schedule
  const liveShare = options.liveShare ?? 0.5;
  for (let i = 0; i < options.matches; i++) scheduleMatch(now, i < Math.round(options.matches * liveShare));
  if (options.outrights ?? true) {
    const soccer = SPORTS.find((s) => s.key === "soccer" && s.provider === "betradar");
    for (const league of soccer?.leagues.slice(0, 2) ?? []) if (soccer) scheduleOutright(soccer, league);
  }
  for (const provider of ["betradar", "oddin", "betconstruct"] as const) {
    const p = PRODUCERS[provider];
    for (const producer of [p.pre, p.live]) alive(provider, producer);
    if (options.outages ?? true) queue.push(now + rng.int(10, 40) * 60_000, () => outage(provider, p.live));
  }

  return {
    /** Runs the feed up to `time` (epoch ms) and returns the messages sent meanwhile, oldest first. */
    advanceTo(time: number): SimMessage[] {
      for (;;) {
        const at = queue.peekTime();
        if (at === undefined || at > time) break;
        const action = queue.pop();
        now = Math.max(now, at);
        action?.run();
      }
      now = Math.max(now, time);
      return out.splice(0, out.length);
    },
    now: () => now,
    descriptions,
    liveMatches: () => [...matches.values()].filter((m) => m.live).length,
    matchCount: () => matches.size,
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
