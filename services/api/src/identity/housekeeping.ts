import {
  authAttempts,
  type Exclusive,
  idempotencyKeys,
  playerActivity,
  playerTokens,
  sessionChecks,
  sessions,
  shareCodes,
} from "@sportsbook/db";
import { and, eq, gt, isNull, lt, notExists, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { SHARE_CODE_TTL_SECONDS } from "../bets/share.js";
import { settleTournaments } from "../bonuses/tournaments.js";
import type { AppContext } from "../context.js";
import { PERIOD_SECONDS } from "../limits/rules.js";
import { expireDeposits } from "../payments/deposits.js";
import { LONGEST_ATTEMPT_WINDOW_SECONDS } from "./attempts.js";

const DAY = 86_400;

export interface HousekeepingOptions {
  /** Keep sign-in, sign-up and mail-request attempts this long (default a day; at least the longest rate-limit window). */
  attemptsRetentionSeconds?: number;
  /** Keep used or expired one-time tokens (links, SMS codes) this long after they died (default a day). */
  tokensRetentionSeconds?: number;
  /**
   * Keep ended sessions and activity ticks this long (default 35 days; at least the month that
   * `time` and `activity` limits look back over, since both are measured from these rows).
   */
  activityRetentionSeconds?: number;
  /** Keep idempotency keys (and the answers they replay) this long (default a day). */
  idempotencyRetentionSeconds?: number;
  /** Rows deleted per statement, so a large backlog never holds long locks (default 1000). */
  batchSize?: number;
}

export interface PruneReport {
  /** Pending deposits whose checkout ran out, marked expired. */
  expiredDeposits: number;
  /** Ended tournaments whose prizes were issued. */
  settledTournaments: number;
  /** Shared slips past their keeping time. */
  shareCodes: number;
  authAttempts: number;
  playerTokens: number;
  sessions: number;
  sessionChecks: number;
  playerActivity: number;
  idempotencyKeys: number;
}

/** What starts the periodic run; injected by tests, `setInterval` otherwise. */
export type Every = (intervalMs: number, run: () => void) => () => void;

const realEvery: Every = (intervalMs, run) => {
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};

const secondsAgo = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * Deletes what no rule reads any more, as of the context's clock: rate-limit attempts older than
 * every counting window, one-time tokens a while after they were used or expired, sessions that
 * ended and were last seen before the longest time-limit period (with their reality-check marks),
 * and activity ticks of that age that no live session still counts, and idempotency keys a day
 * old (a retry comes within seconds or minutes; a day later the same key is a new request).
 */
export async function pruneHousekeeping(
  ctx: AppContext,
  options: HousekeepingOptions = {},
): Promise<PruneReport> {
  const now = ctx.now();
  const batch = options.batchSize ?? 1000;
  const attemptsBefore = secondsAgo(
    now,
    Math.max(options.attemptsRetentionSeconds ?? DAY, LONGEST_ATTEMPT_WINDOW_SECONDS),
  );
  const tokensBefore = secondsAgo(now, Math.max(options.tokensRetentionSeconds ?? DAY, 0));
  const activityBefore = secondsAgo(
    now,
    Math.max(options.activityRetentionSeconds ?? 35 * DAY, PERIOD_SECONDS.month),
  );

  const keysBefore = secondsAgo(now, Math.max(options.idempotencyRetentionSeconds ?? DAY, 0));

  const db = ctx.db;
  // Deletes the rows of `table` matching `where` a batch at a time (by its key columns), until a
  // batch comes back short, so a backlog never holds long locks.
  const drain = async (table: PgTable, keys: PgColumn[], where: SQL | undefined): Promise<number> => {
    let total = 0;
    for (;;) {
      const batchKeys = db
        .select(Object.fromEntries(keys.map((k, i) => [`k${i}`, k])))
        .from(table)
        .where(where)
        .limit(batch);
      const inBatch = sql`(${sql.join(keys, sql`, `)}) in ${batchKeys}`;
      const n = (await db.delete(table).where(inBatch).returning({ one: sql`1` })).length;
      total += n;
      if (n < batch) return total;
    }
  };

  const attempts = await drain(authAttempts, [authAttempts.id], lt(authAttempts.createdAt, attemptsBefore));
  const tokens = await drain(
    playerTokens,
    [playerTokens.id],
    or(lt(playerTokens.expiresAt, tokensBefore), lt(playerTokens.usedAt, tokensBefore)),
  );
  const ended = await drain(
    sessions,
    [sessions.tokenHash],
    and(
      or(lt(sessions.expiresAt, activityBefore), lt(sessions.revokedAt, activityBefore)),
      lt(sessions.lastSeenAt, activityBefore),
    ),
  );
  const sessionOf = db
    .select({ one: sql`1` })
    .from(sessions)
    .where(eq(sessions.tokenHash, sessionChecks.sessionHash));
  const checks = await drain(sessionChecks, [sessionChecks.sessionHash], notExists(sessionOf));
  // A tick still counts towards the sportsbook-session limit of its session while that session lives.
  const liveSession = db
    .select({ one: sql`1` })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, playerActivity.sessionHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  const ticks = await drain(
    playerActivity,
    [playerActivity.id],
    and(lt(playerActivity.createdAt, activityBefore), notExists(liveSession)),
  );
  const keys = await drain(
    idempotencyKeys,
    [idempotencyKeys.playerId, idempotencyKeys.scope, idempotencyKeys.key],
    lt(idempotencyKeys.createdAt, keysBefore),
  );
  const shared = await drain(
    shareCodes,
    [shareCodes.code],
    lt(shareCodes.createdAt, secondsAgo(now, SHARE_CODE_TTL_SECONDS)),
  );
  return {
    expiredDeposits: await expireDeposits(ctx),
    settledTournaments: await settleTournaments(ctx),
    shareCodes: shared,
    authAttempts: attempts,
    playerTokens: tokens,
    sessions: ended,
    sessionChecks: checks,
    playerActivity: ticks,
    idempotencyKeys: keys,
  };
}

export interface Housekeeping {
  /** One pruning pass now; a pass asked for while one runs shares it. */
  runOnce(): Promise<PruneReport>;
  /** Prunes every `intervalMs` (default hourly) until stopped; failures wait for the next pass. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/** What a pass pruned when another node was running its own meanwhile: nothing. */
const SKIPPED: PruneReport = {
  expiredDeposits: 0,
  settledTournaments: 0,
  shareCodes: 0,
  authAttempts: 0,
  playerTokens: 0,
  sessions: 0,
  sessionChecks: 0,
  playerActivity: 0,
  idempotencyKeys: 0,
};

/**
 * The periodic pruning job of an API instance. Deleting twice is harmless, but with `exclusive`
 * (a cluster-wide lock) a node whose pass would overlap another node's skips it and prunes nothing.
 */
export function createHousekeeping(
  ctx: AppContext,
  options: HousekeepingOptions & {
    every?: Every;
    onError?: (error: unknown) => void;
    exclusive?: Exclusive;
  } = {},
): Housekeeping {
  let running: Promise<PruneReport> | null = null;
  let cancel: (() => void) | null = null;
  const prune = () => pruneHousekeeping(ctx, options);
  const pass = () => (options.exclusive ? options.exclusive(prune).then((r) => r ?? SKIPPED) : prune());
  const runOnce = () => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    runOnce,
    start(intervalMs = 3_600_000) {
      if (cancel) return;
      cancel = (options.every ?? realEvery)(intervalMs, () => {
        runOnce().catch((error: unknown) => options.onError?.(error));
      });
    },
    async stop() {
      cancel?.();
      cancel = null;
      // a failed pass was reported when it failed; stopping only waits for it to end
      await running?.catch(() => {});
    },
  };
}
