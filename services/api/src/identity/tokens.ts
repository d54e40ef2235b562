import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { type Executor, playerTokens } from "@sportsbook/db";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";

export type TokenPurpose = "confirm_email" | "unlock" | "reset_password" | "phone_code" | "session_handover";

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * Issues a one-time secret for a player and retires the earlier unused ones of the same purpose, so
 * only the newest link or code works (handover tokens excepted). Returns the secret; only its hash is stored.
 */
export async function issueToken(
  ctx: AppContext,
  ex: Executor,
  playerId: number,
  purpose: TokenPurpose,
  target?: string,
): Promise<string> {
  const now = ctx.now();
  const secret =
    purpose === "phone_code"
      ? String(randomInt(0, 1_000_000)).padStart(6, "0")
      : randomBytes(32).toString("base64url");
  // Handover tokens are one per page a platform renders: two tabs opened at once both sign in.
  if (purpose !== "session_handover")
    await ex
      .update(playerTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(playerTokens.playerId, playerId),
          eq(playerTokens.purpose, purpose),
          isNull(playerTokens.usedAt),
        ),
      );
  await ex.insert(playerTokens).values({
    playerId,
    purpose,
    tokenHash: sha256(secret),
    target,
    expiresAt: new Date(now.getTime() + ctx.identity.tokenTtlSeconds[purpose] * 1000),
    createdAt: now,
  });
  return secret;
}

/**
 * Spends a link token: marks it used in the same statement that finds it, so of two concurrent uses
 * only one wins. Returns the player it belongs to, or null when it is unknown, used or expired.
 */
export async function consumeToken(
  ctx: AppContext,
  ex: Executor,
  purpose: Exclude<TokenPurpose, "phone_code">,
  secret: string,
): Promise<number | null> {
  const now = ctx.now();
  const [row] = await ex
    .update(playerTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(playerTokens.purpose, purpose),
        eq(playerTokens.tokenHash, sha256(secret)),
        isNull(playerTokens.usedAt),
        gt(playerTokens.expiresAt, now),
      ),
    )
    .returning({ playerId: playerTokens.playerId });
  return row?.playerId ?? null;
}

/** Wrong guesses allowed for one SMS code before it is retired. */
export const PHONE_CODE_ATTEMPTS = 5;

/**
 * Checks an SMS code against the player's newest live code. A wrong guess is counted and the code
 * retired after {@link PHONE_CODE_ATTEMPTS}; a right one is spent. Returns the phone it was sent to.
 */
export async function checkPhoneCode(
  ctx: AppContext,
  ex: Executor,
  playerId: number,
  code: string,
): Promise<string | null> {
  const now = ctx.now();
  const [row] = await ex
    .select()
    .from(playerTokens)
    .where(
      and(
        eq(playerTokens.playerId, playerId),
        eq(playerTokens.purpose, "phone_code"),
        isNull(playerTokens.usedAt),
        gt(playerTokens.expiresAt, now),
      ),
    )
    .orderBy(sql`${playerTokens.id} desc`)
    .limit(1)
    .for("update");
  if (!row) return null;
  const given = Buffer.from(sha256(code));
  if (timingSafeEqual(given, Buffer.from(row.tokenHash))) {
    await ex.update(playerTokens).set({ usedAt: now }).where(eq(playerTokens.id, row.id));
    return row.target;
  }
  const attempts = row.attempts + 1;
  await ex
    .update(playerTokens)
    .set({ attempts, usedAt: attempts >= PHONE_CODE_ATTEMPTS ? now : null })
    .where(eq(playerTokens.id, row.id));
  return null;
}
