"use client";
import type { RealtimeEvent } from "@sportsbook/contracts/realtime";
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from "react";
import type { PlayerState, PlayerStore } from "./player-store";
import type { UserEvents } from "./user-events";

// The player's state and private events as components read them; `PlayerProvider` supplies them.

export interface PlayerHandles {
  store: PlayerStore;
  events: UserEvents;
  /** What the server rendered with: hydration starts from it, then the store takes over. */
  initial: PlayerState;
}

export const PlayerContext = createContext<PlayerHandles | null>(null);

function usePlayerHandles(): PlayerHandles {
  const c = useContext(PlayerContext);
  if (!c) throw new Error("player hooks outside PlayerProvider");
  return c;
}

/** The player state (SPEC §4 auth status, profile, accounts); re-renders when it changes. */
export function usePlayer(): PlayerState {
  const { store, initial } = usePlayerHandles();
  return useSyncExternalStore(store.subscribe, store.get, () => initial);
}

export function usePlayerStore(): PlayerStore {
  return usePlayerHandles().store;
}

/**
 * Calls `handler` for each event of the player's private channel while the component is mounted,
 * and `reread` (if given) when the channel may have carried events the page never saw.
 */
export function useUserEvents(handler: (event: RealtimeEvent) => void, reread?: () => void): void {
  const { events } = usePlayerHandles();
  const latest = useRef({ handler, reread });
  latest.current = { handler, reread };
  useEffect(() => {
    const off = events.subscribe((e) => latest.current.handler(e));
    const offMissed = events.onMissed(() => latest.current.reread?.());
    return () => {
      off();
      offMissed();
    };
  }, [events]);
}
