import { playerSecurity, sessions } from "@sportsbook/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createSession, type PlayerRow, setSessionCookies } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { assertMayStartSession } from "../limits/barriers.js";
import { kickDelivery } from "../mail/dispatcher.js";
import { enqueue, siteLink } from "../mail/outbox.js";
import { assertWithinBudget, recordAttempt } from "./attempts.js";
import { audit } from "./audit.js";
import { checkPassword } from "./passwords.js";
import { playerByEmail, securityOf } from "./players.js";
import { authFieldsMissed, phoneVerificationRequired } from "./profile.js";
import { issueToken, sha256 } from "./tokens.js";

/**
 * Checks e-mail and password. Unknown address, wrong password and a locked account get the same
 * answer after the same amount of work; only the right password on a usable account gets further.
 * Consecutive failures lock the account and e-mail unlock instructions to its owner.
 */
export async function authenticate(
  ctx: AppContext,
  credentials: { email: string; password: string },
  ip: string,
): Promise<PlayerRow> {
  const identity = ctx.identity;
  await assertWithinBudget(ctx, "sign_in", [
    { by: "ip", value: ip, max: identity.signInFailuresPerIp, failuresOnly: true },
    { by: "subject", value: credentials.email, max: identity.signInFailuresPerAccount, failuresOnly: true },
  ]);
  const player = await playerByEmail(ctx.db, credentials.email);
  const passwordOk = await checkPassword(player?.passwordHash, credentials.password, (against) =>
    ctx.metrics.passwordVerifications.inc({ against }),
  );
  const security = player ? await securityOf(ctx.db, player.id) : undefined;
  if (!player || !passwordOk || security?.lockedAt) {
    await recordAttempt(ctx, "sign_in", { ip, subject: credentials.email, success: false });
    if (player && !passwordOk && !security?.lockedAt) await countFailure(ctx, player);
    throw new ApiError("invalidCredentials");
  }
  await recordAttempt(ctx, "sign_in", { ip, subject: credentials.email, success: true });
  await admitPlayer(ctx, player);
  if (security && security.failedAttempts > 0) {
    await ctx.db
      .update(playerSecurity)
      .set({ failedAttempts: 0, updatedAt: ctx.now() })
      .where(eq(playerSecurity.playerId, player.id));
  }
  return player;
}

/**
 * The rules every way of signing in applies once the player is known: a confirmed address, not
 * blocked, and no limit (self-exclusion, cooling-off, session or time limit) keeping them out.
 */
export async function admitPlayer(ctx: AppContext, player: PlayerRow): Promise<void> {
  if (!player.emailConfirmedAt) throw new ApiError("emailNotConfirmed");
  // A closed account is refused like a blocked one: neither may play.
  if (player.status !== "active") throw new ApiError("playerBlocked");
  await assertMayStartSession(ctx, player.id);
}

async function countFailure(ctx: AppContext, player: PlayerRow): Promise<void> {
  const email = player.email;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(playerSecurity)
      .set({ failedAttempts: sql`${playerSecurity.failedAttempts} + 1`, updatedAt: ctx.now() })
      .where(and(eq(playerSecurity.playerId, player.id), isNull(playerSecurity.lockedAt)))
      .returning();
    if (!row || row.failedAttempts < ctx.identity.lockoutThreshold || !email) return;
    await tx
      .update(playerSecurity)
      .set({ lockedAt: ctx.now() })
      .where(eq(playerSecurity.playerId, player.id));
    await audit(ctx, tx, {
      entity: "player",
      id: player.id,
      action: "locked",
      playerId: player.id,
      data: { failures: row.failedAttempts },
    });
    const token = await issueToken(ctx, tx, player.id, "unlock");
    await enqueue(ctx, tx, "email", email, player.id, {
      template: "unlock",
      link: siteLink(ctx, "/users/sign-in", { modal: "unlock", unlock_token: token }),
    });
  });
  kickDelivery(ctx);
}

/**
 * Starts a fresh session for an authenticated player. A session cookie the browser already carried
 * is revoked, never reused, so a planted session id is worthless (session fixation).
 */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  player: PlayerRow,
  presentedTokenHash: string | null,
  keep: "cookie" | "header" = "cookie",
): Promise<{ csrfToken: string; sessionToken?: string }> {
  if (presentedTokenHash) {
    await ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.now() })
      .where(eq(sessions.tokenHash, presentedTokenHash));
  }
  const session = await createSession(ctx, player.id, {
    userAgent: request.headers["user-agent"],
    ip: request.ip,
  });
  // Session and time limits measure from the start on the API's clock, not the database's.
  await ctx.db
    .update(sessions)
    .set({ createdAt: ctx.now(), lastSeenAt: ctx.now() })
    .where(eq(sessions.tokenHash, sha256(session.token)));
  // a frame that keeps its session itself gets the token instead of cookies it could not keep
  if (keep === "header") return { csrfToken: session.csrfToken, sessionToken: session.token };
  setSessionCookies(ctx, request, reply, session);
  return { csrfToken: session.csrfToken };
}

/** The answer of every call that signs a player in: who, the CSRF token, and what is still asked of them. */
export function signedInAnswer(ctx: AppContext, player: PlayerRow, csrfToken: string) {
  return {
    data: {
      player_id: player.id,
      csrf_token: csrfToken,
      auth_fields_missed: authFieldsMissed(ctx, player),
      phone_verification_required: phoneVerificationRequired(ctx, player),
    },
  };
}
