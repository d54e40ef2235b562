import { z } from "zod";

/** `POST /websocket/token`: a connection JWT (`sub` = player id, empty for a visitor). */
export const connectionTokenResponseSchema = z.object({ token: z.string(), expires_at: z.string() });

/** `POST /websocket/authorize`: subscription JWTs for private (`$`) channels of the player. */
export const authorizeChannelsBodySchema = z.object({
  channels: z.array(z.string().min(1).max(200)).min(1).max(20),
});
export const authorizeChannelsResponseSchema = z.object({
  channels: z.array(z.object({ channel: z.string(), token: z.string() })),
});
