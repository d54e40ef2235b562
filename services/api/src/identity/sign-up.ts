import type { SignUpBody } from "@sportsbook/contracts";
import { ensurePlayerAccount, playerSecurity, players, playerTags } from "@sportsbook/db";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { validationError } from "../http/errors.js";
import { isUniqueViolation } from "../http/idempotency.js";
import { enqueue, siteLink } from "../mail/outbox.js";
import { currencyTable } from "../wallet/currencies.js";
import { assertWithinBudget, recordAttempt } from "./attempts.js";
import { hashPassword } from "./passwords.js";
import { playerByEmail } from "./players.js";
import { consumeToken, issueToken } from "./tokens.js";

export const SIGN_UP_ACCEPTED = "Check your e-mail: we sent a link to confirm your address.";

/** Queues the confirmation e-mail with a fresh link (older links stop working). */
export async function sendConfirmation(
  ctx: AppContext,
  ex: Parameters<typeof issueToken>[1],
  player: { id: number; email: string },
): Promise<void> {
  const token = await issueToken(ctx, ex, player.id, "confirm_email");
  await enqueue(ctx, ex, "email", player.email, player.id, {
    template: "confirm_email",
    link: siteLink(ctx, "/users/confirmation", { confirmation_token: token }),
  });
}

/**
 * Opens an account that stays unconfirmed until the e-mail link is followed. An address that already
 * has an account gets a notice instead, and the caller the same answer, so sign-up cannot be used to
 * learn which addresses are registered.
 */
export async function signUp(
  ctx: AppContext,
  body: SignUpBody,
  origin: { ip: string; country: string | null },
): Promise<void> {
  const currency = body.currency ?? ctx.identity.defaultCurrency;
  const known = (await currencyTable(ctx)).get(currency);
  if (!known?.enabled)
    throw validationError([{ field: "body.currency", message: "unknown or disabled currency" }]);
  // Hashing first, outside the transaction, costs the same for new and known addresses.
  const passwordHash = await hashPassword(body.password);
  const existing = await playerByEmail(ctx.db, body.email);
  if (existing) {
    await noticeExistingAccount(ctx, body.email, existing.id);
    return;
  }
  try {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const [row] = await tx
        .insert(players)
        .values({
          email: body.email,
          passwordHash,
          currency,
          language: body.language ?? "en",
          nickname: body.nickname,
          firstName: body.first_name,
          lastName: body.last_name,
          // the country the player declares; the visit's, from the proxy, stays in the tags
          countryCode: body.country ?? origin.country,
          dateOfBirth: body.date_of_birth,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: players.id });
      if (!row) throw new Error("player was not created");
      await ensurePlayerAccount(tx, row.id, currency);
      await tx.insert(playerSecurity).values({ playerId: row.id, passwordChangedAt: now, updatedAt: now });
      await tx.insert(playerTags).values({
        playerId: row.id,
        ctag: body.ctag,
        btag: body.btag,
        stag: body.stag,
        qtag: body.qtag,
        gclid: body.gclid,
        signUpCountry: origin.country,
        signUpIp: origin.ip,
        updatedAt: now,
      });
      await sendConfirmation(ctx, tx, { id: row.id, email: body.email });
    });
  } catch (error) {
    // A concurrent sign-up with the same address won the race: answer as for a known address.
    if (!isUniqueViolation(error)) throw error;
    const winner = await playerByEmail(ctx.db, body.email);
    if (winner) await noticeExistingAccount(ctx, body.email, winner.id);
  }
}

/**
 * Tells the owner of a registered address that someone tried to sign up with it. The notices share
 * the per-address mail budget, so repeated sign-ups cannot flood the inbox; over budget, the notice
 * is skipped silently (the caller's answer must not change).
 */
async function noticeExistingAccount(ctx: AppContext, email: string, playerId: number): Promise<void> {
  try {
    await assertWithinBudget(ctx, "mail", [
      { by: "subject", value: email, max: ctx.identity.mailRequestsPerAddress, failuresOnly: false },
    ]);
  } catch {
    // over the address's mail budget: no notice, and the caller's answer stays the same
    return;
  }
  await recordAttempt(ctx, "mail", { ip: "sign-up", subject: email, success: true });
  await enqueue(ctx, ctx.db, "email", email, playerId, {
    template: "sign_up_attempt",
    signInLink: siteLink(ctx, "/users/sign-in"),
    resetLink: siteLink(ctx, "/users/password/new"),
  });
}

/** Confirms the address of the link's player; false when the link is unknown, used or expired. */
export async function confirmEmail(ctx: AppContext, token: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const playerId = await consumeToken(ctx, tx, "confirm_email", token);
    if (playerId === null) return false;
    await tx
      .update(players)
      .set({ emailConfirmedAt: ctx.now(), updatedAt: ctx.now() })
      .where(eq(players.id, playerId));
    return true;
  });
}

/** Sends the confirmation link again to an unconfirmed address; silent for anything else. */
export async function resendConfirmation(ctx: AppContext, email: string): Promise<void> {
  const player = await playerByEmail(ctx.db, email);
  if (!player?.email || player.emailConfirmedAt) return;
  const address = player.email;
  await ctx.db.transaction((tx) => sendConfirmation(ctx, tx, { id: player.id, email: address }));
}
