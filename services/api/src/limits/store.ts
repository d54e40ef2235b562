import type { LimitStatus, LimitType } from "@sportsbook/contracts";
import { type Executor, limits, limitTerms, players, recordNotification } from "@sportsbook/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { publishNotification } from "../realtime/to-player.js";

/** A limit row with its terms, as the rest of the module sees it. */
export interface LimitRow {
  id: number;
  playerId: number;
  type: LimitType;
  status: LimitStatus;
  value: number | null;
  periodSeconds: number | null;
  currency: string | null;
  effectiveAt: Date;
  confirmedAt: Date | null;
  replacesId: number | null;
  removal: boolean;
  createdAt: Date;
  /** End of an exclusion: effective time plus its period. */
  endsAt: Date | null;
}

/** Statuses of a change that waits for its cooling-off period or its confirmation. */
export const PENDING: LimitStatus[] = ["unconfirmed", "confirmed"];

const EXCLUSIONS: LimitType[] = ["selfexclusion", "coolingoff"];

/** Serialises limit changes and limit checks of one player (row lock on the player). */
export async function lockPlayer(ex: Executor, playerId: number): Promise<void> {
  await ex.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for("update");
}

/** Every limit row of a player (history included), oldest first. */
export async function loadLimits(ex: Executor, playerId: number): Promise<LimitRow[]> {
  const rows = await ex
    .select({ limit: limits, terms: limitTerms })
    .from(limits)
    .leftJoin(limitTerms, eq(limitTerms.limitId, limits.id))
    .where(eq(limits.playerId, playerId))
    .orderBy(asc(limits.id));
  return rows.map(({ limit, terms }) => {
    const effectiveAt = terms?.effectiveAt ?? limit.createdAt;
    const type = limit.type as LimitType;
    return {
      id: limit.id,
      playerId: limit.playerId,
      type,
      status: limit.status as LimitStatus,
      value: limit.value,
      periodSeconds: limit.periodSeconds,
      currency: terms?.currency ?? null,
      effectiveAt,
      confirmedAt: terms?.confirmedAt ?? null,
      replacesId: terms?.replacesId ?? null,
      removal: terms?.removal ?? false,
      createdAt: limit.createdAt,
      endsAt:
        EXCLUSIONS.includes(type) && limit.periodSeconds !== null
          ? new Date(effectiveAt.getTime() + limit.periodSeconds * 1000)
          : null,
    };
  });
}

async function setStatus(ex: Executor, ids: number[], status: LimitStatus, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await ex.update(limits).set({ status }).where(inArray(limits.id, ids));
  await ex.update(limitTerms).set({ updatedAt: now }).where(inArray(limitTerms.limitId, ids));
}

/** Notifications written while settling, for the caller to send once its transaction commits. */
export type SettledNotifications = Awaited<ReturnType<typeof recordNotification>>[];

/**
 * Brings stored statuses up to date with the clock: a confirmed change whose cooling-off period has
 * passed replaces the limit it was waiting to replace (and the player is notified), and an exclusion
 * past its end stops. Returns the rows as they are now.
 */
export async function settleDue(
  ctx: AppContext,
  ex: Executor,
  playerId: number,
  notified: SettledNotifications = [],
): Promise<LimitRow[]> {
  const now = ctx.now();
  let rows = await loadLimits(ex, playerId);
  let changed = false;
  for (const row of rows) {
    if (row.status === "confirmed" && row.effectiveAt.getTime() <= now.getTime()) {
      const replaced = rows.filter((r) => r.type === row.type && r.status === "active").map((r) => r.id);
      await setStatus(ex, replaced, "disabled", now);
      await setStatus(ex, [row.id], row.removal ? "disabled" : "active", now);
      notified.push(
        await recordNotification(ex, playerId, {
          type: "limit_changed",
          limitId: row.id,
          limitType: row.type,
          removal: row.removal,
        }),
      );
      changed = true;
    } else if (row.status === "active" && row.endsAt && row.endsAt.getTime() <= now.getTime()) {
      await setStatus(ex, [row.id], "disabled", now);
      changed = true;
    }
  }
  if (changed) rows = await loadLimits(ex, playerId);
  return rows;
}

/** The limit in force of each type (at most one per type). */
export function inForce(rows: LimitRow[]): Map<LimitType, LimitRow> {
  return new Map(rows.filter((r) => r.status === "active").map((r) => [r.type, r]));
}

/** The pending change of a type, if any. */
export function pendingOf(rows: LimitRow[], type: LimitType): LimitRow | undefined {
  return rows.find((r) => r.type === type && PENDING.includes(r.status));
}

/** Withdraws a pending change: unconfirmed → unconfirmed_disabled, confirmed → confirmed_disabled. */
export async function withdraw(ctx: AppContext, ex: Executor, row: LimitRow): Promise<void> {
  await setStatus(
    ex,
    [row.id],
    row.status === "confirmed" ? "confirmed_disabled" : "unconfirmed_disabled",
    ctx.now(),
  );
}

export async function disable(ctx: AppContext, ex: Executor, row: LimitRow): Promise<void> {
  await setStatus(ex, [row.id], "disabled", ctx.now());
}

/** Writes a limit row with its terms. */
export async function insertLimit(
  ctx: AppContext,
  ex: Executor,
  row: Omit<LimitRow, "id" | "createdAt" | "endsAt" | "confirmedAt">,
): Promise<number> {
  const now = ctx.now();
  const [inserted] = await ex
    .insert(limits)
    .values({
      playerId: row.playerId,
      type: row.type,
      status: row.status,
      value: row.value,
      periodSeconds: row.periodSeconds,
      createdAt: now,
    })
    .returning({ id: limits.id });
  if (!inserted) throw new Error("limit row was not written");
  await ex.insert(limitTerms).values({
    limitId: inserted.id,
    currency: row.currency,
    effectiveAt: row.effectiveAt,
    replacesId: row.replacesId,
    removal: row.removal,
    updatedAt: now,
  });
  return inserted.id;
}

/** Marks a pending change confirmed by the player. */
export async function markConfirmed(ctx: AppContext, ex: Executor, row: LimitRow): Promise<void> {
  await ex
    .update(limits)
    .set({ status: "confirmed" })
    .where(and(eq(limits.id, row.id), eq(limits.status, "unconfirmed")));
  await ex
    .update(limitTerms)
    .set({ confirmedAt: ctx.now(), updatedAt: ctx.now() })
    .where(eq(limitTerms.limitId, row.id));
}

/**
 * Settles a player's limits in a transaction of its own and sends the notifications of changes that
 * took effect once it has committed.
 */
export async function settleDueNow(ctx: AppContext, playerId: number): Promise<LimitRow[]> {
  const notified: SettledNotifications = [];
  const rows = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    return settleDue(ctx, tx, playerId, notified);
  });
  for (const n of notified) await publishNotification(ctx, playerId, n);
  return rows;
}
