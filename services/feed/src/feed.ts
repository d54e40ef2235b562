import type { LinkStatus, PublishFailure, RealtimePublisher, RetryPolicy } from "@sportsbook/contracts";
import { type Database, feedCheckpoints, feedProducers, markets, matches } from "@sportsbook/db";
import { eq, inArray } from "drizzle-orm";
import type { Registry } from "prom-client";
import { createFrameEncoder } from "./adapters.js";
import { createFeedHealth, type FeedHealth } from "./ingest/health.js";
import { createIngest, type FeedLogger, type Ingest, silentLogger } from "./ingest/ingest.js";
import {
  EVENT_STATUS,
  type FeedEvent,
  type FeedFrame,
  MATCH_STATUS_CODE,
  PROVIDERS,
  type Provider,
} from "./model.js";
import { createRecorder, type Recorder } from "./record.js";
import { createSimulator, type Simulator } from "./sim/simulator.js";
import { createAmqpTransport } from "./transport/amqp.js";
import { createInProcessTransport } from "./transport/inprocess.js";
import type { FeedTransport } from "./transport/transport.js";

export interface FeedClock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const systemClock: FeedClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
};

export interface FeedConfig {
  /** Told of a realtime publication that failed after its change committed (logged by the ingest otherwise). */
  onPublishFailure?: (failure: PublishFailure) => void;
  db: Database;
  publisher: RealtimePublisher;
  log?: FeedLogger;
  /** Feed health metrics land here (the server's /api/metrics registry). */
  metrics?: Registry;
  /** Feed health made once for every feed a node runs (one per term as the feed's leader), over `metrics`. */
  health?: FeedHealth;
  /** Random seed of the simulator; the same seed gives the same feed. */
  seed: string;
  /** Simulated seconds per real second. */
  speed: number;
  /** Matches kept in the simulator's rolling schedule. */
  matches: number;
  /** Bookmaker margin (0.05 = 5 %). */
  margin?: number;
  /** The simulator's broadcast page of a match (see `MatchScheduleOptions.streamUrl`). */
  streamUrl?: (urn: string) => string;
  /** Carry frames over RabbitMQ instead of in process. */
  amqpUrl?: string;
  /** Write every frame to this file (a recording replayable with `replay`). */
  recordTo?: string;
  /** Locales of the public channels that carry provider status. */
  locales?: string[];
  /** How often the simulator is advanced, ms of real time (default 100). */
  tickMs?: number;
  /** Matches the ingest applies concurrently (PostgreSQL); 1 applies one message after another. */
  lanes?: number;
  clock?: FeedClock;
  /** How a lost broker connection is retried (see `DEFAULT_RETRY`). */
  retry?: RetryPolicy;
  /** Chance of the retries' jitter, uniform in [0, 1). */
  random?: () => number;
}

/** The feed's connection as health and readiness report it. */
export interface FeedLinkStatus extends LinkStatus {
  /** How frames arrive: RabbitMQ (the simulator's or a UOF provider's), in process, or Swarm's WebSocket. */
  transport: "amqp" | "in-process" | "websocket";
}

const SIMULATOR_SOURCE = "simulator";
/**
 * A provider sends each message as it happens; the simulator hands over what fell due since its
 * last tick, so the tick bounds how long a price change waits before the ingest sees it. At one
 * second every live price reached the ingest 0.5–1 s late in the demo.
 */
const DEFAULT_TICK_MS = 100;
const SESSION_IDS = 1_000_000;
/** A stopped session older than this is not resumed; its unfinished matches are voided instead. */
const MAX_RESUME_GAP_MS = 6 * 3_600_000;
const MAX_SESSION_MS = 24 * 3_600_000;

interface SessionState {
  seed: string;
  matches: number;
  speed: number;
  session: number;
  simStart: number;
  wallStart: number;
}

/**
 * The feed service: the simulator (or any producer on the transport) → transport → ingest. The
 * simulator's session and how far the ingest got are checkpointed in the database, so a restart
 * regenerates the same session, skips what was applied and catches up with the time it was down.
 */
export function createFeed(config: FeedConfig) {
  const log = config.log ?? silentLogger;
  const clock = config.clock ?? systemClock;
  const health = config.health ?? (config.metrics ? createFeedHealth(config.metrics) : undefined);
  const ingest: Ingest = createIngest({
    db: config.db,
    publisher: config.publisher,
    log,
    ...(health ? { health } : {}),
    locales: config.locales ?? ["en"],
    // the simulator answers for the names of what it schedules, as a provider's REST API does
    descriptions: { names: (urn) => sim?.descriptions.names(urn) },
    now: () => clock.now(),
    ...(config.onPublishFailure ? { onPublishFailure: config.onPublishFailure } : {}),
    lanes: config.lanes ?? 1,
    // answered by the simulator at its next tick, as a provider answers a recovery request
    recover: (provider, producer) => recoveries.push({ provider, producer }),
  });
  const recoveries: { provider: Provider; producer: number }[] = [];
  let requestIds = 1;
  const encoder = createFrameEncoder();
  let transport: FeedTransport | undefined;
  // the connection came back: the next tick asks for every producer's recovery
  let recoveryDue = false;
  let recoveryRequests = 0;
  let linkWork: Promise<void> = Promise.resolve();
  let sim: Simulator | undefined;
  let state: SessionState | undefined;
  let recorder: Recorder | undefined;
  let timer: unknown;
  let position = 0;
  let skipUpTo = 0;
  let ticking = false;
  let stopped = false;

  async function loadSession(): Promise<
    { state: SessionState; position: number; updatedAt: number } | undefined
  > {
    const [row] = await config.db
      .select()
      .from(feedCheckpoints)
      .where(eq(feedCheckpoints.source, SIMULATOR_SOURCE));
    if (!row) return undefined;
    return { state: row.state as SessionState, position: row.position, updatedAt: row.updatedAt.getTime() };
  }

  async function saveSession(s: SessionState, pos: number): Promise<void> {
    await config.db
      .insert(feedCheckpoints)
      .values({ source: SIMULATOR_SOURCE, position: pos, state: s, updatedAt: new Date(clock.now()) })
      .onConflictDoUpdate({
        target: feedCheckpoints.source,
        set: { position: pos, state: s, updatedAt: new Date(clock.now()) },
      });
  }

  /** Voids what an abandoned session left open: its matches will never be settled by the feed. */
  async function closeSession(old: SessionState): Promise<void> {
    const base = (old.session - 1) * SESSION_IDS;
    const open = await config.db
      .select({
        id: matches.id,
        provider: matches.provider,
        urn: matches.urnId,
        producer: matches.producer,
        updatedAt: matches.updatedAt,
      })
      .from(matches)
      .where(inArray(matches.status, [0, 1, 2]));
    let n = 0;
    // simulated URNs are numbered from 40 000 000 (matches) and 9 000 000 (outrights) plus the session's base
    const inSession = (urn: string) => {
      const id = Number(urn.slice(urn.lastIndexOf(":") + 1));
      return [40_000_000, 9_000_000].some(
        (offset) => id - offset > base && id - offset <= base + SESSION_IDS,
      );
    };
    for (const m of open) {
      if (!inSession(m.urn)) continue;
      const rows = await config.db
        .select({ id: markets.marketId, specifiers: markets.specifier })
        .from(markets)
        .where(eq(markets.matchId, m.id));
      const provider = m.provider as Provider;
      // later than anything the match has seen, or the ingest would take it as a late message
      const at = Math.max(clock.now(), m.updatedAt.getTime() + 1);
      const producer = m.producer ?? 0;
      const events: FeedEvent[] = [
        {
          kind: "odds_change",
          provider,
          producer,
          eventUrn: m.urn,
          timestamp: at,
          status: {
            status: EVENT_STATUS.abandoned,
            matchStatus: MATCH_STATUS_CODE.abandoned,
            periodScores: [],
          },
          markets: [],
        },
        {
          kind: "bet_cancel",
          provider,
          producer,
          eventUrn: m.urn,
          timestamp: at,
          markets: rows.map((r) => ({ ...r, voidReason: 10 })),
        },
      ];
      for (const e of events) {
        const f = encoder.encode(e, { sportId: 0, live: true });
        if (f) await ingest.handle(f);
      }
      n++;
    }
    if (n)
      log.info(
        { matches: n, session: old.session },
        "voided the unfinished matches of an earlier feed session",
      );
  }

  function simNow(): number {
    if (!state) return clock.now();
    return state.simStart + (clock.now() - state.wallStart) * state.speed;
  }

  async function deliver(frame: FeedFrame, t: number): Promise<void> {
    position++;
    recorder?.write(frame, t);
    if (position <= skipUpTo) return;
    await transport?.publish({ frame, position });
  }

  /**
   * While the connection is down nothing reaches the ingest: its producers are down. When it is
   * up again, the first tick sends what the provider held meanwhile, then every producer's recovery.
   */
  function linkChanged(s: LinkStatus): void {
    if (s.state === "up") {
      recoveryDue = true;
      return;
    }
    linkWork = linkWork
      .then(() => ingest.linkDown(simNow()))
      .catch((err: unknown) =>
        log.error({ err }, "suspending the producers of a lost feed connection failed"),
      );
  }

  /** A recovery request answered out of the session's stream: no positions, so nothing is checkpointed. */
  async function recover(): Promise<void> {
    if (!sim || !transport) return;
    recoveryDue = false;
    const answer = sim.recover(++recoveryRequests);
    log.info({ messages: answer.length }, "feed connection restored: requesting the producers' recovery");
    for (const m of answer) {
      const f = encoder.encode(m.event, m);
      if (f) await transport.publish({ frame: f });
    }
  }

  async function tick(): Promise<void> {
    if (ticking || stopped || !sim) return;
    // the provider holds its messages while the connection is down (its queue, here its simulator)
    if (transport && transport.status().state !== "up") return;
    ticking = true;
    try {
      const now = simNow();
      for (const m of sim.advanceTo(now)) {
        const f = encoder.encode(m.event, m);
        if (f) await deliver(f, m.event.timestamp);
      }
      // outside the session's positions: a recovery is an answer, not part of the regenerated stream
      for (const r of recoveries.splice(0, recoveries.length)) {
        log.info(r, "answering a recovery request for a producer");
        for (const m of sim.recoverySnapshot(r.provider, r.producer, requestIds++)) {
          const f = encoder.encode(m.event, m);
          if (f) await transport?.publish({ frame: f });
        }
      }
      if (recoveryDue) await recover();
      await ingest.checkProducers(now);
    } catch (e) {
      log.error({ err: e }, "feed tick failed");
    } finally {
      ticking = false;
    }
  }

  async function startSimulator(): Promise<void> {
    const now = clock.now();
    const saved = await loadSession();
    const sameShape =
      saved &&
      saved.state.seed === config.seed &&
      saved.state.matches === config.matches &&
      saved.state.speed === config.speed;
    // resuming regenerates the session from its start, so only recent and not too long sessions resume
    const resumable =
      saved !== undefined &&
      sameShape &&
      now - saved.updatedAt < MAX_RESUME_GAP_MS &&
      now - saved.state.wallStart < MAX_SESSION_MS;
    if (saved && resumable) {
      state = saved.state;
      skipUpTo = saved.position;
      log.info({ session: state.session, skip: skipUpTo }, "resuming the simulated feed session");
    } else {
      log.info(
        {
          session: (saved?.state.session ?? 0) + 1,
          previous: saved ? { ...saved.state, position: saved.position, updatedAt: saved.updatedAt } : null,
        },
        "starting a new simulated feed session",
      );
      if (saved) await closeSession(saved.state);
      state = {
        seed: config.seed,
        matches: config.matches,
        speed: config.speed,
        session: (saved?.state.session ?? 0) + 1,
        simStart: now,
        wallStart: now,
      };
      skipUpTo = 0;
      await saveSession(state, 0);
    }
    sim = createSimulator({
      seed: state.seed,
      matches: state.matches,
      startTime: state.simStart,
      ...(config.margin !== undefined ? { margin: config.margin } : {}),
      ...(config.streamUrl ? { streamUrl: config.streamUrl } : {}),
      idBase: (state.session - 1) * SESSION_IDS,
      // live odds changes are paced in real time as well as in match time
      speed: state.speed,
    });
    await tick();
    timer = clock.setInterval(() => void tick(), config.tickMs ?? DEFAULT_TICK_MS);
  }

  return {
    ingest,
    async start(): Promise<void> {
      stopped = false;
      transport = config.amqpUrl
        ? await createAmqpTransport({
            url: config.amqpUrl,
            prefetch: config.lanes ?? 1,
            log,
            ...(health ? { health } : {}),
            ...(config.retry ? { policy: config.retry } : {}),
            ...(config.random ? { random: config.random } : {}),
            now: () => clock.now(),
          })
        : createInProcessTransport();
      transport.onStatus(linkChanged);
      await transport.subscribe(async (d) => {
        const origin =
          d.position !== undefined ? { source: SIMULATOR_SOURCE, position: d.position } : undefined;
        // late or foreign messages are dropped by design; the ingest's counters keep track of them
        const run = ingest.handle(d.frame, origin);
        // A broker takes a failed message back (redelivery, dead letters), so it must hear of it.
        if (config.amqpUrl) await run;
        // In process the ingest has logged and counted a failed message itself: the simulator goes
        // on with its next frames rather than losing the rest of its tick. With lanes the ingest
        // orders frames per event itself, so the transport need not wait.
        else if ((config.lanes ?? 1) === 1) await run.catch(() => {});
        else void run.catch(() => {});
      });
      // down from the first attempt (told before anyone listened): the producers of an earlier run are down
      if (transport.status().state !== "up") linkChanged(transport.status());
      if (config.recordTo)
        recorder = createRecorder(config.recordTo, { seed: config.seed, matches: config.matches });
      // A producer another node took down (this feed's previous leader went silent) is recovered
      // before anything of the resumed session is applied, or its alive would bring it back bare.
      ingest.adoptStatuses(
        (
          await config.db
            .select({
              provider: feedProducers.provider,
              producer: feedProducers.producerId,
              status: feedProducers.status,
            })
            .from(feedProducers)
        ).flatMap((r) =>
          (PROVIDERS as readonly string[]).includes(r.provider)
            ? [{ ...r, provider: r.provider as Provider }]
            : [],
        ),
      );
      await startSimulator();
      log.info(
        {
          seed: config.seed,
          speed: config.speed,
          matches: config.matches,
          transport: config.amqpUrl ? "amqp" : "in-process",
        },
        "odds feed started",
      );
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer !== undefined) clock.clearInterval(timer);
      while (ticking) await new Promise((r) => setTimeout(r, 10));
      await linkWork;
      await ingest.idle();
      await ingest.flushFreshness();
      await transport?.close();
      await recorder?.close();
    },
    /** Runs one simulator step now (tests drive the feed with this and an injected clock). */
    tick,
    position: () => position,
    /** The connection that carries the producers' messages (down: their markets are suspended). */
    link(): FeedLinkStatus {
      const s = transport?.status() ?? { state: "connecting" as const, since: clock.now(), failures: 0 };
      return { transport: config.amqpUrl ? "amqp" : "in-process", ...s };
    },
    /** Resolves once what the last change of the connection set off (producers down) is done. */
    settled: () => linkWork,
    /** Each producer's recovery for readiness: the simulator answers its own, so there is none to show. */
    recoveryLinks: (): Record<string, LinkStatus> => ({}),
  };
}

export type Feed = ReturnType<typeof createFeed>;
