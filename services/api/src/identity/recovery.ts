import { playerSecurity, players, playerTokens, sessions } from "@sportsbook/db";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { PlayerRow } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { enqueue, siteLink } from "../mail/outbox.js";
import { audit } from "./audit.js";
import { checkPassword, hashPassword } from "./passwords.js";
import { playerByEmail, securityOf } from "./players.js";
import { consumeToken, issueToken } from "./tokens.js";

/** Sends a new unlock link to a locked account; silent for anything else. */
export async function resendUnlock(ctx: AppContext, email: string): Promise<void> {
  const player = await playerByEmail(ctx.db, email);
  if (!player?.email) return;
  const security = await securityOf(ctx.db, player.id);
  if (!security.lockedAt) return;
  const address = player.email;
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(ctx, tx, player.id, "unlock");
    await enqueue(ctx, tx, "email", address, player.id, {
      template: "unlock",
      link: siteLink(ctx, "/users/sign-in", { modal: "unlock", unlock_token: token }),
    });
  });
}

/** Lifts the lock of the link's account and forgets its failures. */
export async function unlock(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const playerId = await consumeToken(ctx, tx, "unlock", token);
    if (playerId === null)
      throw new ApiError("tokenInvalid", { details: [{ field: "body.token", message: "invalid" }] });
    await tx
      .update(playerSecurity)
      .set({ lockedAt: null, failedAttempts: 0, updatedAt: ctx.now() })
      .where(eq(playerSecurity.playerId, playerId));
  });
}

/** Sends a password-reset link to a known address; silent for an unknown one. */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const player = await playerByEmail(ctx.db, email);
  if (!player?.email) return;
  const address = player.email;
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(ctx, tx, player.id, "reset_password");
    await enqueue(ctx, tx, "email", address, player.id, {
      template: "reset_password",
      link: siteLink(ctx, "/users/password/edit", { reset_password_token: token }),
    });
  });
}

/**
 * Sets a new password from a reset link. The link works once; afterwards every session of the player
 * is revoked, the lock lifted, and the owner told by e-mail. Following the link also proves the
 * address, so an unconfirmed one becomes confirmed.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const playerId = await consumeToken(ctx, tx, "reset_password", token);
    if (playerId === null) {
      throw new ApiError("tokenInvalid", {
        details: [{ field: "body.reset_password_token", message: "invalid" }],
      });
    }
    const [player] = await tx.select().from(players).where(eq(players.id, playerId));
    if (!player) throw new ApiError("tokenInvalid");
    await setPassword(ctx, tx, player, passwordHash, null);
    if (!player.emailConfirmedAt) {
      await tx.update(players).set({ emailConfirmedAt: ctx.now() }).where(eq(players.id, playerId));
    }
    await tx
      .update(playerSecurity)
      .set({ lockedAt: null, failedAttempts: 0 })
      .where(eq(playerSecurity.playerId, playerId));
  });
}

/** Changes the password of a signed-in player who knows the current one; other sessions are revoked. */
export async function changePassword(
  ctx: AppContext,
  player: PlayerRow,
  current: string,
  password: string,
  keepSessionHash: string,
): Promise<void> {
  if (!(await checkPassword(player.passwordHash, current))) {
    throw new ApiError("validationFailed", {
      details: [{ field: "body.current_password", message: "wrong password" }],
    });
  }
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction((tx) => setPassword(ctx, tx, player, passwordHash, keepSessionHash));
}

async function setPassword(
  ctx: AppContext,
  tx: Parameters<typeof securityOf>[0],
  player: PlayerRow,
  passwordHash: string,
  keepSessionHash: string | null,
): Promise<void> {
  const now = ctx.now();
  await tx.update(players).set({ passwordHash, updatedAt: now }).where(eq(players.id, player.id));
  await securityOf(tx, player.id);
  await tx
    .update(playerSecurity)
    .set({ passwordChangedAt: now, updatedAt: now })
    .where(eq(playerSecurity.playerId, player.id));
  await audit(ctx, tx, {
    entity: "player",
    id: player.id,
    action: keepSessionHash ? "password_changed" : "password_reset",
    playerId: player.id,
  });
  const live = [eq(sessions.playerId, player.id), isNull(sessions.revokedAt)];
  if (keepSessionHash) live.push(ne(sessions.tokenHash, keepSessionHash));
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...live));
  // Outstanding reset links die with the old password.
  await tx
    .update(playerTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(playerTokens.playerId, player.id),
        eq(playerTokens.purpose, "reset_password"),
        isNull(playerTokens.usedAt),
      ),
    );
  if (player.email) {
    await enqueue(ctx, tx, "email", player.email, player.id, {
      template: "password_changed",
      resetLink: siteLink(ctx, "/users/password/new"),
    });
  }
}
