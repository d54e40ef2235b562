import type { LinkStatus, RetryPolicy } from "@sportsbook/contracts";
import type { Broker, HistoryPolicy, PresenceStore } from "./broker.js";
import type { ProtocolError } from "./codes.js";

/** What a kind of channel allows. The kind is the part of the name before `:` (without `$`). */
export interface NamespaceOptions {
  /** Publications kept for history and recovery; null turns both off. */
  history: HistoryPolicy | null;
  presence: boolean;
  /** Clients asking for join/leave events get them. */
  joinLeave: boolean;
  /** Clients may publish (otherwise only services, through the publisher). */
  clientPublish: boolean;
  /** The id after `:` must be the connection's user (the private user channel). */
  ownerOnly: boolean;
}

/** Time and timers, injected so tests can drive them. */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface RpcContext {
  client: string;
  user: string;
}
export type RpcHandler = (ctx: RpcContext, data: unknown) => Promise<unknown>;

export interface GatewayConfig {
  /** HS256 secret of connection and subscription tokens. */
  tokenSecret: string;
  /** Connections without a token get user "" and may use public channels. */
  allowAnonymous: boolean;
  /** Path of the WebSocket endpoint. */
  path: string;
  /** Paths of the emulation transports and of the command posts beside them. */
  httpStreamPath: string;
  ssePath: string;
  emulationPath: string;
  /** Own HTTP port when run as a separate service; absent when attached to another server. */
  port?: number;
  host: string;
  /** Redis URL for several nodes; the in-memory broker when absent and no broker is given. */
  redisUrl?: string;
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  broker?: Broker;
  presence?: PresenceStore;
  namespaces: Record<string, NamespaceOptions>;
  /** Server ping interval (the client is told it in whole seconds). */
  pingIntervalMs: number;
  /** How long the server waits for the pong before closing with 3012. */
  pongTimeoutMs: number;
  /** A socket that sends no connect within this is closed with 3502. */
  staleTimeoutMs: number;
  /** How long past its token's expiry a connection or subscription may stay without a refresh. */
  expiryGraceMs: number;
  /** Largest incoming WebSocket message; bigger ones close the socket with 1009. */
  maxMessageBytes: number;
  /** Outgoing bytes a client may have pending before it is dropped as slow (3008). */
  maxQueueBytes: number;
  /** Commands per second per connection, with a burst allowance. */
  commandRate: { perSecond: number; burst: number };
  maxChannelsPerClient: number;
  /** Most publications a recovery may return; more means `recovered: false`. */
  recoveryMaxPublications: number;
  /** Most publications one history call returns. */
  historyMaxLimit: number;
  /** Key for the HTTP publish endpoint of a separate gateway (`Authorization: apikey KEY`). */
  apiKey?: string;
  rpc: Record<string, RpcHandler>;
  onSend?: (ctx: RpcContext, data: unknown) => void;
  timers: Timers;
  random: () => number;
  /** Called with unexpected internal errors; they are answered with code 100 / 3004, never thrown. */
  onError: (err: unknown) => void;
  /** Told once when Redis goes out of reach (with why) and once when it is back. */
  onLinkChange?: (status: LinkStatus) => void;
  /** How lost Redis connections are retried (see `DEFAULT_RETRY`). */
  retry?: RetryPolicy;
}

const catalogueHistory: HistoryPolicy = { size: 100, ttlMs: 5 * 60_000 };
const userHistory: HistoryPolicy = { size: 50, ttlMs: 10 * 60_000 };

/** The channels of the sportsbook: `public:{lang}`, `match:{id}`, `$user:{id}` and `$staff:bets`. */
export const defaultNamespaces: Record<string, NamespaceOptions> = {
  public: {
    history: catalogueHistory,
    presence: false,
    joinLeave: false,
    clientPublish: false,
    ownerOnly: false,
  },
  match: {
    history: catalogueHistory,
    presence: false,
    joinLeave: false,
    clientPublish: false,
    ownerOnly: false,
  },
  user: { history: userHistory, presence: true, joinLeave: false, clientPublish: false, ownerOnly: true },
  // `$staff:bets`, the back office's bet ticker: only its subscription token opens it, and the page
  // lists from the moment it opens, so nothing is kept for history
  staff: { history: null, presence: false, joinLeave: false, clientPublish: false, ownerOnly: false },
};

export type GatewayOptions = Partial<GatewayConfig> & { tokenSecret: string };

/** Fills in the defaults (Centrifugo's where the protocol has one). */
export function resolveConfig(options: GatewayOptions): GatewayConfig {
  if (options.tokenSecret.length < 16)
    throw new Error("realtime token secret must be at least 16 characters");
  return {
    allowAnonymous: true,
    path: "/connection/websocket",
    httpStreamPath: "/connection/http_stream",
    ssePath: "/connection/sse",
    emulationPath: "/connection/emulation",
    host: "0.0.0.0",
    redisPrefix: "sb-rt",
    pingIntervalMs: 25_000,
    pongTimeoutMs: 8_000,
    staleTimeoutMs: 15_000,
    expiryGraceMs: 25_000,
    maxMessageBytes: 64 * 1024,
    maxQueueBytes: 4 * 1024 * 1024,
    commandRate: { perSecond: 50, burst: 100 },
    maxChannelsPerClient: 256,
    recoveryMaxPublications: 300,
    historyMaxLimit: 300,
    rpc: {},
    timers: realTimers,
    random: Math.random,
    onError: (err) => console.error("realtime gateway:", err),
    ...options,
    namespaces: { ...defaultNamespaces, ...options.namespaces },
  };
}

export type { ProtocolError };
