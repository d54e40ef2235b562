import type { BetSlipTab } from "@sportsbook/domain";
import { z } from "zod";
import { PANEL_STORAGE_KEY } from "./ticket-keys";

const storedPanel = z.object({ isOpen: z.boolean(), tab: z.enum(["BET_SLIP", "MY_BETS"]) });
export type StoredPanel = { isOpen: boolean; tab: BetSlipTab };

/** The side panel as an earlier page of this browser tab left it; nothing when unset or unreadable. */
export function readStoredPanel(storage: Pick<Storage, "getItem"> | null): StoredPanel | null {
  const raw = storage?.getItem(PANEL_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = storedPanel.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // not JSON: the panel starts as it would without it
    return null;
  }
}

/** Saves the panel's open state and tab after each change. */
export function writeStoredPanel(
  storage: Pick<Storage, "setItem"> | null,
  panel: StoredPanel,
  report: (reason: string) => void,
): void {
  try {
    storage?.setItem(PANEL_STORAGE_KEY, JSON.stringify({ isOpen: panel.isOpen, tab: panel.tab }));
  } catch (e) {
    // A full or blocked storage only forgets the panel on reload.
    report(`saving the panel failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
