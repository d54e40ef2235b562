/** Reply error codes of the Centrifuge protocol (0–399 reserved by the protocol). */
export const ErrorCode = {
  internal: 100,
  unauthorized: 101,
  unknownChannel: 102,
  permissionDenied: 103,
  methodNotFound: 104,
  alreadySubscribed: 105,
  limitExceeded: 106,
  badRequest: 107,
  notAvailable: 108,
  tokenExpired: 109,
  expired: 110,
  tooManyRequests: 111,
  unrecoverablePosition: 112,
} as const;

export interface ProtocolError {
  code: number;
  message: string;
  temporary?: boolean;
}

const errorMessages: Record<number, string> = {
  100: "internal server error",
  101: "unauthorized",
  102: "unknown channel",
  103: "permission denied",
  104: "method not found",
  105: "already subscribed",
  106: "limit exceeded",
  107: "bad request",
  108: "not available",
  109: "token expired",
  110: "expired",
  111: "too many requests",
  112: "unrecoverable position",
};

/** The protocol error for a code, temporary where the client should retry (100, 111). */
export function protocolError(code: number, message?: string): ProtocolError {
  const e: ProtocolError = { code, message: message ?? errorMessages[code] ?? "error" };
  if (code === ErrorCode.internal || code === ErrorCode.tooManyRequests) e.temporary = true;
  return e;
}

/** Thrown inside command handlers to answer the command with an error reply. */
export class ReplyError extends Error {
  constructor(readonly error: ProtocolError) {
    super(error.message);
  }
}

/**
 * WebSocket close codes. The client reconnects on 3000–3499 and 4000–4499 and stops on 3500–3999
 * and 4500–4999. Reasons are plain text: a reason that parses as JSON means something else to it.
 */
export const Disconnect = {
  shutdown: { code: 3001, reason: "shutdown" },
  internal: { code: 3004, reason: "internal server error" },
  expired: { code: 3005, reason: "connection expired" },
  slow: { code: 3008, reason: "slow" },
  writeError: { code: 3009, reason: "write error" },
  insufficientState: { code: 3010, reason: "insufficient state" },
  forceReconnect: { code: 3011, reason: "force reconnect" },
  noPong: { code: 3012, reason: "no pong" },
  tooManyRequests: { code: 3013, reason: "too many requests" },
  invalidToken: { code: 3500, reason: "invalid token" },
  badRequest: { code: 3501, reason: "bad request" },
  stale: { code: 3502, reason: "stale" },
  forceNoReconnect: { code: 3503, reason: "force disconnect" },
  connectionLimit: { code: 3504, reason: "connection limit" },
  channelLimit: { code: 3505, reason: "channel limit" },
  permissionDenied: { code: 3507, reason: "permission denied" },
} as const;

export type DisconnectReason = { code: number; reason: string };

/** Codes of the unsubscribe push: below 2500 the client stays unsubscribed, from 2500 it resubscribes. */
export const Unsubscribe = {
  server: { code: 2000, reason: "server unsubscribe" },
  insufficientState: { code: 2500, reason: "insufficient state" },
  expired: { code: 2501, reason: "subscription expired" },
} as const;
