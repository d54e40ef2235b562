import { players } from "@sportsbook/db";
import { eq } from "drizzle-orm";
import type { PlayerRow } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { enqueue } from "../mail/outbox.js";
import { assertWithinBudget, recordAttempt } from "./attempts.js";
import { checkPhoneCode, issueToken } from "./tokens.js";

/**
 * Sends a six-digit code by SMS (through the outbox) to the player's phone, first storing a new phone
 * number when one is given (which makes the phone unverified again). Limited per player and per IP.
 */
export async function sendPhoneCode(
  ctx: AppContext,
  player: PlayerRow,
  phone: string | undefined,
  ip: string,
) {
  const target = phone ?? player.phone;
  if (!target)
    throw new ApiError("validationFailed", {
      details: [{ field: "body.phone", message: "required: no phone on file" }],
    });
  const identity = ctx.identity;
  await assertWithinBudget(ctx, "phone_code", [
    { by: "subject", value: String(player.id), max: identity.mailRequestsPerAddress, failuresOnly: false },
    { by: "ip", value: ip, max: identity.mailRequestsPerIp, failuresOnly: false },
  ]);
  await recordAttempt(ctx, "phone_code", { ip, subject: String(player.id), success: true });
  await ctx.db.transaction(async (tx) => {
    if (target !== player.phone) {
      await tx
        .update(players)
        .set({ phone: target, phoneVerifiedAt: null, updatedAt: ctx.now() })
        .where(eq(players.id, player.id));
    }
    const code = await issueToken(ctx, tx, player.id, "phone_code", target);
    await enqueue(ctx, tx, "sms", target, player.id, { template: "phone_code", code });
  });
}

/**
 * Verifies the phone with the code. A wrong guess is counted (and committed) before the answer, and
 * the code dies after five of them; a code sent to an earlier number does not verify a new one.
 */
export async function verifyPhone(ctx: AppContext, player: PlayerRow, code: string): Promise<void> {
  const target = await ctx.db.transaction((tx) => checkPhoneCode(ctx, tx, player.id, code));
  if (!target || target !== player.phone) {
    throw new ApiError("phoneCodeInvalid", {
      details: [{ field: "body.code", message: "wrong or expired code" }],
    });
  }
  await ctx.db
    .update(players)
    .set({ phoneVerifiedAt: ctx.now(), updatedAt: ctx.now() })
    .where(eq(players.id, player.id));
}
