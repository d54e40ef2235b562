"use client";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useAlerts } from "../components/shell/Alerts";
import { useClientConfig } from "../components/shell/ClientConfig";
import { reportFailure } from "../lib/error-reporter";
import { onIdle } from "../lib/idle";
import { DEFAULT_REALTIME, resolveTransports } from "../lib/realtime-transports";
import { useLiveStore } from "./LiveStoreContext";
import type { ConnectionState, Realtime } from "./realtime-client";

/** Lets the browser run other work (input, a frame) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The realtime client's code in two steps, the browser free between them: the transport library,
 * then the client with its schemas. Evaluated at once they make one longer task on a phone, blocking
 * input as the page becomes usable.
 */
async function loadRealtimeClient(): Promise<typeof import("./realtime-client")> {
  await import("centrifuge");
  await nextTask();
  return import("./realtime-client");
}

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
    const root = document.documentElement;
    const onState = (state: ConnectionState, everConnected: boolean) => {
      root.dataset.realtime = state;
      if (state !== "connected") delete root.dataset.realtimePublic;
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
      void loadRealtimeClient()
        .then(({ createRealtime }) => {
          if (cancelled) return;
          client = createRealtime({
            ...resolveTransports(config.realtime ?? DEFAULT_REALTIME, window.location),
            store,
            locale: config.locale,
            onState,
            // public events now reach the page over a state it has read: what a test may wait for
            onPublicLive: () => {
              root.dataset.realtimePublic = "live";
            },
          });
          client.connect();
          setRt(client);
        })
        .catch((e: unknown) => reportFailure("loading the realtime client", e));
    const idle = onIdle(start);
    return () => {
      cancelled = true;
      idle.cancel();
      client?.disconnect();
    };
  }, [store, alerts, config.locale, config.realtime]);

  return <Ctx.Provider value={rt}>{children}</Ctx.Provider>;
}
