"use client";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { useOpenAuthForm } from "../auth/AuthModalHost";
import { useAlerts } from "../shell/Alerts";
import { HttpError, useFavorites } from "./FavoritesContext";
import styles from "./FavoriteToggle.module.css";

/** The star on a match card: optimistic, reverted with an error alert when the server refuses. */
export function FavoriteToggle({ matchId }: { matchId: string }) {
  const store = useFavorites();
  const alerts = useAlerts();
  const openAuth = useOpenAuthForm();
  const t = useTranslations();
  const on = useSyncExternalStore(
    store.subscribe,
    () => store.has(matchId),
    () => false,
  );
  return (
    <button
      type="button"
      className={styles.fav}
      data-action="favorite"
      aria-pressed={on}
      aria-label={t(on ? "catalog.remove-favorite" : "catalog.add-favorite")}
      onClick={() => {
        store.toggle(matchId).catch((err: unknown) => {
          if (err instanceof HttpError && err.status === 401) openAuth("sign_in");
          else
            alerts.push({
              kind: "danger",
              title: t("global-error.default.title"),
              description: t("global-error.default.description"),
            });
        });
      }}
    >
      {on ? "★" : "☆"}
    </button>
  );
}
