"use client";
import type { BetSlipTab } from "@sportsbook/domain";
import dynamic from "next/dynamic";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { onEngagedIdle } from "../../lib/idle";
import type { OutcomePick } from "./pick";
import { SelectionRegistry } from "./selection-registry";
import { SHARE_PARAM, TICKET_STORAGE_KEY } from "./ticket-keys";
import type { TicketStore } from "./ticket-store";

/**
 * The slip engine (store, API, live odds): started once the player engages with the page (when the
 * browser is next idle), so a first click on a price finds it ready; at the latest with the first
 * click, or at once when a slip is restored.
 */
const TicketEngine = dynamic(() => import("./TicketEngine"), { ssr: false });

interface TicketContextValue {
  registry: SelectionRegistry;
  /** The loaded store, or null until the slip code has loaded. */
  store: TicketStore | null;
  /** A price was clicked: it goes on the slip (or comes off), loading the slip first if needed. */
  toggle(pick: OutcomePick): void;
  /** Loads the slip without a selection (opening the panel, a restored slip). */
  load(): void;
  /** Puts a bet-builder bet on the slip at the builder's price. */
  addCustom(picks: readonly OutcomePick[], customOdds: number): void;
  /** Opens the side panel on a tab (header, tab bar, host frame), loading the slip first if needed. */
  openPanel(tab: BetSlipTab): void;
  /** The tab asked for while the slip still loads; the panel shows it open meanwhile. */
  pendingTab: BetSlipTab | null;
}

const Ctx = createContext<TicketContextValue | null>(null);

export function useTicket(): TicketContextValue {
  const c = useContext(Ctx);
  if (!c) throw new Error("useTicket outside TicketProvider");
  return c;
}

/** Whether this outcome is on the slip; re-renders only when that changes. */
export function useIsSelected(id: string): boolean {
  const { registry } = useTicket();
  return useSyncExternalStore(
    (l) => registry.subscribe(id, l),
    () => registry.has(id),
    () => false,
  );
}

/** How many outcomes are on the slip (the mobile badge). */
export function useSelectionCount(): number {
  const { registry } = useTicket();
  return useSyncExternalStore(registry.subscribeCount, registry.count, () => 0);
}

/**
 * Holds what catalogue pages need of the slip (which outcomes are selected) and loads the slip
 * itself only when a player first uses it, so pages that are only browsed stay light.
 */
export function TicketProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(() => new SelectionRegistry());
  const [wanted, setWanted] = useState(false);
  const [store, setStore] = useState<TicketStore | null>(null);
  const queued = useRef<((s: TicketStore) => void)[]>([]);
  const [shareCode, setShareCode] = useState<string | null>(null);
  const [pendingTab, setPendingTab] = useState<BetSlipTab | null>(null);

  useEffect(() => onEngagedIdle(() => setWanted(true)), []);

  useEffect(() => {
    // A shared slip's link: its code is read once and leaves the address bar (SPEC §2).
    const url = new URL(window.location.href);
    const code = url.searchParams.get(SHARE_PARAM);
    if (code) {
      url.searchParams.delete(SHARE_PARAM);
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
      setShareCode(code);
      setWanted(true);
    }
    // A slip saved by an earlier page of this tab comes back without waiting for a click.
    if (window.sessionStorage.getItem(TICKET_STORAGE_KEY)) setWanted(true);
  }, []);

  const toggle = useCallback(
    (pick: OutcomePick) => {
      if (store) store.dispatchPick(pick);
      else {
        queued.current.push((s) => s.dispatchPick(pick));
        setWanted(true);
      }
    },
    [store],
  );
  const addCustom = useCallback(
    (picks: readonly OutcomePick[], customOdds: number) => {
      if (store) store.addCustom(picks, customOdds);
      else {
        queued.current.push((s) => s.addCustom(picks, customOdds));
        setWanted(true);
      }
    },
    [store],
  );
  const load = useCallback(() => setWanted(true), []);
  const openPanel = useCallback(
    (tab: BetSlipTab) => {
      if (store) store.dispatch({ type: "panelOpened", tab });
      else {
        setPendingTab(tab);
        setWanted(true);
      }
    },
    [store],
  );
  useEffect(() => {
    if (store && pendingTab) {
      store.dispatch({ type: "panelOpened", tab: pendingTab });
      setPendingTab(null);
    }
  }, [store, pendingTab]);
  const onReady = useCallback((s: TicketStore) => {
    for (const run of queued.current.splice(0)) run(s);
    setStore(s);
  }, []);

  const value = useMemo(
    () => ({ registry, store, toggle, load, addCustom, openPanel, pendingTab }),
    [registry, store, toggle, load, addCustom, openPanel, pendingTab],
  );
  return (
    <Ctx.Provider value={value}>
      {children}
      {wanted ? <TicketEngine registry={registry} onReady={onReady} shareCode={shareCode} /> : null}
    </Ctx.Provider>
  );
}
