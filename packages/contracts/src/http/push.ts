import { z } from "zod";
import { text } from "./common.js";

/** Longest push endpoint kept (the push services' own are well under 1,000 characters). */
export const MAX_PUSH_ENDPOINT_LENGTH = 2048;

/** A push service's URL as the browser gives it: http(s), no credentials; where it may point is the server's rule. */
export const pushEndpointSchema = text()
  .max(MAX_PUSH_ENDPOINT_LENGTH)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an absolute https URL");

/**
 * `POST /push/subscriptions`: a browser's `PushSubscription.toJSON()`. `p256dh` is the browser's
 * uncompressed P-256 public key (65 bytes, so 87 base64url characters starting with `B`), `auth` its
 * 16-byte secret (22 characters); padding is tolerated as some browsers add it.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, "must be a base64url P-256 public key"),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, "must be a base64url 16-byte secret"),
  }),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBodySchema>;

/** `DELETE /push/subscriptions`: the endpoint the browser gave up. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });

/** `GET /push/key`: the server's VAPID public key, the browser's `applicationServerKey`. */
export const pushKeyResponseSchema = z.object({ data: z.object({ public_key: text() }) });
