"use client";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from "react";
import { type AlertStore, createAlertStore } from "./alert-store";

const Ctx = createContext<AlertStore | null>(null);

export function useAlerts(): AlertStore {
  const s = useContext(Ctx);
  if (!s) throw new Error("useAlerts outside AlertsProvider");
  return s;
}

/** Provides the alert store and renders alerts bottom centre; a click closes one (SPEC §9). */
export function AlertsProvider({ children, store }: { children: ReactNode; store?: AlertStore }) {
  const [s] = useState(() => store ?? createAlertStore());
  return (
    <Ctx.Provider value={s}>
      {children}
      <AlertList store={s} />
    </Ctx.Provider>
  );
}

function AlertList({ store }: { store: AlertStore }) {
  const alerts = useSyncExternalStore(store.subscribe, store.get, store.get);
  const t = useTranslations("alert");
  return (
    <div className="alerts" aria-live="polite">
      {alerts.map((a) => (
        <button
          type="button"
          key={a.id}
          className={`alert alert-${a.kind}`}
          role={a.kind === "danger" ? "alert" : "status"}
          onClick={() => store.remove(a.id)}
          title={t("close")}
        >
          <strong>{a.title}</strong>
          {a.description ? <span>{a.description}</span> : null}
        </button>
      ))}
    </div>
  );
}
