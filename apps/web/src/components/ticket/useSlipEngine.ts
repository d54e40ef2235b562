"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useLive } from "../../live/LiveProvider";
import { useLiveStore } from "../../live/LiveStoreContext";
import { usePlayer, useUserEvents } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useAlerts } from "../shell/Alerts";
import { useClientConfig } from "../shell/ClientConfig";
import { deviceId } from "./device-id";
import type { SelectionRegistry } from "./selection-registry";
import { SlipEngine } from "./slip-engine";
import { browserSlipOptions } from "./slip-engine-browser";
import type { TicketStore } from "./ticket-store";

/** Runs the slip's engine while mounted and hands it what React knows: player, realtime, texts. */
export function useSlipEngine(
  registry: SelectionRegistry,
  shareCode: string | null,
  onReady: (store: TicketStore) => void,
): SlipEngine | null {
  const config = useClientConfig();
  const player = usePlayer();
  const alerts = useAlerts();
  const live = useLiveStore();
  const rt = useLive();
  const t = useTranslations();
  const texts = useRef(t);
  texts.current = t;
  const [engine, setEngine] = useState<SlipEngine | null>(null);

  useEffect(() => {
    // SPEC §3: the device id (local storage and its long-lived cookie) is kept from the slip's start.
    deviceId();
    const e = new SlipEngine({
      ...browserSlipOptions(config.locale),
      locale: config.locale,
      shareCode,
      myBetsVisible: config.myBetsVisible !== false,
      ambProgressBar: config.ambProgressBar === true,
      registry,
      live,
      notify: (notice) => alerts.push(notice),
      translate: (key, values) => texts.current(key as never, values as never),
    });
    setEngine(e);
    void e.start().then((store) => store && onReady(store));
    return () => e.stop();
  }, [
    config.locale,
    config.myBetsVisible,
    config.ambProgressBar,
    alerts,
    live,
    registry,
    onReady,
    shareCode,
  ]);

  const account = currentAccount(player);
  // Who is here is known once signed out, or signed in with the accounts read (a player may have none).
  const known =
    player.status === "not_logged_in" ||
    (player.status === "logged_in" && (account !== undefined || player.accounts.length === 0));
  useEffect(() => engine?.setPlayer(player.status, account, known), [engine, player.status, account, known]);
  useEffect(() => engine?.setRealtime(rt ? (ids) => rt.watchMatches(ids) : null), [engine, rt]);
  useUserEvents((e) => engine?.userEvent(e));
  return engine;
}
