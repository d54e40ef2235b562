import type {
  PlayerDetail,
  PlayerStatus,
  PlayerSummary,
  playerStatusBodySchema,
  staffLimitBodySchema,
} from "@sportsbook/contracts";
import {
  accounts,
  bets,
  bonuses,
  ledgerEntries,
  ledgerTransactions,
  playerBonuses,
  playerNotes,
  playerSecurity,
  players,
  sessions,
  staff,
  type Transaction,
} from "@sportsbook/db";
import { type BetListFilter, betStatusesOf } from "@sportsbook/domain";
import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { issueToken } from "../identity/tokens.js";
import { currentLimits, presentLimit, setLimit } from "../limits/changes.js";
import { enqueue, siteLink } from "../mail/outbox.js";
import { currencyTable } from "../wallet/currencies.js";
import { listAdjustments } from "./adjustments.js";
import { type AuditActor, recordStaffAction } from "./audit.js";
import { containsPattern } from "./like.js";

type PlayerRow = typeof players.$inferSelect;

/** Rows the player page lists of each kind (bets, transactions, sessions): the latest first. */
const RECENT = 50;

/** Bet statuses still open, as My bets' `open` filter has them. */
const OPEN_BET_STATUSES = [...betStatusesOf("open")];

function nameOf(p: PlayerRow): string {
  const full = [p.firstName, p.lastName].filter(Boolean).join(" ");
  return full || p.nickname || "";
}

export function playerSummary(p: PlayerRow): PlayerSummary {
  return {
    id: p.id,
    email: p.email,
    name: nameOf(p),
    phone: p.phone,
    status: p.status as PlayerStatus,
    currency: p.currency,
    created_at: p.createdAt.toISOString(),
  };
}

/** Players whose e-mail, name, nickname or phone contains `q`, or whose id is `q`; newest first. */
export async function searchPlayers(ctx: AppContext, q: string, limit: number): Promise<PlayerSummary[]> {
  const like = containsPattern(q);
  const match: SQL[] = [
    ilike(players.email, like),
    ilike(players.firstName, like),
    ilike(players.lastName, like),
    ilike(players.nickname, like),
    ilike(players.phone, containsPattern(q.replace(/[\s()-]/g, ""))),
  ];
  if (/^\d{1,15}$/.test(q)) match.push(eq(players.id, Number(q)));
  const rows = await ctx.db
    .select()
    .from(players)
    .where(or(...match))
    .orderBy(desc(players.id))
    .limit(limit);
  return rows.map(playerSummary);
}

async function playerOr404(ex: AppContext["db"] | Transaction, id: number, lock = false): Promise<PlayerRow> {
  const query = ex.select().from(players).where(eq(players.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new ApiError("notFound");
  return row;
}

/** Everything the player page shows, read at once. */
export async function playerDetail(
  ctx: AppContext,
  id: number,
  betFilter: BetListFilter,
): Promise<PlayerDetail> {
  const p = await playerOr404(ctx.db, id);
  const betWhere =
    betFilter === "open"
      ? and(eq(bets.playerId, id), inArray(bets.status, OPEN_BET_STATUSES))
      : betFilter === "settled"
        ? and(eq(bets.playerId, id), notInArray(bets.status, OPEN_BET_STATUSES))
        : eq(bets.playerId, id);
  const [security] = await ctx.db.select().from(playerSecurity).where(eq(playerSecurity.playerId, id));
  const [balances, sessionRows, betRows, entries, limitRows, bonusRows, notes, adjustments] =
    await Promise.all([
      ctx.db
        .select({ currency: accounts.currency, balance: accounts.balance })
        .from(accounts)
        .where(eq(accounts.playerId, id))
        .orderBy(asc(accounts.currency)),
      ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.playerId, id))
        .orderBy(desc(sessions.createdAt))
        .limit(RECENT),
      ctx.db.select().from(bets).where(betWhere).orderBy(desc(bets.id)).limit(RECENT),
      ctx.db
        .select({
          id: ledgerEntries.id,
          kind: ledgerTransactions.kind,
          currency: ledgerTransactions.currency,
          amount: ledgerEntries.amount,
          balanceAfter: ledgerEntries.balanceAfter,
          referenceType: ledgerTransactions.referenceType,
          referenceId: ledgerTransactions.referenceId,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(eq(accounts.playerId, id))
        .orderBy(desc(ledgerEntries.id))
        .limit(RECENT),
      currentLimits(ctx, id),
      ctx.db
        .select({ pb: playerBonuses, name: bonuses.name, kind: bonuses.kind })
        .from(playerBonuses)
        .innerJoin(bonuses, eq(bonuses.id, playerBonuses.bonusId))
        .where(and(eq(playerBonuses.playerId, id), isNull(playerBonuses.overriddenAt)))
        .orderBy(desc(playerBonuses.id))
        .limit(RECENT),
      ctx.db
        .select({ n: playerNotes, email: staff.email })
        .from(playerNotes)
        .innerJoin(staff, eq(staff.id, playerNotes.staffId))
        .where(eq(playerNotes.playerId, id))
        .orderBy(desc(playerNotes.id)),
      listAdjustments(ctx.db, { playerId: id }),
    ]);
  return {
    player: {
      ...playerSummary(p),
      first_name: p.firstName,
      last_name: p.lastName,
      nickname: p.nickname,
      country_code: p.countryCode,
      language: p.language,
      email_confirmed: p.emailConfirmedAt !== null,
      locked: Boolean(security?.lockedAt),
    },
    balances,
    sessions: sessionRows.map((s) => ({
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      revoked: s.revokedAt !== null || s.expiresAt.getTime() <= ctx.now().getTime(),
      ip: s.ip,
      user_agent: s.userAgent,
    })),
    bets: betRows.map((b) => ({
      id: b.id,
      ref: b.ref,
      type: b.type,
      status: b.status,
      result: b.result,
      currency: b.currency,
      stake: b.stake,
      odds: b.odds,
      win_amount: b.winAmount,
      created_at: b.createdAt.toISOString(),
    })),
    transactions: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      currency: e.currency,
      amount: e.amount,
      balance_after: e.balanceAfter,
      reference: `${e.referenceType} ${e.referenceId}`,
      created_at: e.createdAt.toISOString(),
    })),
    limits: await Promise.all(limitRows.map((row) => presentLimit(ctx, row))),
    bonuses: bonusRows.map((b) => ({
      id: b.pb.id,
      name: b.name.en ?? Object.values(b.name)[0] ?? "",
      type: b.kind,
      issued_at: b.pb.issuedAt.toISOString(),
      expires_at: b.pb.expiresAt?.toISOString() ?? null,
    })),
    notes: notes.map((n) => ({
      id: n.n.id,
      body: n.n.body,
      staff_email: n.email,
      created_at: n.n.createdAt.toISOString(),
    })),
    adjustments,
    currencies: [...(await currencyTable(ctx)).values()].map((c) => ({
      code: c.code,
      subunits: c.subunits,
      fiat: c.fiat,
    })),
  };
}

async function revokeSessions(ctx: AppContext, tx: Transaction, playerId: number): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  return revoked.length;
}

const STATUS_ACTION: Record<PlayerStatus, string> = {
  active: "player.unblocked",
  blocked: "player.blocked",
  closed: "player.closed",
};

/**
 * Blocks, unblocks or closes a player's account. Blocking and closing end every session at once, so
 * the player's next call (a bet included) is refused; a closed account never opens again.
 */
export async function setPlayerStatus(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
  body: z.infer<typeof playerStatusBodySchema>,
): Promise<PlayerRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await playerOr404(tx, id, true);
    if (before.status === "closed" && body.status !== "closed") throw new ApiError("playerClosed");
    if (before.status === body.status) return before;
    const [after] = await tx
      .update(players)
      .set({ status: body.status, updatedAt: ctx.now() })
      .where(eq(players.id, id))
      .returning();
    if (!after) throw new ApiError("notFound");
    const ended = body.status === "active" ? 0 : await revokeSessions(ctx, tx, id);
    await recordStaffAction(ctx, tx, actor, {
      action: STATUS_ACTION[body.status],
      targetType: "player",
      targetId: id,
      before: { status: before.status },
      after: { status: body.status, reason: body.reason, sessions_ended: ended },
    });
    return after;
  });
}

/**
 * Forces a new password: the old one stops working, every session ends, and a reset link goes to
 * the player's address through the mail outbox, all in one transaction.
 */
export async function forcePasswordReset(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
  reason: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const p = await playerOr404(tx, id, true);
    if (!p.email)
      throw new ApiError("validationFailed", {
        details: [{ field: "player", message: "has no e-mail address" }],
      });
    const address = p.email;
    await tx.update(players).set({ passwordHash: null, updatedAt: ctx.now() }).where(eq(players.id, id));
    const ended = await revokeSessions(ctx, tx, id);
    const token = await issueToken(ctx, tx, id, "reset_password");
    await enqueue(ctx, tx, "email", address, id, {
      template: "reset_password",
      link: siteLink(ctx, "/users/password/edit", { reset_password_token: token }),
    });
    await recordStaffAction(ctx, tx, actor, {
      action: "player.password_reset_forced",
      targetType: "player",
      targetId: id,
      after: { reason, sessions_ended: ended },
    });
  });
}

/** Sets a stricter limit for the player; a looser one is refused (`limitNotStricter`). */
export async function setLimitForPlayer(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
  body: z.infer<typeof staffLimitBodySchema>,
) {
  const p = await playerOr404(ctx.db, id);
  const { reason, ...limit } = body;
  const row = await setLimit(ctx, p, limit, {
    applied: (tx, limitId) =>
      recordStaffAction(ctx, tx, actor, {
        action: "player.limit_set",
        targetType: "player",
        targetId: id,
        after: { ...limit, limit_id: limitId, reason },
      }),
  });
  return presentLimit(ctx, row);
}

/** Adds a staff note to a player. */
export async function addPlayerNote(
  ctx: AppContext,
  actor: AuditActor & { staffId: number },
  id: number,
  body: string,
) {
  return ctx.db.transaction(async (tx) => {
    await playerOr404(tx, id);
    const [note] = await tx
      .insert(playerNotes)
      .values({ playerId: id, staffId: actor.staffId, body, createdAt: ctx.now() })
      .returning();
    if (!note) throw new Error("note was not written");
    await recordStaffAction(ctx, tx, actor, {
      action: "player.note_added",
      targetType: "player",
      targetId: id,
      after: { note_id: note.id, body },
    });
    return {
      id: note.id,
      body: note.body,
      staff_email: actor.email,
      created_at: note.createdAt.toISOString(),
    };
  });
}
