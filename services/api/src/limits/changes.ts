import { LIMIT_KIND, type Limit, type LimitType, type SetLimitBody } from "@sportsbook/contracts";
import { sessions, type Transaction } from "@sportsbook/db";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { ApiError, validationError } from "../http/errors.js";
import { audit } from "../identity/audit.js";
import { currencyTable } from "../wallet/currencies.js";
import { isStricter, PERIOD_SECONDS, periodOf, validateLimitRequest } from "./rules.js";
import {
  disable,
  inForce,
  insertLimit,
  type LimitRow,
  lockPlayer,
  markConfirmed,
  PENDING,
  pendingOf,
  settleDue,
  settleDueNow,
  withdraw,
} from "./store.js";
import { usageOf } from "./usage.js";

/** The wire form of a limit row, with what is used of it in the current period. */
export async function presentLimit(ctx: AppContext, row: LimitRow): Promise<Limit> {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    value: row.value,
    period: periodOf(row.periodSeconds),
    currency: row.currency,
    effective_at: row.effectiveAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    removal: row.removal,
    used: row.status === "active" ? await usageOf(ctx.db, row, ctx.now()) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The limits in force and the pending changes of a player, after settling what is due. */
export async function currentLimits(ctx: AppContext, playerId: number): Promise<LimitRow[]> {
  const rows = await settleDueNow(ctx, playerId);
  return rows.filter((r) => r.status === "active" || PENDING.includes(r.status));
}

/**
 * A limit set by the operator's staff for the player: only a stricter one is allowed (a looser one is
 * the player's own request), and `applied` records the staff action in the limit's own transaction.
 */
export interface StaffLimitChange {
  applied(tx: Transaction, limitId: number): Promise<void>;
}

/**
 * Sets a limit. A new limit, or one at least as strict as the one in force, applies at once; a looser
 * one (higher amount, shorter window, other currency) waits as `unconfirmed` until the cooling-off
 * period has passed and the player confirms it. Exclusions can be extended, never shortened. A new
 * change replaces a pending one of the same type. Starting an exclusion signs every session out.
 */
export async function setLimit(
  ctx: AppContext,
  player: { id: number; currency: string },
  body: SetLimitBody,
  onBehalf?: StaffLimitChange,
): Promise<LimitRow> {
  const errors = validateLimitRequest(body);
  if (errors.length > 0) throw validationError(errors);
  const kind = LIMIT_KIND[body.type];
  const isMoney = kind === "money_period" || kind === "money_bet";
  const currency = isMoney ? (body.currency ?? player.currency) : null;
  if (currency && !(await currencyTable(ctx)).get(currency)?.enabled) {
    throw validationError([{ field: "body.currency", message: "unknown or disabled currency" }]);
  }
  const terms = {
    type: body.type,
    value: body.value ?? null,
    periodSeconds: body.period ? PERIOD_SECONDS[body.period] : null,
    currency,
  };
  const id = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id);
    const rows = await settleDue(ctx, tx, player.id);
    const current = inForce(rows).get(body.type);
    const pending = pendingOf(rows, body.type);
    const now = ctx.now();
    if (!current || isStricter(current, terms, now)) {
      if (pending) await withdraw(ctx, tx, pending);
      if (current) await disable(ctx, tx, current);
      const newId = await insertLimit(ctx, tx, {
        ...terms,
        playerId: player.id,
        status: "active",
        effectiveAt: now,
        replacesId: current?.id ?? null,
        removal: false,
      });
      await audit(ctx, tx, {
        entity: "limit",
        id: newId,
        action: "set",
        playerId: player.id,
        data: { ...body, replaces: current?.id ?? null },
      });
      await onBehalf?.applied(tx, newId);
      if (kind === "exclusion") {
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.playerId, player.id), isNull(sessions.revokedAt)));
      }
      return newId;
    }
    if (kind === "exclusion") {
      throw new ApiError("limitChangeRefused", {
        details: [{ field: "body.period", message: "an exclusion in force can be extended, not shortened" }],
        data: { type: body.type, until: current.endsAt?.toISOString() },
      });
    }
    if (onBehalf) throw new ApiError("limitNotStricter");
    if (pending) await withdraw(ctx, tx, pending);
    const pendingId = await insertLimit(ctx, tx, {
      ...terms,
      playerId: player.id,
      status: "unconfirmed",
      effectiveAt: new Date(now.getTime() + ctx.identity.limitIncreaseDelaySeconds * 1000),
      replacesId: current.id,
      removal: false,
    });
    await audit(ctx, tx, {
      entity: "limit",
      id: pendingId,
      action: "increase_requested",
      playerId: player.id,
      data: { ...body, replaces: current.id },
    });
    return pendingId;
  });
  return rowById(ctx, player.id, id);
}

/** Asks to remove a limit: like an increase, it waits for the cooling-off period and a confirmation. */
export async function removeLimit(ctx: AppContext, playerId: number, type: LimitType): Promise<LimitRow> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const rows = await settleDue(ctx, tx, playerId);
    const current = inForce(rows).get(type);
    if (!current)
      throw new ApiError("notFound", {
        details: [{ field: "params.type", message: "no such limit in force" }],
      });
    if (LIMIT_KIND[type] === "exclusion") {
      throw new ApiError("limitChangeRefused", {
        details: [{ field: "params.type", message: "an exclusion ends by itself" }],
        data: { type, until: current.endsAt?.toISOString() },
      });
    }
    const pending = pendingOf(rows, type);
    if (pending) await withdraw(ctx, tx, pending);
    const removalId = await insertLimit(ctx, tx, {
      type,
      value: null,
      periodSeconds: current.periodSeconds,
      currency: current.currency,
      playerId,
      status: "unconfirmed",
      effectiveAt: new Date(ctx.now().getTime() + ctx.identity.limitIncreaseDelaySeconds * 1000),
      replacesId: current.id,
      removal: true,
    });
    await audit(ctx, tx, {
      entity: "limit",
      id: removalId,
      action: "removal_requested",
      playerId,
      data: { type },
    });
    return removalId;
  });
  return rowById(ctx, playerId, id);
}

/**
 * Confirms a pending change. It takes effect at once when its cooling-off period is over, otherwise
 * it stays `confirmed` and takes effect when the period ends.
 */
export async function confirmLimit(ctx: AppContext, playerId: number, limitId: number): Promise<LimitRow> {
  await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const rows = await settleDue(ctx, tx, playerId);
    const row = rows.find((r) => r.id === limitId);
    if (!row) throw new ApiError("notFound", { details: [{ field: "params.id", message: "no such limit" }] });
    if (row.status !== "unconfirmed") {
      throw new ApiError("limitChangeRefused", {
        details: [
          {
            field: "params.id",
            message: `only an unconfirmed change can be confirmed (this one is ${row.status})`,
          },
        ],
      });
    }
    await markConfirmed(ctx, tx, row);
    await audit(ctx, tx, { entity: "limit", id: row.id, action: "confirmed", playerId });
    await settleDue(ctx, tx, playerId);
  });
  return rowById(ctx, playerId, limitId);
}

/** Withdraws a pending change; the limit in force stays as it is. */
export async function cancelLimitChange(
  ctx: AppContext,
  playerId: number,
  limitId: number,
): Promise<LimitRow> {
  await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const rows = await settleDue(ctx, tx, playerId);
    const row = rows.find((r) => r.id === limitId);
    if (!row) throw new ApiError("notFound", { details: [{ field: "params.id", message: "no such limit" }] });
    if (!PENDING.includes(row.status)) {
      throw new ApiError("limitChangeRefused", {
        details: [{ field: "params.id", message: "only a pending change can be withdrawn" }],
      });
    }
    await withdraw(ctx, tx, row);
    await audit(ctx, tx, { entity: "limit", id: row.id, action: "withdrawn", playerId });
  });
  return rowById(ctx, playerId, limitId);
}

async function rowById(ctx: AppContext, playerId: number, id: number): Promise<LimitRow> {
  const rows = await settleDueNow(ctx, playerId);
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error("limit row vanished");
  return row;
}
