import { z } from "zod";

/** SPEC §3 prediction: a player's vote on a prediction. */
export const predictionSchema = z.object({
  prediction_id: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export const votesResponseSchema = z.object({ data: z.array(predictionSchema) });
export const voteBodySchema = z.object({
  prediction_id: z.string().min(1).max(100),
  data: z.record(z.string().max(100), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])),
});
