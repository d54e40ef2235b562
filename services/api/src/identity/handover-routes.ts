import {
  handoverBodySchema,
  handoverResponseSchema,
  sessionHandoverBodySchema,
  sessionHandoverResponseSchema,
} from "@sportsbook/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { assertOperator } from "../http/operator-key.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { assertCountryAllowed } from "./country.js";
import { exchangeHandover, issueHandover } from "./handover.js";
import { signedInAnswer } from "./sign-in.js";

/**
 * The player-session handover from a host platform (SPEC §5 "auth token"): the platform's server asks
 * for a one-time token for its signed-in player, and the sportsbook's frame trades it for a session.
 */
export function registerHandoverRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.post(
    "/operator/sessions",
    {
      schema: {
        tags: ["operator"],
        summary: "A one-time session token for the host platform's signed-in player",
        description:
          "Server to server, with `X-Operator-Key`. The account with this address is used, or opened when new (confirmed, without a password). A blocked, self-excluded or cooling-off player gets no token. The token lives two minutes and is spent by POST /player/handover, usually from /init-sportsbook?token= in the frame.",
        body: sessionHandoverBodySchema,
        response: { 200: sessionHandoverResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertOperator(ctx, request);
      const issued = await issueHandover(ctx, request.body);
      return {
        data: { token: issued.token, player_id: issued.playerId, expires_at: issued.expiresAt.toISOString() },
      };
    },
  );

  r.post(
    "/player/handover",
    {
      schema: {
        tags: ["account"],
        summary: "Trades a host platform's one-time token for a session",
        description:
          "Sets the session and CSRF cookies; with `keep: header` (a frame whose cookies a browser would not keep) sets none and answers the session token, which the frame sends as `Authorization: Bearer`.",
        body: handoverBodySchema,
        response: { 200: handoverResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertCountryAllowed(ctx, request);
      const { token, keep } = request.body;
      const { player, csrfToken, sessionToken } = await exchangeHandover(ctx, request, reply, token, keep);
      const answer = signedInAnswer(ctx, player, csrfToken);
      return sessionToken ? { data: { ...answer.data, session_token: sessionToken } } : answer;
    },
  );
}
