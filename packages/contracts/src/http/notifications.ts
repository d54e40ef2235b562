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
  read: z.boolean(),
  created_at: text(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsQuerySchema = z.object({ ...pageQuery(20, 100) });
export const notificationsResponseSchema = listOf(notificationSchema);
export const notificationCountersSchema = z.object({ data: z.object({ unread: z.number().int() }) });
export const readNotificationsBodySchema = z.object({ ids: z.array(idSchema).min(1).max(500) });
