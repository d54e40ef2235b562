"use client";
import { useTranslations } from "next-intl";
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import styles from "./Alerts.module.css";
import { type AlertStore, createAlertStore } from "./alert-store";

const Ctx = createContext<AlertStore | null>(null);

export function useAlerts(): AlertStore {
  const s = useContext(Ctx);
  if (!s) throw new Error("useAlerts outside AlertsProvider");
  return s;
}

/** The height of what is fixed at the bottom of the screen, that alerts stand on (Alerts.module.css `.alerts`). */
const LIFT_PROPERTY = "--alerts-lift";

/**
 * Alerts stand above `ref`'s element while `active`, however tall it grows: at the bottom centre they
 * would cover the phone slip sheet's Place button, and a tap meant for it would only close the alert.
 */
export function useAlertsStandAbove(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(LIFT_PROPERTY, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(LIFT_PROPERTY);
    };
  }, [ref, active]);
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
    <div className={styles.alerts} aria-live="polite" data-alerts>
      {alerts.map((a) => (
        <button
          type="button"
          key={a.id}
          className={styles.alert}
          data-alert={a.kind}
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
