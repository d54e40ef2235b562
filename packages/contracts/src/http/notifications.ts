import { z } from "zod";
import { idSchema, listOf, pageQuery, text } from "./common.js";

/** SPEC §3 notification. */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: text(),
  body: text(),
  caption: text().nullable(),
  type: text(),
  object_type: text().nullable(),
  object_id: text().nullable(),
  /** What a client needs to word it in the player's language: amount (minor units), currency, result. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  created_at: text(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsQuerySchema = z.object({ ...pageQuery(20, 100) });
export const notificationsResponseSchema = listOf(notificationSchema);
export const notificationCountersSchema = z.object({ data: z.object({ unread: z.number().int() }) });
export const readNotificationsBodySchema = z.object({ ids: z.array(idSchema).min(1).max(500) });
