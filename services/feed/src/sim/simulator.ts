import type { Translations } from "@sportsbook/db";
import type { Descriptions } from "../descriptions/descriptions.js";
import type { Provider } from "../model.js";
import { SPORTS } from "./catalogue.js";
import type { SimContext, SimMessage } from "./context.js";
import { createMatchSchedule, type MatchScheduleOptions } from "./matches.js";
import { simulatedNames } from "./names.js";
import { type OpenOutrights, scheduleOutright } from "./outrights.js";
import { createRng } from "./prng.js";
import { createProducerLinks, PRODUCERS } from "./producers.js";
import { ActionQueue } from "./queue.js";

export type { SimMessage } from "./context.js";
export { PRODUCERS } from "./producers.js";

export interface SimulatorOptions extends MatchScheduleOptions {
  seed: string | number;
  /**
   * Matches scheduled at the start; those not live stay the count of upcoming matches, since every
   * kick-off schedules the next one.
   */
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
  /** Added to every generated id, so separate sessions never reuse a URN. */
  idBase?: number;
  /**
   * Simulated seconds per real second the feed is played at (1 by default): a live match sends at
   * most one odds change every `REAL_PULSE_MS` of real time and producer outages are spaced in real
   * time too.
   */
  speed?: number;
}

/**
 * A deterministic feed: a rolling schedule of prematch and live matches across sports, priced by
 * models and emitted as internal events in the order a provider would send them. The same seed and
 * start time always give the same messages, however `advanceTo` is sliced. The parts share one
 * random stream and one action queue: matches (`matches.ts`), outrights (`outrights.ts`) and the
 * producers' alive messages and outages (`producers.ts`).
 */
export function createSimulator(options: SimulatorOptions) {
  const queue = new ActionQueue();
  const out: SimMessage[] = [];
  let now = options.startTime;
  let nextId = 1 + (options.idBase ?? 0);

  // the description service: catalogue names by URN, outrights added as they are scheduled
  const described = new Map<string, Translations>();
  const ctx: SimContext = {
    rng: createRng(options.seed),
    queue,
    margin: options.margin ?? 0.05,
    speed: options.speed ?? 1,
    now: () => now,
    newId: () => nextId++,
    push: (msg) => {
      if (links.admit(msg)) out.push(msg);
    },
    describe: (urn, names) => {
      if (names) described.set(urn, names);
    },
  };
  for (const sport of SPORTS) {
    ctx.describe(sport.urn, simulatedNames(sport.name));
    for (const l of sport.leagues) {
      ctx.describe(l.category.urn, simulatedNames(l.category.name));
      ctx.describe(l.tournament.urn, simulatedNames(l.tournament.name));
    }
  }
  const descriptions: Descriptions = { names: (urn) => described.get(urn) };

  const schedule = createMatchSchedule(ctx, options);
  const links = createProducerLinks(ctx, (msg) => out.push(msg), schedule.resendOdds);

  const liveShare = options.liveShare ?? 0.5;
  for (let i = 0; i < options.matches; i++)
    schedule.schedule(now, i < Math.round(options.matches * liveShare));
  const openOutrights: OpenOutrights = new Map();
  if (options.outrights ?? true) {
    const soccer = SPORTS.find((s) => s.key === "soccer" && s.provider === "betradar");
    for (const league of soccer?.leagues.slice(0, 2) ?? [])
      if (soccer) scheduleOutright(ctx, soccer, league, openOutrights);
  }
  for (const provider of ["betradar", "oddin", "betconstruct"] as const) {
    const p = PRODUCERS[provider];
    for (const producer of [p.pre, p.live]) links.alive(provider, producer);
    if (options.outages ?? true) links.outages(provider, p.live);
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
    /**
     * Answers a recovery request for a producer as a provider does: its matches' current odds, then
     * `snapshot_complete`. Out of the session's stream: nothing is drawn or changed, so the
     * session's own messages (and a resumed session's) stay the same.
     */
    recoverySnapshot(provider: Provider, producer: number, requestId: number): SimMessage[] {
      // open outrights too: a lost connection suspended them with the matches
      const outrights = [...openOutrights.values()].flatMap((m) =>
        m.event.provider === provider && m.event.producer === producer && m.event.kind === "odds_change"
          ? [{ ...m, event: { ...m.event, timestamp: now, requestId } }]
          : [],
      );
      return [
        ...schedule.snapshot(provider, producer, requestId),
        ...outrights,
        {
          event: { kind: "snapshot_complete", provider, producer, timestamp: now, requestId },
          sportId: 0,
          live: false,
        },
      ];
    },
    /**
     * Answers a recovery request of a client that lost its connection: every producer not in an
     * outage of its own, as `recoverySnapshot` answers each.
     */
    recover(requestId: number): SimMessage[] {
      const answer: SimMessage[] = [];
      for (const provider of ["betradar", "oddin", "betconstruct"] as const) {
        const p = PRODUCERS[provider];
        for (const producer of [p.pre, p.live]) {
          if (links.isDown(provider, producer)) continue;
          answer.push(...this.recoverySnapshot(provider, producer, requestId));
        }
      }
      return answer;
    },
    descriptions,
    liveMatches: schedule.live,
    matchCount: schedule.count,
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
