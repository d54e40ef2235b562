import type { TicketState } from "@sportsbook/domain";
import { useSyncExternalStore } from "react";
import type { SlipExtras, TicketStore } from "./ticket-store";

/** The slip's state; re-renders when the store changes it. */
export function useTicketState(store: TicketStore): TicketState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The slip's quick stakes, ambs and maximum stakes; re-renders when they change. */
export function useSlipExtras(store: TicketStore): SlipExtras {
  return useSyncExternalStore(store.subscribe, store.getExtras, store.getExtras);
}
