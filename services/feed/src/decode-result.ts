import type { FeedEvent } from "./model.js";

/** Stable codes for rejected feed messages, logged with the reason. */
export type DecodeErrorCode = "feed.malformed" | "feed.invalid" | "feed.unknown_message";

export type DecodeResult =
  | { ok: true; events: FeedEvent[]; warnings: string[] }
  | { ok: false; code: DecodeErrorCode; reason: string };
