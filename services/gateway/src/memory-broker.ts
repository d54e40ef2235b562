import {
  type Broker,
  type BrokerMessage,
  type HistoryPolicy,
  type HistoryQuery,
  type HistoryResult,
  newEpoch,
  type PresenceStore,
} from "./broker.js";
import type { ClientInfo, Publication, StreamPosition } from "./protocol.js";

/**
 * A kept publication, as JSON: a channel's history stays one string per publication however
 * deep its data, which spares the garbage collector tracing it again and again while it is kept.
 */
interface Kept {
  offset: number;
  json: string;
}

interface Stream {
  epoch: string;
  offset: number;
  items: Kept[];
  /** When the publications are dropped (the position and epoch stay). */
  expiresAt: number;
  lastUsed: number;
}

export interface MemoryBrokerOptions {
  now?: () => number;
  random?: () => number;
  /** How long a channel's epoch and offset outlive its last publication. */
  metaTtlMs?: number;
}

/** A broker for a single process: fan-out is a function call, streams are arrays. */
export function createMemoryBroker(options: MemoryBrokerOptions = {}): Broker {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const metaTtlMs = options.metaTtlMs ?? 24 * 3600_000;
  const streams = new Map<string, Stream>();
  let opsSinceSweep = 0;

  /** Forgets streams idle past the meta TTL, so finished matches do not stay in memory forever. */
  function sweep(): void {
    if (++opsSinceSweep < 1000) return;
    opsSinceSweep = 0;
    const t = now();
    for (const [channel, s] of streams) if (t >= s.lastUsed + metaTtlMs) streams.delete(channel);
  }
  const subscribed = new Set<string>();
  let handler: (msg: BrokerMessage) => void = () => {};

  function stream(channel: string): Stream {
    sweep();
    let s = streams.get(channel);
    if (!s) {
      s = { epoch: newEpoch(random), offset: 0, items: [], expiresAt: 0, lastUsed: 0 };
      streams.set(channel, s);
    }
    const t = now();
    if (s.items.length > 0 && t >= s.expiresAt) s.items = [];
    s.lastUsed = t;
    return s;
  }

  function deliver(msg: BrokerMessage): void {
    if (subscribed.has(msg.channel)) handler(msg);
  }

  return {
    onMessage(h) {
      handler = h;
    },
    onResync() {
      // In one process nothing is ever lost between publish and delivery.
    },
    async subscribe(channel) {
      subscribed.add(channel);
    },
    async unsubscribe(channel) {
      subscribed.delete(channel);
    },
    async publish(channel, pub, history) {
      if (!history) {
        deliver({ kind: "pub", channel, pub: { ...pub } });
        return null;
      }
      const s = stream(channel);
      s.offset += 1;
      const stored: Publication = { ...pub, offset: s.offset };
      const json = JSON.stringify(stored);
      s.items.push({ offset: s.offset, json });
      if (s.items.length > history.size) s.items.splice(0, s.items.length - history.size);
      s.expiresAt = now() + history.ttlMs;
      deliver({ kind: "pub", channel, pub: stored, offset: s.offset, epoch: s.epoch, json });
      return { offset: s.offset, epoch: s.epoch };
    },
    async publishJoinLeave(kind, channel, info) {
      deliver({ kind, channel, info });
    },
    async history(channel, query: HistoryQuery, _policy: HistoryPolicy): Promise<HistoryResult> {
      const s = stream(channel);
      const position: StreamPosition = { offset: s.offset, epoch: s.epoch };
      if (query.limit === 0) return { publications: [], position };
      let items: Kept[];
      if (query.reverse) {
        const before = query.since ?? Number.POSITIVE_INFINITY;
        items = s.items.filter((p) => p.offset < before).reverse();
      } else {
        const after = query.since ?? 0;
        items = s.items.filter((p) => p.offset > after);
      }
      if (query.limit > 0) items = items.slice(0, query.limit);
      return { publications: items.map((p) => JSON.parse(p.json) as Publication), position };
    },
    async removeHistory(channel) {
      streams.delete(channel);
    },
    async close() {
      subscribed.clear();
    },
  };
}

/** Presence of one process's clients. */
export function createMemoryPresence(): PresenceStore {
  const channels = new Map<string, Map<string, ClientInfo>>();
  return {
    async add(channel, clientId, info) {
      let m = channels.get(channel);
      if (!m) {
        m = new Map();
        channels.set(channel, m);
      }
      m.set(clientId, info);
    },
    async remove(channel, clientId) {
      const m = channels.get(channel);
      if (!m) return;
      m.delete(clientId);
      if (m.size === 0) channels.delete(channel);
    },
    async get(channel) {
      return Object.fromEntries(channels.get(channel) ?? []);
    },
    async close() {
      channels.clear();
    },
  };
}
