import { z } from "zod";
import { instantSchema } from "./http/common.js";

/**
 * Wire schema of the back office's feed health (`GET /api/backoffice/feed`): each provider's
 * producers as every node reads them from the database, and what the feed running on the answering
 * node did lately (none while another node leads the feed).
 */
export const feedHealthSchema = z.object({
  data: z.object({
    /** The node holding the feed's lead; null while none does. */
    leader: z.string().nullable(),
    /** Whether the answering node runs the feed: only then are the activity figures known. */
    runs_feed: z.boolean(),
    read_at: instantSchema.nullable(),
    providers: z.array(
      z.object({
        provider: z.string(),
        last_refusal: z.object({ code: z.string(), at: instantSchema, total: z.number().int() }).nullable(),
        producers: z.array(
          z.object({
            producer: z.number().int(),
            kind: z.enum(["live", "prematch"]),
            status: z.enum(["up", "down"]),
            stale: z.boolean(),
            last_alive_at: instantSchema.nullable(),
            last_message_at: instantSchema.nullable(),
            recovering: z.boolean().nullable(),
            messages_per_minute: z.number().int().nullable(),
            lag_ms: z.number().int().nullable(),
          }),
        ),
      }),
    ),
  }),
});
export type FeedHealthView = z.infer<typeof feedHealthSchema>;
