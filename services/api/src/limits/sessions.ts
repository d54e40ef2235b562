import {
  accounts,
  ledgerEntries,
  ledgerTransactions,
  playerActivity,
  sessionChecks,
  sessions,
} from "@sportsbook/db";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type PlayerRow, requirePlayer, sessionOf } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { assertSessionTime } from "./barriers.js";
import { inForce, settleDueNow } from "./store.js";
import { activeSeconds } from "./usage.js";

/** Activity ticks come every 60 s (SPEC §9); a longer gap counts as at most this much activity. */
const MAX_TICK_SECONDS = 90;

interface LiveSession {
  player: PlayerRow;
  tokenHash: string;
  createdAt: Date;
}

/** The signed-in player's session, marked as seen now (the base of the `time` limit). */
async function liveSession(ctx: AppContext, request: FastifyRequest): Promise<LiveSession> {
  const player = await requirePlayer(ctx, request);
  const session = await sessionOf(ctx, request);
  if (session.state !== "active") throw new ApiError("unauthorized");
  const [row] = await ctx.db
    .update(sessions)
    .set({ lastSeenAt: ctx.now() })
    .where(eq(sessions.tokenHash, session.tokenHash))
    .returning({ createdAt: sessions.createdAt });
  return { player, tokenHash: session.tokenHash, createdAt: row?.createdAt ?? ctx.now() };
}

/**
 * Checks the session's time limits; once one is reached the session is revoked and the answer is
 * `outOfLimit` (SPEC §8 "User is out of limit": the client signs out and shows the limit modal).
 */
async function checkTime(ctx: AppContext, live: LiveSession): Promise<number | null> {
  const current = inForce(await settleDueNow(ctx, live.player.id));
  try {
    return await assertSessionTime(ctx, ctx.db, current, live);
  } catch (error) {
    if (error instanceof ApiError && error.kind === "outOfLimit") {
      await ctx.db
        .update(sessions)
        .set({ revokedAt: ctx.now() })
        .where(eq(sessions.tokenHash, live.tokenHash));
    }
    throw error;
  }
}

/** What a player's bets did to the balance: stakes, payouts, refunds and cash-outs, never payments. */
const BETTING_KINDS = ["stake", "payout", "refund", "cashout"];

/**
 * The session's net win or loss in the player's current currency (SPEC §5 reality check): the sum
 * of the betting postings on the player's account since the session began.
 */
async function sessionNetResult(ctx: AppContext, live: LiveSession) {
  const currency = live.player.currency;
  const [row] = await ctx.db
    .select({ net: sql<string | null>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(accounts.playerId, live.player.id),
        eq(accounts.currency, currency),
        inArray(ledgerTransactions.kind, BETTING_KINDS),
        gte(ledgerEntries.createdAt, live.createdAt),
      ),
    );
  return { value: Number(row?.net ?? 0), currency };
}

/** `GET /player/sessions/info`: session length, what is left of it, and the reality check. */
export async function sessionsInfo(ctx: AppContext, request: FastifyRequest) {
  const live = await liveSession(ctx, request);
  const remaining = await checkTime(ctx, live);
  const now = ctx.now();
  const current = inForce(await settleDueNow(ctx, live.player.id));
  const sessionLimit = current.get("session")?.value ?? null;
  const reality = current.get("reality_check");
  let realityCheck = null;
  if (reality?.value) {
    const [check] = await ctx.db
      .select()
      .from(sessionChecks)
      .where(eq(sessionChecks.sessionHash, live.tokenHash));
    const from = check?.continuedAt ?? live.createdAt;
    const nextAt = new Date(from.getTime() + reality.value * 1000);
    realityCheck = { interval_seconds: reality.value, next_at: nextAt.toISOString(), is_due: nextAt <= now };
  }
  return {
    data: {
      net_result: await sessionNetResult(ctx, live),
      started_at: live.createdAt.toISOString(),
      duration_seconds: Math.max(0, Math.floor((now.getTime() - live.createdAt.getTime()) / 1000)),
      session_limit_seconds: sessionLimit,
      remaining_seconds: remaining,
      reality_check: realityCheck,
    },
  };
}

/**
 * `POST /player/sessions/continue`: the player read the reality check and continues; the next one is
 * due an interval from now. A 400 when no reality check is set tells the client to stop polling.
 */
export async function continueSession(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const live = await liveSession(ctx, request);
  const current = inForce(await settleDueNow(ctx, live.player.id));
  if (!current.get("reality_check")) throw new ApiError("realityCheckNotSet");
  await checkTime(ctx, live);
  await ctx.db
    .insert(sessionChecks)
    .values({ sessionHash: live.tokenHash, playerId: live.player.id, continuedAt: ctx.now() })
    .onConflictDoUpdate({ target: sessionChecks.sessionHash, set: { continuedAt: ctx.now() } });
}

/**
 * `POST /player/activity`: one activity-tracking tick. The time since the session's previous tick
 * (at most {@link MAX_TICK_SECONDS}) counts as active; then the time limits are checked.
 */
export async function trackActivity(ctx: AppContext, request: FastifyRequest) {
  const live = await liveSession(ctx, request);
  const now = ctx.now();
  const [last] = await ctx.db
    .select({ at: playerActivity.createdAt })
    .from(playerActivity)
    .where(and(eq(playerActivity.sessionHash, live.tokenHash)))
    .orderBy(desc(playerActivity.id))
    .limit(1);
  const from = last?.at ?? live.createdAt;
  const seconds = Math.min(
    MAX_TICK_SECONDS,
    Math.max(0, Math.floor((now.getTime() - from.getTime()) / 1000)),
  );
  await ctx.db
    .insert(playerActivity)
    .values({ playerId: live.player.id, sessionHash: live.tokenHash, seconds, createdAt: now });
  const remaining = await checkTime(ctx, live);
  return {
    data: {
      active_seconds: await activeSeconds(ctx.db, live.player.id, new Date(0), live.tokenHash),
      remaining_seconds: remaining,
    },
  };
}
