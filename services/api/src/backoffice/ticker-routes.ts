import { STAFF_BETS_CHANNEL, staffRealtimeUser, tickerTokenResponseSchema } from "@sportsbook/contracts";
import { SignJWT } from "jose";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { actorOf } from "./guard.js";

/** A gateway JWT for a staff member: a connection token, or with `channel` a subscription token. */
async function staffToken(ctx: AppContext, staffId: number, channel?: string): Promise<string> {
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT(channel ? { channel } : {})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(staffRealtimeUser(staffId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ctx.settings.realtimeTokenTtlSeconds)
    .sign(ctx.settings.realtimeTokenSecret);
}

/** The live bet ticker's way onto the staff-only channel of the realtime gateway. */
export function registerTickerRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.post(
    "/ticker/token",
    {
      config: { operation: "betTicker" },
      schema: {
        tags: ["backoffice"],
        security: [{ staffSession: [] }],
        summary: "Connection and subscription tokens for the live bet ticker's staff-only channel",
        response: { 200: tickerTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { staff } = actorOf(request);
      return {
        data: {
          connection_token: await staffToken(ctx, staff.id),
          channel: STAFF_BETS_CHANNEL,
          subscription_token: await staffToken(ctx, staff.id, STAFF_BETS_CHANNEL),
        },
      };
    },
  );
}
