import { type Executor, sessions } from "@sportsbook/db";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { inForce, type LimitRow, lockPlayer, settleDue, settleDueNow } from "./store.js";
import { activeSeconds, usageOf } from "./usage.js";

/** Refuses while a self-exclusion or cooling-off is in force (SPEC §4), naming it and its end. */
function assertNotExcluded(limitsInForce: Map<string, LimitRow>): void {
  for (const type of ["selfexclusion", "coolingoff"] as const) {
    const row = limitsInForce.get(type);
    if (row?.endsAt) throw new ApiError("selfExcluded", { data: { type, until: row.endsAt.toISOString() } });
  }
}

/** Refuses when a per-period time budget (signed-in time, tracked activity) is spent. */
async function assertTimeLeft(ex: Executor, limitsInForce: Map<string, LimitRow>, now: Date): Promise<void> {
  for (const type of ["time", "activity"] as const) {
    const row = limitsInForce.get(type);
    if (!row?.value) continue;
    const used = (await usageOf(ex, row, now)) ?? 0;
    if (used >= row.value) throw new ApiError("outOfLimit", { data: { type, limit: row.value, used } });
  }
}

/** The checks before a new session: no exclusion in force and time left in the period. */
export async function assertMayStartSession(ctx: AppContext, playerId: number): Promise<void> {
  const rows = await settleDueNow(ctx, playerId);
  const current = inForce(rows);
  assertNotExcluded(current);
  await assertTimeLeft(ctx.db, current, ctx.now());
}

/** The newest live session of a player: the one a bet or deposit without a known session came from. */
async function latestSession(ex: Executor, playerId: number, now: Date) {
  const [row] = await ex
    .select({ tokenHash: sessions.tokenHash, createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row;
}

/**
 * The time limits of one session: its length (`session`) and the time tracked in the sportsbook
 * during it (`sportsbook_session`), plus the per-period budgets. Returns the seconds left before the
 * first of them runs out (null when none applies); throws `outOfLimit` once one has.
 */
export async function assertSessionTime(
  ctx: AppContext,
  ex: Executor,
  limitsInForce: Map<string, LimitRow>,
  session: { tokenHash: string; createdAt: Date } | undefined,
): Promise<number | null> {
  const now = ctx.now();
  await assertTimeLeft(ex, limitsInForce, now);
  const left: number[] = [];
  for (const type of ["time", "activity"] as const) {
    const row = limitsInForce.get(type);
    if (row?.value) left.push(row.value - ((await usageOf(ex, row, now)) ?? 0));
  }
  if (session) {
    const sessionLimit = limitsInForce.get("session");
    if (sessionLimit?.value) {
      const length = Math.floor((now.getTime() - session.createdAt.getTime()) / 1000);
      if (length >= sessionLimit.value) {
        throw new ApiError("outOfLimit", {
          data: { type: "session", limit: sessionLimit.value, used: length },
        });
      }
      left.push(sessionLimit.value - length);
    }
    const sportsbook = limitsInForce.get("sportsbook_session");
    if (sportsbook?.value) {
      const active = await activeSeconds(ex, sportsbook.playerId, new Date(0), session.tokenHash);
      if (active >= sportsbook.value) {
        throw new ApiError("outOfLimit", {
          data: { type: "sportsbook_session", limit: sportsbook.value, used: active },
        });
      }
      left.push(sportsbook.value - active);
    }
  }
  return left.length > 0 ? Math.min(...left) : null;
}

export interface MoneyMovement {
  currency: string;
  amount: number;
}

/**
 * The responsible-gambling check of a deposit or of stakes, run inside the transaction that books
 * them (the player row is locked, so two concurrent requests cannot both use the last of a limit).
 * Deposits meet the deposit limit; stakes meet the bet, wager and loss limits (an open stake counts
 * as lost). Both are refused during an exclusion or once a session or time limit is reached.
 * Throws `limitExceeded` (400), `selfExcluded` (403) or `outOfLimit` (401).
 */
export async function enforceLimits(
  ctx: AppContext,
  tx: Executor,
  input: { playerId: number; kind: "deposit" | "stake"; movements: MoneyMovement[]; sessionHash?: string },
): Promise<void> {
  await lockPlayer(tx, input.playerId);
  const now = ctx.now();
  const current = inForce(await settleDue(ctx, tx, input.playerId));
  if (current.size === 0) return;
  assertNotExcluded(current);
  const live = await latestSession(tx, input.playerId, now);
  const session = input.sessionHash
    ? { tokenHash: input.sessionHash, createdAt: live?.createdAt ?? now }
    : live;
  await assertSessionTime(ctx, tx, current, session);
  const totals = new Map<string, number>();
  for (const m of input.movements) totals.set(m.currency, (totals.get(m.currency) ?? 0) + m.amount);
  const check = async (row: LimitRow | undefined, amount: (currency: string) => number) => {
    if (!row?.value || !row.currency) return;
    const adding = amount(row.currency);
    if (adding === 0) return;
    const used = (await usageOf(tx, row, now)) ?? 0;
    if (used + adding > row.value) {
      throw new ApiError("limitExceeded", {
        data: {
          type: row.type,
          limit: row.value,
          used,
          remaining: Math.max(0, row.value - used),
          currency: row.currency,
        },
      });
    }
  };
  if (input.kind === "deposit") {
    await check(current.get("deposit"), (c) => totals.get(c) ?? 0);
    return;
  }
  const bet = current.get("bet");
  if (bet?.value && bet.currency) {
    const largest = Math.max(
      0,
      ...input.movements.filter((m) => m.currency === bet.currency).map((m) => m.amount),
    );
    if (largest > bet.value) {
      throw new ApiError("limitExceeded", {
        data: { type: "bet", limit: bet.value, used: 0, remaining: bet.value, currency: bet.currency },
      });
    }
  }
  await check(current.get("wager"), (c) => totals.get(c) ?? 0);
  await check(current.get("loss"), (c) => totals.get(c) ?? 0);
}
