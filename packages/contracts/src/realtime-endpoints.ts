// Free of zod: the page's shell resolves its endpoints without the schema library in its first load.

/**
 * SPEC §5 transports the `centrifuge` client speaks and the gateway serves. SPEC §5 also names sockjs
 * (dropped by the client in version 5) and webtransport (not served by the gateway): a document naming
 * them is refused rather than left to fail in every visitor's browser.
 */
export const REALTIME_TRANSPORTS = ["websocket", "http_stream", "sse"] as const;
export type RealtimeTransport = (typeof REALTIME_TRANSPORTS)[number];

export interface TransportEndpoint {
  transport: RealtimeTransport;
  endpoint: string;
}

/** SPEC §5 realtime transport config, as the site settings document gives it (schema: realtime-transports). */
export interface RealtimeSettings {
  /** One WebSocket endpoint, or the list tried in order. */
  transports: string | TransportEndpoint[];
  /** Where emulated transports post their commands. */
  emulationEndpoint: string;
}

/** The gateway's own endpoints on this origin, tried in this order. */
export const GATEWAY_TRANSPORTS: TransportEndpoint[] = [
  { transport: "websocket", endpoint: "/connection/websocket" },
  { transport: "http_stream", endpoint: "/connection/http_stream" },
  { transport: "sse", endpoint: "/connection/sse" },
];

/** What a document without `realtime` gets: the gateway on this origin, WebSocket first. */
export const DEFAULT_REALTIME: RealtimeSettings = {
  transports: GATEWAY_TRANSPORTS,
  emulationEndpoint: "/connection/emulation",
};

/** The transports with absolute URLs: a path takes the page's origin (ws:/wss: for WebSocket). */
export function resolveTransports(
  settings: RealtimeSettings,
  loc: Pick<Location, "protocol" | "host">,
): { transports: TransportEndpoint[]; emulationEndpoint: string } {
  const list: TransportEndpoint[] =
    typeof settings.transports === "string"
      ? [{ transport: "websocket", endpoint: settings.transports }]
      : settings.transports;
  const absolute = (t: RealtimeTransport, e: string) => {
    if (!e.startsWith("/")) return e;
    const secure = loc.protocol === "https:";
    const scheme = t === "websocket" ? (secure ? "wss" : "ws") : secure ? "https" : "http";
    return `${scheme}://${loc.host}${e}`;
  };
  return {
    transports: list.map((t) => ({ transport: t.transport, endpoint: absolute(t.transport, t.endpoint) })),
    emulationEndpoint: absolute("http_stream", settings.emulationEndpoint),
  };
}
