"use client";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useAlerts } from "../components/shell/Alerts";
import { useClientConfig } from "../components/shell/ClientConfig";
import { DEFAULT_REALTIME, resolveTransports } from "../lib/realtime-transports";
import { useLiveStore } from "./LiveStoreContext";
import type { ConnectionState, Realtime } from "./realtime-client";

const Ctx = createContext<Realtime | null>(null);

/** The live connection for live pages; null until the realtime client has loaded. */
export function useLive(): Realtime | null {
  return useContext(Ctx);
}

/**
 * Starts the realtime client after the page is interactive (it is loaded on demand, outside the
 * first-load bundle) and shows the offline alert while the connection is down.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const store = useLiveStore();
  const alerts = useAlerts();
  const config = useClientConfig();
  const t = useTranslations("error.connection");
  const [rt, setRt] = useState<Realtime | null>(null);
  const offlineAlert = useRef<number | null>(null);
  const texts = useRef({ title: t("title"), description: t("description") });

  useEffect(() => {
    let client: Realtime | null = null;
    let cancelled = false;
    const onState = (state: ConnectionState, everConnected: boolean) => {
      document.documentElement.dataset.realtime = state;
      if (state === "connected" && offlineAlert.current !== null) {
        alerts.remove(offlineAlert.current);
        offlineAlert.current = null;
      } else if (state !== "connected" && everConnected && offlineAlert.current === null) {
        offlineAlert.current = alerts.push({ kind: "danger", sticky: true, ...texts.current });
      }
    };
    // The realtime client loads once the page is idle (at the latest after SPEC §9's 3000 ms idle
    // fallback), so hydration does not compete with it.
    const start = () =>
      void import("./realtime-client").then(({ createRealtime }) => {
        if (cancelled) return;
        client = createRealtime({
          ...resolveTransports(config.realtime ?? DEFAULT_REALTIME, window.location),
          store,
          locale: config.locale,
          onState,
        });
        client.connect();
        setRt(client);
      });
    const idle = onIdle(start, IDLE_FALLBACK_MS);
    return () => {
      cancelled = true;
      idle.cancel();
      client?.disconnect();
    };
  }, [store, alerts, config.locale, config.realtime]);

  return <Ctx.Provider value={rt}>{children}</Ctx.Provider>;
}

/** SPEC §9 idle fallback. */
export const IDLE_FALLBACK_MS = 3000;

function onIdle(fn: () => void, timeout: number): { cancel(): void } {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(fn, { timeout });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(fn, 1);
  return { cancel: () => window.clearTimeout(id) };
}
