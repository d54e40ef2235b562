import { bonusIssued } from "@sportsbook/contracts/player-events";
import {
  bonuses,
  type Executor,
  notifications,
  playerBonuses,
  recordNotification,
  type Transaction,
  unreadNotifications,
} from "@sportsbook/db";
import { FREEBET_TYPES, isFreebet } from "@sportsbook/domain";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PlayerRow } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { multipleActiveFreebetsAllowed } from "../player/settings.js";
import { publishNotification, publishToPlayer } from "../realtime/to-player.js";
import type { BonusRow } from "./definitions.js";
import { type IssuedRow, localText, statusOf } from "./present.js";

/**
 * Whether the bonus may go to this player at all: its countries, and a freebet's stake (an amb's
 * bets) in the player's currency.
 */
function eligible(bonus: BonusRow, player: PlayerRow): boolean {
  if (bonus.countryCodes.length > 0 && !bonus.countryCodes.includes(player.countryCode ?? "")) return false;
  if (bonus.kind === "freebet_amb")
    return (bonus.terms as { stake_currency?: string }).stake_currency === player.currency;
  return !isFreebet(bonus.kind) || freebetAmount(bonus, player.currency) !== null;
}

function freebetAmount(bonus: BonusRow, currency: string): number | null {
  const amounts = (bonus.terms as { amounts?: Record<string, number> }).amounts ?? {};
  return typeof amounts[currency] === "number" ? amounts[currency] : null;
}

/**
 * Issues the bonus to the player once (a second call finds the first copy). Freebets carry their
 * stake in the player's currency; the player has `valid_days` to use it, else the bonus's own end.
 */
async function issue(
  ctx: AppContext,
  ex: Executor,
  bonus: BonusRow,
  player: PlayerRow,
): Promise<IssuedRow | null> {
  return issueCopy(
    ex,
    bonus,
    { playerId: player.id, currency: player.currency, language: player.language },
    ctx.now(),
  );
}

/**
 * Writes the player's copy of a bonus unless they hold one. A freebet's stake is `amount` when
 * given (a tournament prize), else the bonus's own in the holder's currency. With `uses` (freebets
 * an amb progress earned) the copy gets that many uses, added to a copy the player holds already,
 * whose expiry starts again.
 */
export async function issueCopy(
  ex: Executor,
  bonus: BonusRow,
  holder: { playerId: number; currency: string; language?: string },
  now: Date,
  options: { amount?: number; uses?: number } = {},
): Promise<IssuedRow | null> {
  const row = await writeCopy(ex, bonus, holder, now, options);
  // the player's notification exists exactly when the copy does (published by `announceIssued`)
  if (row)
    await recordNotification(ex, holder.playerId, {
      type: "bonus_issued",
      bonusId: bonus.id,
      name: localText(bonus.name, holder.language ?? "en"),
    });
  return row;
}

async function writeCopy(
  ex: Executor,
  bonus: BonusRow,
  holder: { playerId: number; currency: string },
  now: Date,
  options: { amount?: number; uses?: number },
): Promise<IssuedRow | null> {
  const expiresAt = bonus.validDays ? new Date(now.getTime() + bonus.validDays * 86_400_000) : bonus.validTo;
  const freebet = isFreebet(bonus.kind);
  const insert = ex.insert(playerBonuses).values({
    playerId: holder.playerId,
    bonusId: bonus.id,
    amount: freebet ? (options.amount ?? freebetAmount(bonus, holder.currency)) : null,
    currency: freebet ? holder.currency : null,
    issuedAt: now,
    expiresAt,
    usesGranted: options.uses ?? null,
  });
  const [row] = await (options.uses === undefined
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({
        target: [playerBonuses.playerId, playerBonuses.bonusId],
        set: {
          // the uses it had (granted, else the bonus's, else those spent when unlimited) and the new ones
          usesGranted: sql`coalesce(${playerBonuses.usesGranted}, ${bonus.usesCount}, ${playerBonuses.timesUsed}) + ${options.uses}`,
          expiresAt,
        },
      })
  ).returning();
  return row ?? null;
}

/**
 * Tells the player's devices a bonus was issued to them, named in their language, with the
 * notification its issue wrote (after the commit, as every player event).
 */
export async function announceIssued(
  ctx: AppContext,
  playerId: number,
  bonus: BonusRow,
  language: string,
): Promise<void> {
  await publishToPlayer(ctx, playerId, bonusIssued(bonus.id, bonus.kind, localText(bonus.name, language)));
  const [notice] = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.playerId, playerId),
        eq(notifications.type, "bonus_issued"),
        eq(notifications.objectId, String(bonus.id)),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  if (notice)
    await publishNotification(ctx, playerId, {
      notification: notice,
      unread: await unreadNotifications(ctx.db, playerId),
    });
}

async function announce(ctx: AppContext, player: PlayerRow, bonus: BonusRow): Promise<void> {
  await announceIssued(ctx, player.id, bonus, player.language);
}

/**
 * Every running bonus meant for all players (`issued_by: sign_up`) that this player may have and does
 * not hold yet: issued on the player's first look after it starts, whenever the account was opened.
 */
export async function ensureSignUpBonuses(ctx: AppContext, player: PlayerRow): Promise<void> {
  const offered = await ctx.db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.issuedBy, "sign_up"), eq(bonuses.status, "enabled")));
  const held = new Set(
    (
      await ctx.db
        .select({ bonusId: playerBonuses.bonusId })
        .from(playerBonuses)
        .where(eq(playerBonuses.playerId, player.id))
    ).map((r) => r.bonusId),
  );
  for (const bonus of offered) {
    if (held.has(bonus.id) || !eligible(bonus, player)) continue;
    if (statusOf(ctx, bonus, undefined) !== "not_available") continue;
    if (await issue(ctx, ctx.db, bonus, player)) await announce(ctx, player, bonus);
  }
}

/** SPEC §7 `POST /bonuses/promo-code`: the code's bonus, issued once to the player. */
export async function redeemPromoCode(ctx: AppContext, player: PlayerRow, code: string): Promise<BonusRow> {
  const [bonus] = await ctx.db
    .select()
    .from(bonuses)
    .where(and(eq(sql`upper(${bonuses.promoCode})`, code), eq(bonuses.issuedBy, "promo_code")));
  if (!bonus || statusOf(ctx, bonus, undefined) !== "not_available" || !eligible(bonus, player))
    throw new ApiError("promoCodeInvalid");
  if (!(await issue(ctx, ctx.db, bonus, player))) throw new ApiError("promoCodeUsed");
  await announce(ctx, player, bonus);
  return bonus;
}

/** The player's copy of a bonus with its definition, locked for the rest of the transaction. */
export async function lockedCopy(
  tx: Transaction,
  playerId: number,
  bonusId: number,
): Promise<{ bonus: BonusRow; issued: IssuedRow } | undefined> {
  const [row] = await tx
    .select({ bonus: bonuses, issued: playerBonuses })
    .from(playerBonuses)
    .innerJoin(bonuses, eq(bonuses.id, playerBonuses.bonusId))
    .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.bonusId, bonusId)))
    .for("update");
  return row;
}

/**
 * Locks every freebet copy of the player, in id order, and answers them. Taken before the copy being
 * activated, so two activations queue here rather than each locking only its own copy and checking
 * the others unlocked, and so concurrent activations always lock in the same order.
 */
async function lockedFreebets(tx: Transaction, playerId: number) {
  return tx
    .select({ bonus: bonuses, issued: playerBonuses })
    .from(playerBonuses)
    .innerJoin(bonuses, eq(bonuses.id, playerBonuses.bonusId))
    .where(and(eq(playerBonuses.playerId, playerId), inArray(bonuses.kind, [...FREEBET_TYPES])))
    .orderBy(asc(playerBonuses.id))
    .for("update", { of: playerBonuses });
}

/**
 * Activates an issued bonus the player may use now. One freebet is active at a time, so a bet never
 * has to choose between two the player meant to use, unless the site settings allow several
 * (`allow_multiple_active_user_freebets`).
 */
export async function activateBonus(ctx: AppContext, player: PlayerRow, bonusId: number): Promise<void> {
  const severalAllowed = await multipleActiveFreebetsAllowed(ctx);
  await ctx.db.transaction(async (tx) => {
    const freebets = severalAllowed ? [] : await lockedFreebets(tx, player.id);
    const row = await lockedCopy(tx, player.id, bonusId);
    if (!row || statusOf(ctx, row.bonus, row.issued) !== "available") throw new ApiError("bonusNotAvailable");
    if (isFreebet(row.bonus.kind) && freebets.some((a) => statusOf(ctx, a.bonus, a.issued) === "active"))
      throw new ApiError("freebetAlreadyActive");
    await tx.update(playerBonuses).set({ activatedAt: ctx.now() }).where(eq(playerBonuses.id, row.issued.id));
  });
}

/** Marks the player's copies of these bonuses seen, once: a copy already seen keeps its first time. */
export async function markSeen(
  ctx: AppContext,
  player: PlayerRow,
  bonusIds: readonly number[],
): Promise<void> {
  await ctx.db
    .update(playerBonuses)
    .set({ seenAt: ctx.now() })
    .where(
      and(
        eq(playerBonuses.playerId, player.id),
        inArray(playerBonuses.bonusId, [...bonusIds]),
        isNull(playerBonuses.seenAt),
      ),
    );
}
