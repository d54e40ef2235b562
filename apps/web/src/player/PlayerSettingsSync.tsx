"use client";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useAlerts } from "../components/shell/Alerts";
import { useClientConfig } from "../components/shell/ClientConfig";
import { reportFailure } from "../lib/error-reporter";
import { useOddsFormat } from "../odds/OddsFormatContext";
import { usePlayer } from "./player-context";

// The settings calls and their schemas load with the first signed-in page, not for every visitor.
const settingsApi = () => import("./player-settings");

/**
 * Keeps the odds format with the player's account (SPEC §3 activeOddsType, §7 settings): on sign-in
 * the saved choice is read back; while signed in, a new choice is saved. A visitor's stays local.
 */
export function PlayerSettingsSync() {
  const player = usePlayer();
  const { locale } = useClientConfig();
  const { adopt, registerSaver } = useOddsFormat();
  const alerts = useAlerts();
  const te = useTranslations("global-error.default");
  const signedIn = player.status === "logged_in";

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    settingsApi()
      .then(({ loadSettings }) => loadSettings(locale))
      .then((s) => {
        if (current) adopt(s.active_odds_type);
      })
      .catch((e: unknown) => reportFailure("reading the player's settings", e));
    const stop = registerSaver((format) => {
      settingsApi()
        .then(({ saveSettings }) => saveSettings({ odds_type: format }, locale))
        .catch((e: unknown) => {
          reportFailure("saving the odds format", e);
          alerts.push({ kind: "danger", title: te("title"), description: te("description") });
        });
    });
    return () => {
      current = false;
      stop();
    };
  }, [signedIn, locale, adopt, registerSaver, alerts, te]);
  return null;
}
