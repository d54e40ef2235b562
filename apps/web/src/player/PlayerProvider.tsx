"use client";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useAlerts } from "../components/shell/Alerts";
import { useClientConfig } from "../components/shell/ClientConfig";
import { onUnauthorized } from "../lib/client-api";
import { reportFailure } from "../lib/error-reporter";
import { frameSessionToken, handingOver } from "../lib/frame-session";
import { useLive } from "../live/LiveProvider";
import { rememberTags } from "./affiliate";
import { lazyPlayerApi } from "./lazy-player-api";
import { PlayerContext, type PlayerHandles } from "./player-context";
import { PlayerStore, SIGNED_OUT } from "./player-store";
import { SessionEndedDialog } from "./SessionEndedDialog";
import { UserEvents } from "./user-events";

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
  const [ctx] = useState<PlayerHandles>(() => {
    // A visitor without a session cookie is known to be signed out without asking the API.
    const store = new PlayerStore(lazyPlayerApi(config.locale), config.signedIn ? {} : SIGNED_OUT);
    const initial = store.get();
    // A frame that keeps its session itself (no cookie the page server saw): unknown until read,
    // not a visitor, once hydrated with what the server drew.
    if (!config.signedIn && frameSessionToken()) store.sessionKnownLater();
    return { store, events: new UserEvents(), initial };
  });
  const { store, events, initial } = ctx;
  const state = useSyncExternalStore(store.subscribe, store.get, () => initial);

  // SPEC §3: the tracked tags a visit arrives with are kept for 30 days, visitor or player.
  useEffect(() => {
    rememberTags(window.location.search, document);
  }, []);

  useEffect(() => {
    // A frame may keep its session itself (no cookie for the page server to see). On the handover's
    // entry page the session the browser carries is about to be replaced: reading it would meet a
    // revoked session and sign the player out under the handover.
    if (!(config.signedIn || frameSessionToken()) || handingOver()) return;
    store.load().catch((e: unknown) => {
      reportFailure("reading the player", e);
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
    return rt.watchUser(
      playerId,
      (event) => {
        if (event.type === "balance_changed") store.balanceChanged(event.currency, event.balance);
        events.emit(event);
      },
      () => {
        store.refreshAccounts().catch((e: unknown) => reportFailure("reading the balances again", e));
        events.missed();
      },
    );
  }, [rt, playerId, store, events]);

  return (
    <PlayerContext.Provider value={ctx}>
      {children}
      <SessionEndedDialog />
    </PlayerContext.Provider>
  );
}
