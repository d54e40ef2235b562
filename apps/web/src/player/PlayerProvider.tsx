"use client";
import type { RealtimeEvent } from "@sportsbook/contracts/realtime";
import { useTranslations } from "next-intl";
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useAlerts } from "../components/shell/Alerts";
import { useClientConfig } from "../components/shell/ClientConfig";
import { onUnauthorized } from "../lib/client-api";
import { useLive } from "../live/LiveProvider";
import { lazyPlayerApi } from "./lazy-player-api";
import { type PlayerState, PlayerStore, SIGNED_OUT } from "./player-store";
import { SessionEndedDialog } from "./SessionEndedDialog";
import { UserEvents } from "./user-events";

interface PlayerContext {
  store: PlayerStore;
  events: UserEvents;
  /** What the server rendered with: hydration starts from it, then the store takes over. */
  initial: PlayerState;
}

const Ctx = createContext<PlayerContext | null>(null);

function usePlayerContext(): PlayerContext {
  const c = useContext(Ctx);
  if (!c) throw new Error("player hooks outside PlayerProvider");
  return c;
}

/** The player state (SPEC §4 auth status, profile, accounts); re-renders when it changes. */
export function usePlayer(): PlayerState {
  const { store, initial } = usePlayerContext();
  return useSyncExternalStore(store.subscribe, store.get, () => initial);
}

export function usePlayerStore(): PlayerStore {
  return usePlayerContext().store;
}

/** Calls `handler` for each event of the player's private channel while the component is mounted. */
export function useUserEvents(handler: (event: RealtimeEvent) => void): void {
  const { events } = usePlayerContext();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => events.subscribe((e) => latest.current(e)), [events]);
}

/**
 * Reads the player once the page is interactive (visitors without a session cookie are not asked),
 * keeps balances live from `balance_changed`, follows 401s to the signed-out state, and connects the
 * realtime client again whenever the player signs in or out (SPEC §4).
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const config = useClientConfig();
  const alerts = useAlerts();
  const rt = useLive();
  const t = useTranslations("global-error.default");
  const failure = useRef({ title: t("title"), description: t("description") });
  const [ctx] = useState<PlayerContext>(() => {
    // A visitor without a session cookie is known to be signed out without asking the API.
    const store = new PlayerStore(lazyPlayerApi(config.locale), config.signedIn ? {} : SIGNED_OUT);
    return { store, events: new UserEvents(), initial: store.get() };
  });
  const { store, events, initial } = ctx;
  const state = useSyncExternalStore(store.subscribe, store.get, () => initial);

  useEffect(() => {
    if (!config.signedIn) return;
    store.load().catch((e: unknown) => {
      console.error("reading the player failed", e);
      alerts.push({ kind: "danger", ...failure.current });
    });
  }, [store, config.signedIn, alerts]);

  useEffect(
    () =>
      onUnauthorized((path, error) =>
        store.sessionExpired(
          error !== "outOfLimit"
            ? "expired"
            : path === "/player/activity"
              ? "activity_limit"
              : "session_limit",
        ),
      ),
    [store],
  );

  const playerId = state.status === "logged_in" ? (state.profile?.id ?? null) : null;
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (!rt) return;
    if (playerId === null) {
      // The connection was opened with the player's token: open it again as a visitor.
      if (wasSignedIn.current) rt.reconnect();
      wasSignedIn.current = false;
      return;
    }
    wasSignedIn.current = true;
    return rt.watchUser(playerId, (event) => {
      if (event.type === "balance_changed") store.balanceChanged(event.currency, event.balance);
      events.emit(event);
    });
  }, [rt, playerId, store, events]);

  return (
    <Ctx.Provider value={ctx}>
      {children}
      <SessionEndedDialog />
    </Ctx.Provider>
  );
}
