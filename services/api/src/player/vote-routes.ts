import { okSchema, voteBodySchema, votesResponseSchema } from "@sportsbook/contracts";
import { votes } from "@sportsbook/db";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { requirePlayer } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { assertWithinBudget, recordAttempt } from "../identity/attempts.js";

/** Votes one player may cast per hour (each prediction keeps one vote a player). */
export const VOTES_PER_HOUR = 100;

/** Match predictions: the player's earlier answers and casting a vote (SPEC §7). */
export function registerVoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/vote",
    {
      schema: {
        tags: ["vote"],
        summary: "The player's prediction votes",
        response: { 200: votesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const rows = await ctx.db
        .select()
        .from(votes)
        .where(eq(votes.playerId, player.id))
        .orderBy(desc(votes.createdAt));
      return {
        data: rows.map((v) => ({
          prediction_id: v.predictionId,
          data: v.data as Record<string, unknown>,
          created_at: v.createdAt.toISOString(),
        })),
      };
    },
  );

  r.post(
    "/vote",
    {
      schema: {
        tags: ["vote"],
        summary: "Votes on a prediction (a second vote replaces the first)",
        body: voteBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const subject = `player:${player.id}`;
      // Per player only: votes need a session, and many players may share one address.
      await assertWithinBudget(ctx, "vote", [
        { by: "subject", value: subject, max: VOTES_PER_HOUR, failuresOnly: false },
      ]);
      await recordAttempt(ctx, "vote", { ip: request.ip, subject, success: true });
      const values = {
        playerId: player.id,
        predictionId: request.body.prediction_id,
        data: request.body.data,
      };
      await ctx.db
        .insert(votes)
        .values(values)
        .onConflictDoUpdate({
          target: [votes.playerId, votes.predictionId],
          set: { data: values.data, createdAt: ctx.now() },
        });
      return { ok: true as const };
    },
  );
}
