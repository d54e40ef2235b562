"use client";
import { oddsAcceptModeSchema } from "@sportsbook/contracts/http/settings";
import type { OddsAcceptMode } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useId, useSyncExternalStore } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer } from "../../player/player-context";
import { saveSettings } from "../../player/player-settings";
import { useAlerts } from "../shell/Alerts";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./OddsAcceptance.module.css";
import type { TicketStore } from "./ticket-store";

/**
 * What happens when odds move before a bet is placed (SPEC §3 oddsAcceptMode): ask every time,
 * take higher odds, or take any. The slip follows at once; a signed-in player's choice is saved.
 */
export function OddsAcceptance({ store }: { store: TicketStore }) {
  const t = useTranslations("slip.accept-mode");
  const te = useTranslations("global-error.default");
  const { locale } = useClientConfig();
  const player = usePlayer();
  const alerts = useAlerts();
  const id = useId();
  const mode = useSyncExternalStore(
    store.subscribe,
    () => store.get().config.oddsAcceptMode,
    () => store.get().config.oddsAcceptMode,
  );
  const choose = (next: OddsAcceptMode) => {
    const before = mode;
    store.dispatch({ type: "oddsAcceptModeSet", mode: next });
    if (player.status !== "logged_in") return;
    saveSettings({ auto_accept_odds_change: next }, locale).catch((e: unknown) => {
      reportFailure("saving the odds acceptance", e);
      store.dispatch({ type: "oddsAcceptModeSet", mode: before });
      alerts.push({ kind: "danger", title: te("title"), description: te("description") });
    });
  };
  return (
    <div className={styles.row}>
      <label htmlFor={id}>{t("label")}</label>
      <select
        id={id}
        data-setting="odds-accept-mode"
        value={mode}
        onChange={(e) => {
          const parsed = oddsAcceptModeSchema.safeParse(e.target.value);
          if (parsed.success) choose(parsed.data);
        }}
      >
        {oddsAcceptModeSchema.options.map((m) => (
          <option key={m} value={m}>
            {t(m)}
          </option>
        ))}
      </select>
    </div>
  );
}
