import { z } from "zod";
import { idSchema, listOf, pageQuery } from "./common.js";

/** SPEC §3 notification. */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  caption: z.string().nullable(),
  type: z.string(),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsQuerySchema = z.object({ ...pageQuery(20, 100) });
export const notificationsResponseSchema = listOf(notificationSchema);
export const notificationCountersSchema = z.object({ data: z.object({ unread: z.number().int() }) });
export const readNotificationsBodySchema = z.object({ ids: z.array(idSchema).min(1).max(500) });
