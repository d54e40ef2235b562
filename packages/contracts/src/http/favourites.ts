import { z } from "zod";
import { idSchema, queryBoolean, text } from "./common.js";

export const favouriteTypeSchema = z.enum(["match", "tournament", "category", "sport"]);
export const favouriteParamsSchema = z.object({ type: favouriteTypeSchema, id: idSchema });
export const favouritesQuerySchema = z.object({
  matchStatus: z.coerce.number().int().min(0).max(5).optional(),
  isBettable: queryBoolean.optional(),
});
/** `GET /favourites/{type}`: the ids, and the matches themselves for type `match`. */
export const favouritesResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), created_at: text() })),
});
