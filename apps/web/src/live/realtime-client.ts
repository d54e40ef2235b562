import type { RealtimeEvent } from "@sportsbook/contracts/realtime";
import { matchChannel, publicChannel, userChannel } from "@sportsbook/contracts/realtime-channels";
import { Centrifuge, type Subscription } from "centrifuge";
import { apiFetch, csrfToken } from "../lib/client-api";
import { reportFailure } from "../lib/error-reporter";
import { frameSessionHeaders, handingOver } from "../lib/frame-session";
import type { TransportEndpoint } from "../lib/realtime-transports";
import { applyEvent } from "./apply-event";
import { connectionToken } from "./connection-token";
import type { LiveStore } from "./live-store";
import { createSnapshotReader } from "./snapshot-reader";
import { createWireCheck, type WireCheck } from "./wire-check";

/** SPEC §9 realtime defaults. */
export const REALTIME_DEFAULTS = {
  timeout: 5000,
  minReconnectDelay: 500,
  maxReconnectDelay: 20000,
  maxServerPingDelay: 10000,
} as const;

export type ConnectionState = "disconnected" | "connecting" | "connected";

export interface Realtime {
  connect(): void;
  disconnect(): void;
  /** Subscribes to the matches' channels (reference counted); returns the release function. */
  watchMatches(ids: readonly string[]): () => void;
  /**
   * Subscribes to the player's private channel (SPEC §5: only with a user id) and hands each of its
   * events to `onEvent`, and calls `onMissed` once subscribed when events may have gone unseen (a
   * first subscription, a history that could not be recovered); returns the release function.
   */
  watchUser(userId: number, onEvent: (event: RealtimeEvent) => void, onMissed: () => void): () => void;
  /** Connects again with a fresh connection token, after the player signed in or out (SPEC §4). */
  reconnect(): void;
}

export interface RealtimeOptions {
  /** Tried in order until one connects (SPEC §5: WebSocket, then HTTP streaming, then SSE). */
  transports: TransportEndpoint[];
  /** Where the HTTP-streaming and SSE transports post their commands. */
  emulationEndpoint: string;
  store: LiveStore;
  locale: string;
  onState(state: ConnectionState, everConnected: boolean): void;
  /**
   * The public channel is delivering and what it may have missed (provider statuses changed before
   * it was subscribed, or while a lost history could not be recovered) has been read again.
   */
  onPublicLive?(): void;
  fetchImpl?: typeof fetch;
  websocket?: unknown;
  /** Where what the client reads is checked against its schemas (a worker by default). */
  checks?: WireCheck;
}

/** The official centrifuge client, configured with SPEC §9 defaults, feeding the live store. */
export function createRealtime(opts: RealtimeOptions): Realtime {
  const fetchImpl = opts.fetchImpl ?? fetch.bind(globalThis);
  const checks = opts.checks ?? createWireCheck(undefined, reportFailure);
  let everConnected = false;
  const client = new Centrifuge(opts.transports, {
    ...REALTIME_DEFAULTS,
    emulationEndpoint: opts.emulationEndpoint,
    ...(opts.websocket ? { websocket: opts.websocket } : {}),
    // Visitors connect anonymously when the API issues no connection token; an ended session
    // does not connect at all (see connectionToken).
    getToken: async () => {
      // the session the browser carries is being replaced by a handover: connect as a visitor
      if (handingOver()) return "";
      return connectionToken(checks.check);
    },
  });
  client.on("state", (ctx) => {
    if (ctx.newState === "connected") everConnected = true;
    opts.onState(ctx.newState as ConnectionState, everConnected);
  });

  const counts = new Map<string, number>();
  const subs = new Map<string, Subscription>();

  // Checked in the order received, so the store applies them in that order too.
  const onPublication = (data: unknown) =>
    void checks.check("event", data).then((parsed) => {
      if (parsed.ok) applyEvent(opts.store, parsed.value);
    });

  // History could not be recovered after a reconnect: read the current state of those matches.
  const snapshots = createSnapshotReader({
    fetchImpl,
    check: checks.check,
    store: opts.store,
    locale: opts.locale,
    watched: (id) => counts.has(id),
    report: (during, error) => reportFailure(during, error),
    schedule: (fn, ms) => {
      // the retry reports its own failure
      const timer = setTimeout(() => void fn(), ms);
      return () => clearTimeout(timer);
    },
  });

  // SPEC §4: the page's provider statuses as of when the public channel took (GET /settings tells
  // them live), so neither those of the page's load nor a change made before the channel is lost.
  const readProviderStatuses = () =>
    apiFetch("/settings", { locale: opts.locale })
      .then(async (res) => {
        if (!res.ok) throw new Error(`GET /settings answered ${res.status}`);
        const parsed = await checks.check("providerStatuses", await res.json());
        if (!parsed.ok) throw new Error(`GET /settings answered an unreadable body: ${parsed.error}`);
        for (const [provider, up] of Object.entries(parsed.value.data.provider_statuses))
          opts.store.applyProviderStatus(provider, up);
      })
      .catch((e: unknown) => reportFailure("reading the provider statuses", e))
      .finally(() => opts.onPublicLive?.());

  type Took = { wasRecovering: boolean; recovered: boolean };
  const subscribe = (channel: string, onSubscribed: (took: Took) => void) => {
    const sub = client.newSubscription(channel, { recoverable: true } as never);
    sub.on("publication", (ctx) => onPublication(ctx.data));
    sub.on("subscribed", onSubscribed);
    sub.subscribe();
    return sub;
  };

  let publicSub: Subscription | null = null;
  let userSub: Subscription | null = null;
  const releaseUser = () => {
    if (userSub) client.removeSubscription(userSub);
    userSub = null;
  };
  return {
    connect() {
      client.connect();
      try {
        // a first subscription, or a history lost: what the channel carried meanwhile is read
        publicSub = subscribe(publicChannel(opts.locale), (took) => {
          if (!took.wasRecovering || !took.recovered) void readProviderStatuses();
        });
      } catch {
        publicSub = null;
      }
    },
    disconnect() {
      snapshots.stop();
      for (const s of subs.values()) client.removeSubscription(s);
      subs.clear();
      counts.clear();
      if (publicSub) client.removeSubscription(publicSub);
      releaseUser();
      client.disconnect();
      checks.close();
    },
    reconnect() {
      client.disconnect();
      client.connect();
    },
    watchUser(userId, onEvent, onMissed) {
      releaseUser();
      const channel = userChannel(userId);
      const sub = client.newSubscription(channel, {
        recoverable: true,
        // SPEC §5: `$` channels need a subscription token, issued for the signed-in player only.
        getToken: async () => {
          const res = await fetchImpl("/api/websocket/authorize", {
            method: "POST",
            credentials: "include",
            headers: { "content-type": "application/json", ...csrfHeaders() },
            body: JSON.stringify({ channels: [channel] }),
          });
          // an answer that is not JSON is no body: the schema check below refuses it
          const parsed = await checks.check("channelTokens", await res.json().catch(() => null));
          const token = parsed.ok ? parsed.value.channels[0]?.token : undefined;
          // An empty token tells the client the player may not subscribe; it stops trying.
          return res.ok && token ? token : "";
        },
      } as never);
      sub.on("publication", (ctx) => {
        void checks.check("event", ctx.data).then((parsed) => {
          if (parsed.ok) onEvent(parsed.value);
        });
      });
      // What was published before the first subscription (between the page's reads and now), or
      // lost with a history that could not be recovered, is not replayed: the caller reads again.
      sub.on("subscribed", (ctx) => {
        if (!ctx.wasRecovering || !ctx.recovered) onMissed();
      });
      sub.subscribe();
      userSub = sub;
      return () => {
        if (userSub === sub) releaseUser();
      };
    },
    watchMatches(ids) {
      for (const id of ids) {
        const n = counts.get(id) ?? 0;
        counts.set(id, n + 1);
        if (n === 0) {
          try {
            // A first subscription starts from the snapshot the page rendered; a lost history is
            // read again.
            subs.set(
              id,
              subscribe(matchChannel(id), (took) => {
                if (took.wasRecovering && !took.recovered) void snapshots.read([id]);
              }),
            );
          } catch {
            // An id that cannot name a channel has no live updates.
          }
        }
      }
      return () => {
        for (const id of ids) {
          const n = (counts.get(id) ?? 1) - 1;
          if (n > 0) counts.set(id, n);
          else {
            counts.delete(id);
            const s = subs.get(id);
            if (s) client.removeSubscription(s);
            subs.delete(id);
          }
        }
      };
    },
  };
}

/** A signed-in player's session needs the CSRF token on POSTs, or is the frame's own token; visitors have none. */
function csrfHeaders(): Record<string, string> {
  const own = frameSessionHeaders();
  if (own.authorization) return own;
  const csrf = typeof document === "undefined" ? undefined : csrfToken(document.cookie);
  return csrf ? { "x-csrf-token": csrf } : {};
}
