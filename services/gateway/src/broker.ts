import type { ClientInfo, Publication, StreamPosition } from "./protocol.js";

/** How long a channel keeps its publications. */
export interface HistoryPolicy {
  /** Publications kept per channel (the oldest are evicted first). */
  size: number;
  /** The stream is dropped when nothing was published for this long. */
  ttlMs: number;
}

/** A message a broker fans out to every node with interest in its channel. */
export type BrokerMessage =
  /**
   * `offset` is `pub.offset`, and `json`, when the broker has it, is `pub` as JSON: the fan-out
   * reads only these, so a broker that received the publication as JSON may decode `pub` lazily.
   */
  | { kind: "pub"; channel: string; pub: Publication; offset?: number; epoch?: string; json?: string }
  | { kind: "join" | "leave"; channel: string; info: ClientInfo };

export interface HistoryQuery {
  /** Publications after this offset (before it with `reverse`); from the start (end) when absent. */
  since?: number;
  /** How many publications; 0 returns only the position. */
  limit: number;
  reverse: boolean;
}

export interface HistoryResult {
  publications: Publication[];
  position: StreamPosition;
}

/**
 * Carries publications between gateway nodes and keeps each channel's history stream. The
 * in-memory broker serves one process; the Redis broker lets several nodes share channels.
 */
export interface Broker {
  /** Receives every message of the channels this node subscribed to, in publication order. */
  onMessage(handler: (msg: BrokerMessage) => void): void;
  /**
   * Called when live delivery may have lost messages (the broker connection dropped and came
   * back); every subscriber of a channel with history should then recover from its position.
   */
  onResync(handler: () => void): void;
  /** Starts delivering a channel's messages to this node; resolves once delivery is guaranteed. */
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  /** Publishes; with a history policy the publication gets the next offset of the stream. */
  publish(
    channel: string,
    pub: Omit<Publication, "offset">,
    history: HistoryPolicy | null,
  ): Promise<StreamPosition | null>;
  /** Join and leave events: delivered to subscribed nodes, never stored. */
  publishJoinLeave(kind: "join" | "leave", channel: string, info: ClientInfo): Promise<void>;
  history(channel: string, query: HistoryQuery, policy: HistoryPolicy): Promise<HistoryResult>;
  /** Forgets a channel's stream (its next publication starts a new epoch). */
  removeHistory(channel: string): Promise<void>;
  close(): Promise<void>;
}

/** Who is in a channel right now. Entries expire unless refreshed, so a crashed node's clients go. */
export interface PresenceStore {
  add(channel: string, clientId: string, info: ClientInfo): Promise<void>;
  remove(channel: string, clientId: string): Promise<void>;
  get(channel: string): Promise<Record<string, ClientInfo>>;
  close(): Promise<void>;
}

/** Makes a new epoch: any string that differs from the stream's previous one. */
export function newEpoch(random: () => number = Math.random): string {
  return Math.floor(random() * 0xffffffff)
    .toString(36)
    .padStart(7, "0")
    .slice(0, 8);
}
