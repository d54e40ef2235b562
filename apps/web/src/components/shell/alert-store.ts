export type AlertKind = "success" | "info" | "warning" | "danger";

export interface Alert {
  id: number;
  kind: AlertKind;
  title: string;
  description?: string;
  /** Sticky alerts stay until removed by code (the offline alert stays while offline). */
  sticky?: boolean;
}

/** SPEC §9: alerts close by themselves after 5000 ms. */
export const ALERT_TIMEOUT_MS = 5000;

interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** A small observable list of alerts; timers are injectable so tests control time. */
export function createAlertStore(timers: Timers = realTimers) {
  let alerts: readonly Alert[] = [];
  let nextId = 1;
  const handles = new Map<number, unknown>();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  const remove = (id: number) => {
    const h = handles.get(id);
    if (h !== undefined) timers.clear(h);
    handles.delete(id);
    const next = alerts.filter((a) => a.id !== id);
    if (next.length !== alerts.length) {
      alerts = next;
      emit();
    }
  };
  return {
    push(alert: Omit<Alert, "id">): number {
      const id = nextId++;
      alerts = [...alerts, { ...alert, id }];
      if (!alert.sticky)
        handles.set(
          id,
          timers.set(() => remove(id), ALERT_TIMEOUT_MS),
        );
      emit();
      return id;
    },
    remove,
    get: (): readonly Alert[] => alerts,
    subscribe(l: () => void): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
export type AlertStore = ReturnType<typeof createAlertStore>;
