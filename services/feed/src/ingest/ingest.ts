import {
  betCashoutChanged,
  matchChangedSchema,
  matchChannel,
  matchStatusChangedSchema,
  type PublishFailure,
  providerStatusChangedSchema,
  publicChannel,
  publishAfterCommit,
  type RealtimePublisher,
  userChannel,
} from "@sportsbook/contracts";
import { type Database, feedProducers, matches, type Transaction, tickerBets } from "@sportsbook/db";
import { isMatchAvailable, MATCH_STATUS } from "@sportsbook/domain";
import { eq } from "drizzle-orm";
import { createFrameDecoder, decodeFrame as decodeStandalone } from "../adapters.js";
import { type Descriptions, noDescriptions } from "../descriptions/descriptions.js";
import { createFreshnessRecorder } from "../freshness/record.js";
import { EVENT_STATUS, type FeedEvent, type FeedFrame, FIXTURE_CHANGE, type Provider } from "../model.js";
import {
  applyCancel,
  applyRollbackCancel,
  applyRollbackSettlement,
  applySettlement,
  type SettlementResult,
} from "../settlement/apply.js";
import { cashoutValues } from "../settlement/cashout.js";
import { holdHandSettled } from "../settlement/hand-settled.js";
import { loadMatchRef, type MatchRef, upsertFixture } from "./catalogue.js";
import { checkpointUpsert, type FeedCheckpoint } from "./checkpoint.js";
import { createGroupCommit } from "./group-commit.js";
import { type FeedHealth, noFeedHealth } from "./health.js";
import { createFrameOrder, laneKey } from "./lanes.js";
import { applyBetStop, changesOf } from "./odds.js";
import { type OddsResult, type PreparedOdds, prepareOddsChange } from "./odds-change.js";
import { writeOddsChanges } from "./odds-write.js";
import { realtimeMatchStatus } from "./present.js";
import {
  type HeldMarket,
  recordProducer,
  reopenRecoveredMarkets,
  suspendProducerMarkets,
} from "./producers.js";
import { betEvents, marketsEvent, type Publication, tickerEvents } from "./publications.js";

export interface FeedLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: FeedLogger = { info() {}, warn() {}, error() {} };

/** The rejection reason counted for a message that decoded but could not be applied. */
export const APPLY_FAILED = "apply_failed";

export interface IngestOptions {
  db: Database;
  publisher: RealtimePublisher;
  log?: FeedLogger;
  /** Where messages, lag, rejections and decode warnings are counted (/api/metrics). */
  health?: FeedHealth;
  /** Locales whose public channels carry provider status changes. */
  locales?: string[];
  /** The provider's names in other languages, stored beside the English ones. */
  descriptions?: Descriptions;
  /** Producers silent for longer than this (by their own clock) are taken as down. */
  aliveTimeoutMs?: number;
  /** Recompute cash-out values of open bets when their odds move. */
  cashout?: boolean;
  /** Wall clock for checkpoint times. */
  now?: () => number;
  /**
   * Matches applied concurrently (default 1: strictly one frame after another). Frames of one event
   * always keep their order; system messages (alive, snapshot_complete) wait for everything before
   * them and hold back everything after them.
   */
  lanes?: number;
  /**
   * Most odds changes (of different matches) written by one statement (default 64). Changes that
   * arrive while a write is under way wait for the next one, which writes them all.
   */
  maxGroup?: number;
  /**
   * Most market and outcome rows one write carries (default 1,000; a change larger than that is
   * written alone). Every change in a write waits for all of it. A feed's opening sends every
   * match's whole book (a soccer match's first is about 270 rows): 30 of them in one write (3,150
   * rows) took up to 150 ms; 1,000 rows at a time, at most 75 ms, and the opening no longer.
   */
  maxGroupRows?: number;
  /** Most one freshness write per this many ms (`freshness/record.ts`; default 1,000). */
  freshnessWriteMs?: number;
  /**
   * Asks the provider for a recovery snapshot of a producer another node took down for its silence:
   * its markets stay suspended until the snapshot's `snapshot_complete`.
   */
  recover?: (provider: Provider, producer: number) => void;
  /**
   * Whether a `snapshot_complete` ends the recovery under way for its producer (its request id is
   * the one asked for). Without it every snapshot's end brings its producer up.
   */
  snapshotEnds?: (provider: Provider, producer: number, requestId: number) => boolean;
  /** Told of every alive and snapshot end once applied (a provider connection's recovery watches them). */
  onSystem?: (event: Extract<FeedEvent, { kind: "alive" | "snapshot_complete" }>) => void;
  /**
   * Told of a realtime publication that failed after its change committed, instead of a log line
   * each (the server tells a broker outage once). Counted either way.
   */
  onPublishFailure?: (failure: PublishFailure) => void;
  /** Told of a frame that failed to apply (its event's odds are asked for again). */
  onFailed?: (frame: FeedFrame) => void;
}

/** Where a frame came from, so the ingest can record how far a source got in the same transaction. */
export interface FrameOrigin {
  source: string;
  position: number;
}

export interface HandleReport {
  applied: number;
  dropped: string[];
  rejected?: string;
}

/** Fixtures written at once (see `fixtureWriter`). */
const FIXTURE_WRITES = 4;

/** A closed, cancelled or abandoned match is done: no message will change it again. */
const FINAL_EVENT_STATUSES: ReadonlySet<number> = new Set([
  EVENT_STATUS.closed,
  EVENT_STATUS.cancelled,
  EVENT_STATUS.abandoned,
]);

/**
 * Applies provider frames to the database, one at a time in arrival order: decode → validate →
 * apply in one transaction → publish realtime events. Messages older than what a match already
 * shows change nothing; repeats are harmless (odds are overwritten with the same values,
 * settlements pay only differences).
 */
export function createIngest(options: IngestOptions) {
  const { db, publisher } = options;
  const log = options.log ?? silentLogger;
  const health = options.health ?? noFeedHealth;
  const locales = options.locales ?? ["en"];
  const descriptions = options.descriptions ?? noDescriptions;
  const aliveTimeout = options.aliveTimeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const refs = new Map<string, MatchRef>();
  // per match, the newest settlement-stream message applied (settlements are ordered separately from odds)
  const settledUpTo = new Map<number, number>();
  // lastAlive is by the producer's clock (checkProducers); changedAt by the wall clock (freshness)
  const producers = new Map<string, { status: "up" | "down"; lastAlive: number; changedAt: number }>();
  const providerStatus = new Map<Provider, "up" | "down">();
  // per producer down, the markets its messages sent open meanwhile: they open when it is up again
  const heldWhileDown = new Map<string, Map<string, HeldMarket>>();
  const decodeFrame = createFrameDecoder({ now });
  const counters = {
    frames: 0,
    applied: 0,
    rejected: 0,
    dropped: 0,
    warnings: 0,
    groupFailures: 0,
    failed: 0,
    freshnessFailures: 0,
  };
  const freshness = createFreshnessRecorder({
    db,
    now,
    ...(options.freshnessWriteMs !== undefined ? { intervalMs: options.freshnessWriteMs } : {}),
    onStatus: (provider, producer, status, since) => {
      const key = `${provider}/${producer}`;
      const p = producers.get(key);
      // a status this ingest set after the write began is newer than what the write read
      if (status !== "down" || !p || p.status !== "up" || p.changedAt >= since) return;
      producers.set(key, { ...p, status: "down", changedAt: now() });
      // the node that took it down suspended its markets and announced the provider down
      for (const r of refs.values()) r.written.clear();
      providerStatus.set(provider, "down");
      log.warn({ provider, producer }, "producer taken down for its silence; asking for a recovery");
      options.recover?.(provider, producer);
    },
    onError: (err) => {
      counters.freshnessFailures++;
      log.warn({ err }, "feed freshness write failed");
    },
  });
  // A market the mapping does not know repeats in every message of every match: logged once, counted always.
  const reported = new Set<string>();
  const groupFailed = (what: string) => (e: unknown, size: number) => {
    counters.groupFailures++;
    log.warn({ err: e, size }, `${what} written together failed; writing each alone`);
  };
  const oddsWriter = createGroupCommit<PreparedOdds, OddsResult>({
    write: (list) => writeOddsChanges(db, list),
    key: (p) => p.ref.id,
    max: options.maxGroup ?? 64,
    weight: { of: (p) => p.markets.length + p.outcomes.length, max: options.maxGroupRows ?? 1000 },
    // two writes under way: the database works on one while the next is built and sent
    concurrency: 2,
    onGroupFailure: groupFailed("odds changes"),
  });

  // Fixtures are written a few at a time, each alone. A fixture's statement takes locks on seven
  // tables and their indexes: a feed's opening sends every match's fixture at once, and 32 of them
  // under way together spent twice the database's CPU on each and took twice as long as four at a
  // time.
  const fixtureWriter = createGroupCommit<
    { event: Extract<FeedEvent, { kind: "fixture" }>; origin: FrameOrigin | undefined },
    Awaited<ReturnType<typeof upsertFixture>>
  >({
    write: async ([f]) => (f ? [await upsertFixture(db, f.event, descriptions, checkpointOf(f.origin))] : []),
    key: (f) => `${f.event.provider}|${f.event.eventUrn}`,
    max: 1,
    concurrency: FIXTURE_WRITES,
    onGroupFailure: groupFailed("fixtures"),
  });

  async function ref(
    tx: Database | Transaction,
    provider: Provider,
    urn: string,
  ): Promise<MatchRef | undefined> {
    const key = `${provider}|${urn}`;
    const hit = refs.get(key);
    if (hit) return hit;
    const loaded = await loadMatchRef(tx, provider, urn);
    if (loaded) refs.set(key, loaded);
    return loaded;
  }

  function publishFailed(failure: PublishFailure): void {
    health.publishFailed(failure.event);
    if (options.onPublishFailure) options.onPublishFailure(failure);
    else
      log.warn(
        { channel: failure.channel, event: failure.event, err: failure.error },
        "realtime publication failed",
      );
  }

  async function publishAll(list: Publication[]): Promise<void> {
    for (const p of list) await publishAfterCommit(publisher, p.channel, p.data, publishFailed);
  }

  async function setProducer(
    provider: Provider,
    producer: number,
    status: "up" | "down",
    at: number,
  ): Promise<Publication[]> {
    const key = `${provider}/${producer}`;
    const prev = producers.get(key);
    producers.set(key, {
      status,
      lastAlive: at,
      changedAt: prev?.status === status ? prev.changedAt : now(),
    });
    if (prev?.status === status) return [];
    const out: Publication[] = [];
    await db.transaction(async (tx) => {
      // by the wall clock, as every node reads freshness (the provider's clock may run simulated time)
      await recordProducer(tx, provider, producer, status, new Date(now()));
      if (status === "down") {
        for (const r of refs.values()) r.written.clear();
        for (const m of await suspendProducerMarkets(tx, provider, producer)) {
          const changes = await changesOf(tx, m.rows);
          out.push(...marketsEvent(m.matchId, provider, changes.markets));
        }
      } else {
        const held = [...(heldWhileDown.get(key)?.values() ?? [])];
        for (const m of await reopenRecoveredMarkets(tx, held)) {
          const changes = await changesOf(tx, m.rows);
          out.push(...marketsEvent(m.matchId, provider, changes.markets));
        }
      }
    });
    heldWhileDown.delete(key);
    log.info({ provider, producer, status }, "producer status changed");
    const anyDown = [...producers.entries()].some(
      ([k, v]) => k.startsWith(`${provider}/`) && v.status === "down",
    );
    const agg = anyDown ? "down" : "up";
    if (providerStatus.get(provider) !== agg) {
      providerStatus.set(provider, agg);
      const data = providerStatusChangedSchema.parse({
        type: "provider_status_changed",
        provider,
        status: agg,
      });
      for (const l of locales) out.push({ channel: publicChannel(l), data });
    }
    return out;
  }

  function checkpointOf(origin: FrameOrigin | undefined): FeedCheckpoint | undefined {
    if (!origin) return undefined;
    return { source: origin.source, position: order.watermark(origin.position), at: new Date(now()) };
  }

  async function checkpoint(tx: Transaction, origin: FrameOrigin | undefined): Promise<void> {
    const c = checkpointOf(origin);
    if (c) await tx.execute(checkpointUpsert(c));
  }

  async function applyEvent(
    e: FeedEvent,
    origin: FrameOrigin | undefined,
    report: HandleReport,
  ): Promise<Publication[]> {
    const drop = (reason: string): Publication[] => {
      report.dropped.push(`${e.kind}: ${reason}`);
      counters.dropped++;
      return [];
    };
    switch (e.kind) {
      case "alive": {
        options.onSystem?.(e);
        if (!e.subscribed) return setProducer(e.provider, e.producer, "down", e.timestamp);
        const state = producers.get(`${e.provider}/${e.producer}`);
        // after an outage the producer is up again once its recovery snapshot is complete; Swarm
        // has no snapshot marker, so its heartbeat alone brings it back
        if (state?.status === "down" && e.provider !== "betconstruct") {
          producers.set(`${e.provider}/${e.producer}`, { ...state, lastAlive: e.timestamp });
          return [];
        }
        report.applied++;
        return setProducer(e.provider, e.producer, "up", e.timestamp);
      }
      case "snapshot_complete": {
        if (options.snapshotEnds && !options.snapshotEnds(e.provider, e.producer, e.requestId))
          return drop(`snapshot of request ${e.requestId} is not the recovery under way`);
        report.applied++;
        const out = await setProducer(e.provider, e.producer, "up", e.timestamp);
        options.onSystem?.(e);
        return out;
      }
      case "fixture": {
        const { ref: r, startChanged } = await fixtureWriter.submit({ event: e, origin });
        const known = refs.get(`${e.provider}|${e.eventUrn}`);
        refs.set(
          `${e.provider}|${e.eventUrn}`,
          known ? { ...known, home: r.home, away: r.away, competitors: r.competitors, names: new Map() } : r,
        );
        report.applied++;
        return startChanged
          ? [
              {
                channel: matchChannel(r.id),
                data: matchChangedSchema.parse({
                  type: "match_changed",
                  match_id: r.id,
                  start_time: new Date(e.fixture.startTime).toISOString(),
                }),
              },
            ]
          : [];
      }
      default:
        break;
    }
    const r = await ref(db, e.provider, e.eventUrn);
    if (!r) return drop(`no fixture for ${e.eventUrn}`);
    const settlementStream =
      e.kind === "bet_settlement" ||
      e.kind === "bet_cancel" ||
      e.kind === "rollback_bet_settlement" ||
      e.kind === "rollback_bet_cancel";
    if (settlementStream) {
      if (e.timestamp < (settledUpTo.get(r.id) ?? 0)) return drop("older than a settlement already applied");
    } else if (e.timestamp < r.lastTs) {
      return drop("older than the match's current state");
    }
    const out: Publication[] = [];
    switch (e.kind) {
      case "odds_change": {
        const takingOver = e.status?.status === EVENT_STATUS.live;
        if (
          r.status === MATCH_STATUS.live &&
          r.producer !== null &&
          r.producer !== e.producer &&
          !takingOver
        ) {
          return drop(`producer ${e.producer} does not hold ${e.eventUrn}`);
        }
        const before = r.status;
        const producerKey = `${e.provider}/${e.producer}`;
        // a recovering producer's prices are stored, but its markets open only at its snapshot's end;
        // Swarm has none (its heartbeat, applied out of order, brings it up): its answers reopen them
        const held = e.provider !== "betconstruct" && producers.get(producerKey)?.status === "down";
        const res = await oddsWriter.submit(prepareOddsChange(r, e, checkpointOf(origin), held));
        if (held) {
          const list = heldWhileDown.get(producerKey) ?? new Map<string, HeldMarket>();
          heldWhileDown.set(producerKey, list);
          for (const m of res.markets)
            list.set(`${r.id}/${m.id}/${m.specifier}`, { m: r.id, k: m.id, s: m.specifier });
        }
        if (res.statusChanged && e.status) {
          out.push({
            channel: matchChannel(r.id),
            data: matchStatusChangedSchema.parse({
              type: "match_status_changed",
              match_id: r.id,
              status: realtimeMatchStatus(e.status.status),
              bettable: isMatchAvailable(r.status),
            }),
          });
          if (before !== r.status) log.info({ match: e.eventUrn, status: r.status }, "match status changed");
        }
        if (res.statistics) {
          out.push({
            channel: matchChannel(r.id),
            data: matchChangedSchema.parse({
              type: "match_changed",
              match_id: r.id,
              statistics: res.statistics,
            }),
          });
        }
        out.push(...marketsEvent(r.id, e.provider, res.markets));
        // a finished match is forgotten (a straggler reloads it)
        if (FINAL_EVENT_STATUSES.has(r.uofStatus)) refs.delete(`${e.provider}|${e.eventUrn}`);
        if (options.cashout !== false && res.openBetIds.length) {
          for (const c of await cashoutValues(db, res.openBetIds)) {
            out.push({
              channel: userChannel(c.playerId),
              data: betCashoutChanged(c.betId, c.toCashout, c.currency),
            });
          }
        }
        break;
      }
      case "bet_stop": {
        const res = await db.transaction(async (tx) => {
          const x = await applyBetStop(tx, r, e);
          await checkpoint(tx, origin);
          return x;
        });
        out.push(...marketsEvent(r.id, e.provider, res.markets));
        break;
      }
      case "fixture_change": {
        const status =
          e.changeType === FIXTURE_CHANGE.cancelled
            ? MATCH_STATUS.closed
            : e.changeType === FIXTURE_CHANGE.coverage
              ? MATCH_STATUS.notCovered
              : undefined;
        await db.transaction(async (tx) => {
          await tx
            .update(matches)
            .set({
              ...(status !== undefined ? { status } : {}),
              ...(e.startTime !== undefined ? { startTime: new Date(e.startTime) } : {}),
              updatedAt: new Date(e.timestamp),
            })
            .where(eq(matches.id, r.id));
          await checkpoint(tx, origin);
        });
        r.lastTs = e.timestamp;
        if (status !== undefined && status !== r.status) {
          r.status = status;
          out.push({
            channel: matchChannel(r.id),
            data: matchStatusChangedSchema.parse({
              type: "match_status_changed",
              match_id: r.id,
              status:
                e.changeType === FIXTURE_CHANGE.cancelled ? "cancelled" : realtimeMatchStatus(r.uofStatus),
              bettable: false,
            }),
          });
        }
        if (e.startTime !== undefined) {
          out.push({
            channel: matchChannel(r.id),
            data: matchChangedSchema.parse({
              type: "match_changed",
              match_id: r.id,
              start_time: new Date(e.startTime).toISOString(),
            }),
          });
        }
        break;
      }
      default: {
        const at = new Date(e.timestamp);
        const res: SettlementResult = await db.transaction(async (tx) => {
          let x: SettlementResult;
          // markets settled by hand are kept as the desk left them; the feed's word waits for a trader
          const f = await holdHandSettled(tx, r, e, at);
          if (f.kind === "bet_settlement") x = await applySettlement(tx, r, f.markets, at);
          else if (f.kind === "bet_cancel") x = await applyCancel(tx, r, f.markets, f, at);
          else if (f.kind === "rollback_bet_settlement")
            x = await applyRollbackSettlement(tx, r, f.markets, at);
          else x = await applyRollbackCancel(tx, r, f.markets, f, at);
          await checkpoint(tx, origin);
          return x;
        });
        settledUpTo.set(r.id, e.timestamp);
        const changes = await changesOf(db, res.marketRows);
        out.push(...marketsEvent(r.id, e.provider, changes.markets));
        out.push(...betEvents(res.notices));
        out.push(
          ...tickerEvents(
            await tickerBets(
              db,
              res.notices.map((n) => n.betId),
            ),
            at,
          ),
        );
        if (res.notices.length)
          log.info({ match: e.eventUrn, kind: e.kind, bets: res.notices.length }, "bets settled");
      }
    }
    report.applied++;
    counters.applied++;
    return out;
  }

  async function handleNow(frame: FeedFrame, origin?: FrameOrigin): Promise<HandleReport> {
    counters.frames++;
    const report: HandleReport = { applied: 0, dropped: [] };
    const decoded = decodeFrame(frame);
    if (!decoded.ok) {
      counters.rejected++;
      health.rejected(frame.provider, decoded.code);
      log.warn(
        {
          provider: frame.provider,
          routingKey: frame.routingKey,
          code: decoded.code,
          reason: decoded.reason,
        },
        "feed message rejected",
      );
      return { ...report, rejected: `${decoded.code}: ${decoded.reason}` };
    }
    for (const w of decoded.warnings) {
      counters.warnings++;
      health.warning(frame.provider);
      const key = `${frame.provider} ${w}`;
      if (reported.has(key)) continue;
      reported.add(key);
      log.warn({ provider: frame.provider, routingKey: frame.routingKey }, `${w} (reported once)`);
    }
    for (const e of decoded.events) {
      const pubs = await applyEvent(e, origin, report);
      const at = now();
      health.message(e.provider, e.producer, e.timestamp, at);
      // fixtures come from no producer (0); an unsubscribe is no sign of life
      if (e.producer !== 0 && !(e.kind === "alive" && !e.subscribed))
        freshness.saw(e.provider, e.producer, e.kind === "alive", at);
      await publishAll(pubs);
    }
    return report;
  }

  /**
   * A heartbeat saying its producer is subscribed is ordered against no match: it changes nothing
   * but when the producer was last heard from, or brings a Swarm producer back up, and neither needs
   * the matches' frames in flight applied first nor holds back the ones after it. An unsubscribe
   * (its markets suspended) and a snapshot's end (the frames before it applied) stay in order. Read
   * on its own here; the connection's decoder, which keeps Swarm's state, reads it when applied.
   */
  function isHeartbeat(frame: FeedFrame): boolean {
    if (laneKey(frame) !== "system") return false;
    const decoded = decodeStandalone(frame);
    return (
      decoded.ok &&
      decoded.events.length > 0 &&
      decoded.events.every((e) => e.kind === "alive" && e.subscribed)
    );
  }

  const order = createFrameOrder<FrameOrigin, HandleReport>({
    lanes: options.lanes ?? 1,
    apply: handleNow,
    unordered: isHeartbeat,
    onFailure: (e, frame) => {
      counters.failed++;
      // what the failed write left in memory (clock, status, what was written) cannot be trusted:
      // the event's next message reloads it and writes every market again
      const decoded = decodeStandalone(frame);
      if (decoded.ok)
        for (const ev of decoded.events) if ("eventUrn" in ev) refs.delete(`${ev.provider}|${ev.eventUrn}`);
      options.onFailed?.(frame);
      health.rejected(frame.provider, APPLY_FAILED);
      log.error({ err: e, routingKey: frame.routingKey }, "feed message failed");
    },
  });

  return {
    /** Applies one frame after every frame handed in before it (per event, with lanes). */
    handle(frame: FeedFrame, origin?: FrameOrigin): Promise<HandleReport> {
      return order.submit(frame, origin);
    },
    /** Takes producers silent for too long (by the feed's clock `now`) as down; answers which. */
    async checkProducers(now: number): Promise<{ provider: Provider; producer: number }[]> {
      await order.settled();
      const taken: { provider: Provider; producer: number }[] = [];
      for (const [key, p] of producers) {
        if (p.status === "up" && now - p.lastAlive > aliveTimeout) {
          const [provider, producer] = key.split("/") as [Provider, string];
          await publishAll(await setProducer(provider, Number(producer), "down", now));
          taken.push({ provider, producer: Number(producer) });
        }
      }
      return taken;
    },
    /**
     * Takes one producer down now (markets suspended, provider status told) until its recovery
     * snapshot ends: a provider connection does so for each producer before asking its recovery.
     */
    async producerDown(provider: Provider, producer: number, at: number): Promise<void> {
      await order.settled();
      await publishAll(await setProducer(provider, producer, "down", at));
    },
    /** Whether this ingest holds the producer up (it has heard it and its last recovery ended). */
    producerUp: (provider: Provider, producer: number) =>
      producers.get(`${provider}/${producer}`)?.status === "up",
    /**
     * The connection that carries the producers' messages is lost: none of them can be heard, so
     * each is down as if it had gone silent (markets suspended, provider status told) until its
     * recovery snapshot brings it back. Producers recorded up by an earlier run count too.
     */
    async linkDown(at: number): Promise<void> {
      await order.settled();
      const up = new Set([...producers].filter(([, p]) => p.status === "up").map(([key]) => key));
      const recorded = await db
        .select({ provider: feedProducers.provider, producer: feedProducers.producerId })
        .from(feedProducers)
        .where(eq(feedProducers.status, "up"));
      for (const r of recorded) up.add(`${r.provider}/${r.producer}`);
      const providers = new Set<Provider>();
      for (const key of up) {
        const [provider, producer] = key.split("/") as [Provider, string];
        providers.add(provider);
        await publishAll(await setProducer(provider, Number(producer), "down", at));
      }
      for (const provider of providers) {
        const out: Publication[] = [];
        await db.transaction(async (tx) => {
          for (const m of await suspendProducerMarkets(tx, provider, null)) {
            const changes = await changesOf(tx, m.rows);
            out.push(...marketsEvent(m.matchId, provider, changes.markets));
          }
        });
        await publishAll(out);
      }
    },
    /** Waits until every frame handed in so far is applied. */
    async idle(): Promise<void> {
      await order.settled();
    },
    /** Writes the freshness noted so far now (a stopping feed, tests). */
    flushFreshness: () => freshness.flush(),
    /** When this ingest applied each producer's last message and alive, exactly. */
    heard: () => freshness.heard(),
    /**
     * Takes the producer statuses every node sees as this ingest's own, as a leader does when it
     * takes over: a producer down in the table is recovered.
     */
    adoptStatuses(rows: { provider: Provider; producer: number; status: string }[]): void {
      for (const r of rows) {
        const key = `${r.provider}/${r.producer}`;
        // an up producer is taken as this ingest hears it; a down one waits for its recovery
        if (producers.has(key) || r.status !== "down") continue;
        producers.set(key, { status: "down", lastAlive: Number.NEGATIVE_INFINITY, changedAt: now() });
        providerStatus.set(r.provider, "down");
        options.recover?.(r.provider, r.producer);
      }
    },
    stats: () => ({ ...counters }),
    providerStatus: (p: Provider) => providerStatus.get(p) ?? "up",
  };
}

export type Ingest = ReturnType<typeof createIngest>;
