import { z } from "zod";
import { text } from "./common.js";

/** SPEC §3 prediction: a player's vote on a prediction. */
export const predictionSchema = z.object({
  prediction_id: text(),
  data: z.record(text(), z.unknown()),
  created_at: text(),
});
export const votesResponseSchema = z.object({ data: z.array(predictionSchema) });
export const voteBodySchema = z.object({
  prediction_id: text().min(1).max(100),
  data: z
    .record(text().max(100), z.union([text().max(500), z.number(), z.boolean(), z.null()]))
    .refine((d) => Object.keys(d).length <= 20, { message: "at most 20 answers" }),
});
