import { z } from "zod";
import { GATEWAY_TRANSPORTS, REALTIME_TRANSPORTS } from "./realtime-endpoints.js";

export * from "./realtime-endpoints.js";

/** An absolute ws(s)/http(s) URL, or a path on the site's own origin. */
const endpoint = z
  .string()
  .max(2000)
  .refine(
    (e) => e.startsWith("/") || (URL.canParse(e) && /^(wss?|https?):$/.test(new URL(e).protocol)),
    "a path on this site or a ws(s):// or http(s):// URL",
  );

/**
 * SPEC §5 realtime transport config: one WebSocket endpoint, or the list tried in order (WebSocket
 * first, then HTTP streaming and SSE where WebSocket is blocked), and where emulated transports post
 * their commands.
 */
export const realtimeSettingsSchema = z.object({
  transports: z
    .union([
      endpoint,
      z
        .array(z.object({ transport: z.enum(REALTIME_TRANSPORTS), endpoint }))
        .min(1)
        .max(5),
    ])
    .default(GATEWAY_TRANSPORTS),
  emulationEndpoint: endpoint.default("/connection/emulation"),
});
