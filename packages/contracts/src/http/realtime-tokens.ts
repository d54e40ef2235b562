import { z } from "zod";
import { text } from "./common.js";

/** `POST /websocket/token`: a connection JWT (`sub` = player id, empty for a visitor). */
export const connectionTokenResponseSchema = z.object({ token: text(), expires_at: text() });

/** `POST /websocket/authorize`: subscription JWTs for private (`$`) channels of the player. */
export const authorizeChannelsBodySchema = z.object({
  channels: z.array(text().min(1).max(200)).min(1).max(20),
});
export const authorizeChannelsResponseSchema = z.object({
  channels: z.array(z.object({ channel: text(), token: text() })),
});
