import { SignJWT } from "jose";
import type { AppContext } from "../context.js";

/** The private channel of a player, subscribed with a subscription token. */
export function userChannel(playerId: number): string {
  return `$user:${playerId}`;
}

/** Connection token for the realtime gateway: `sub` is the player id, empty for a visitor. */
export async function connectionToken(
  ctx: AppContext,
  playerId: number | null,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(ctx.now().getTime() + ctx.settings.realtimeTokenTtlSeconds * 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(playerId === null ? "" : String(playerId))
    .setIssuedAt(Math.floor(ctx.now().getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(ctx.settings.realtimeTokenSecret);
  return { token, expiresAt };
}

/** Subscription token for one channel: claims `sub`, `channel`, `exp`. */
export async function subscriptionToken(ctx: AppContext, playerId: number, channel: string): Promise<string> {
  const exp = Math.floor(ctx.now().getTime() / 1000) + ctx.settings.realtimeTokenTtlSeconds;
  return new SignJWT({ channel })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(playerId))
    .setIssuedAt(Math.floor(ctx.now().getTime() / 1000))
    .setExpirationTime(exp)
    .sign(ctx.settings.realtimeTokenSecret);
}
