import { bets, type Executor, payments, playerActivity, sessions } from "@sportsbook/db";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { LimitRow } from "./store.js";

const asNumber = (v: unknown) => Number(v ?? 0);

/**
 * Deposits in the window, minor units of `currency`: those credited and those still pending at the
 * provider, so several checkouts opened at once cannot together pass the limit.
 */
async function deposited(ex: Executor, playerId: number, currency: string, since: Date): Promise<number> {
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.playerId, playerId),
        eq(payments.direction, "deposit"),
        inArray(payments.status, ["succeeded", "pending"]),
        eq(payments.currency, currency),
        gt(payments.createdAt, since),
      ),
    );
  return asNumber(row?.total);
}

/** Stakes placed in the window. */
async function wagered(ex: Executor, playerId: number, currency: string, since: Date): Promise<number> {
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${bets.stake}), 0)` })
    .from(bets)
    .where(and(eq(bets.playerId, playerId), eq(bets.currency, currency), gt(bets.createdAt, since)));
  return asNumber(row?.total);
}

/**
 * Net loss on the bets placed in the window: their stakes minus what they paid back (wins, refunds,
 * cashouts); open bets count as lost until settled. Never below zero.
 */
async function lost(ex: Executor, playerId: number, currency: string, since: Date): Promise<number> {
  const [row] = await ex
    .select({
      // A full cashout records its amount as the win too, so it is counted once.
      net: sql<string>`coalesce(sum(${bets.stake} - ${bets.cashedOutAmount} - case when ${bets.status} = 'cashed_out' then 0 else coalesce(${bets.winAmount}, 0) end), 0)`,
    })
    .from(bets)
    .where(and(eq(bets.playerId, playerId), eq(bets.currency, currency), gt(bets.createdAt, since)));
  return Math.max(0, asNumber(row?.net));
}

/** Seconds of tracked activity in the window (optionally of one session). */
export async function activeSeconds(
  ex: Executor,
  playerId: number,
  since: Date,
  sessionHash?: string,
): Promise<number> {
  const filters = [eq(playerActivity.playerId, playerId), gt(playerActivity.createdAt, since)];
  if (sessionHash) filters.push(eq(playerActivity.sessionHash, sessionHash));
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${playerActivity.seconds}), 0)` })
    .from(playerActivity)
    .where(and(...filters));
  return asNumber(row?.total);
}

/**
 * Signed-in time in the window: each session from its start (or the window's start) to its
 * revocation or last sign of life, whichever is known; `now` for the live ones.
 */
async function signedInSeconds(ex: Executor, playerId: number, since: Date, now: Date): Promise<number> {
  const end = sql`least(coalesce(${sessions.revokedAt}, ${sessions.lastSeenAt}), ${sessions.expiresAt}, ${now.toISOString()}::timestamptz)`;
  const start = sql`greatest(${sessions.createdAt}, ${since.toISOString()}::timestamptz)`;
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(greatest(extract(epoch from (${end} - ${start})), 0)), 0)` })
    .from(sessions)
    .where(and(eq(sessions.playerId, playerId), gt(sessions.lastSeenAt, since)));
  return Math.floor(asNumber(row?.total));
}

/** How much of a period limit is used now (minor units or seconds); null for limits without a period. */
export async function usageOf(ex: Executor, limit: LimitRow, now: Date): Promise<number | null> {
  if (limit.periodSeconds === null || limit.endsAt !== null) return null;
  const since = new Date(now.getTime() - limit.periodSeconds * 1000);
  const currency = limit.currency ?? "";
  switch (limit.type) {
    case "deposit":
      return deposited(ex, limit.playerId, currency, since);
    case "wager":
      return wagered(ex, limit.playerId, currency, since);
    case "loss":
      return lost(ex, limit.playerId, currency, since);
    case "activity":
      return activeSeconds(ex, limit.playerId, since);
    case "time":
      return signedInSeconds(ex, limit.playerId, since, now);
    default:
      return null;
  }
}
