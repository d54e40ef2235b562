import type { SessionHandoverBody } from "@sportsbook/contracts";
import { ensurePlayerAccount, playerSecurity, players } from "@sportsbook/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sessionTokenHash } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError, validationError } from "../http/errors.js";
import { currencyTable } from "../wallet/currencies.js";
import { playerByEmail, playerById } from "./players.js";
import { admitPlayer, startSession } from "./sign-in.js";
import { consumeToken, issueToken } from "./tokens.js";

/**
 * The host platform's side of a session handover: the platform has signed its player in and vouches
 * for the address. The account with that address is used, or opened when the platform's player is new
 * here (confirmed, since the platform owns the address, and without a password: this player signs in
 * through the platform). The same rules as any sign-in apply before a token is issued.
 */
export async function issueHandover(
  ctx: AppContext,
  body: SessionHandoverBody,
): Promise<{ token: string; playerId: number; expiresAt: Date }> {
  const player = (await playerByEmail(ctx.db, body.email)) ?? (await openPlatformAccount(ctx, body));
  await admitPlayer(ctx, player);
  const token = await issueToken(ctx, ctx.db, player.id, "session_handover");
  const expiresAt = new Date(ctx.now().getTime() + ctx.identity.tokenTtlSeconds.session_handover * 1000);
  return { token, playerId: player.id, expiresAt };
}

async function openPlatformAccount(ctx: AppContext, body: SessionHandoverBody) {
  const currency = body.currency ?? ctx.identity.defaultCurrency;
  if (!(await currencyTable(ctx)).get(currency)?.enabled)
    throw validationError([{ field: "body.currency", message: "unknown or disabled currency" }]);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // a concurrent handover for the same new address opens it once; the loser reads the winner's row
    const [row] = await tx
      .insert(players)
      .values({
        email: body.email,
        emailConfirmedAt: now,
        currency,
        language: body.language ?? "en",
        nickname: body.nickname,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: players.id });
    if (!row) return;
    await ensurePlayerAccount(tx, row.id, currency);
    await tx.insert(playerSecurity).values({ playerId: row.id, updatedAt: now });
  });
  const player = await playerByEmail(ctx.db, body.email);
  if (!player) throw new Error("the platform's player was not opened");
  return player;
}

/**
 * The frame's side: spends the one-time token and starts a session for its player, replacing any
 * session the browser carried (the host's player is the one playing now).
 */
export async function exchangeHandover(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  keep: "cookie" | "header" = "cookie",
) {
  const playerId = await consumeToken(ctx, ctx.db, "session_handover", token);
  const player = playerId === null ? undefined : await playerById(ctx.db, playerId);
  if (!player) throw new ApiError("tokenInvalid", { details: [{ field: "body.token", message: "invalid" }] });
  await admitPlayer(ctx, player);
  const session = await startSession(ctx, request, reply, player, sessionTokenHash(request) ?? null, keep);
  return { player, ...session };
}
