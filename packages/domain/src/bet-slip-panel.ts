/** Tabs of the side panel (SPEC §2). */
export type BetSlipTab = "BET_SLIP" | "MY_BETS";

/** The side panel holding the slip and My bets. */
export interface BetSlipPanel {
  readonly isOpen: boolean;
  readonly tab: BetSlipTab;
  readonly isMyBetsVisible: boolean;
}

/** Closed on the bet slip tab, My bets visible. */
export function initialBetSlipPanel(): BetSlipPanel {
  return { isOpen: false, tab: "BET_SLIP", isMyBetsVisible: true };
}

/** Toggles the panel. */
export function togglePanel(panel: BetSlipPanel): BetSlipPanel {
  return { ...panel, isOpen: !panel.isOpen };
}

/** Opens the panel, optionally on a tab (My bets falls back to the slip when hidden). */
export function openPanel(panel: BetSlipPanel, tab?: BetSlipTab): BetSlipPanel {
  return withVisibleTab({ ...panel, isOpen: true, tab: tab ?? panel.tab });
}

/** Closes the panel and resets the tab to the bet slip (SPEC §2). */
export function closePanel(panel: BetSlipPanel): BetSlipPanel {
  return { ...panel, isOpen: false, tab: "BET_SLIP" };
}

/** Sets the tab. */
export function setPanelTab(panel: BetSlipPanel, tab: BetSlipTab): BetSlipPanel {
  return withVisibleTab({ ...panel, tab });
}

/** If My bets is hidden by config and active, the panel switches to the bet slip (SPEC §4). */
export function setMyBetsVisible(panel: BetSlipPanel, visible: boolean): BetSlipPanel {
  return withVisibleTab({ ...panel, isMyBetsVisible: visible });
}

function withVisibleTab(panel: BetSlipPanel): BetSlipPanel {
  return !panel.isMyBetsVisible && panel.tab === "MY_BETS" ? { ...panel, tab: "BET_SLIP" } : panel;
}

/** Opens on the slip when selections go from none to some; closes when they go to none (SPEC §4). */
export function panelAfterSelections(panel: BetSlipPanel, before: number, after: number): BetSlipPanel {
  if (before === 0 && after > 0) return { ...panel, isOpen: true, tab: "BET_SLIP" };
  if (before > 0 && after === 0) return closePanel(panel);
  return panel;
}

/** Named actions of the side panel (SPEC §2 side panel). */
export type PanelAction =
  | { readonly type: "panelToggled" }
  | { readonly type: "panelOpened"; readonly tab?: BetSlipTab }
  | { readonly type: "panelClosed" }
  | { readonly type: "panelTabSet"; readonly tab: BetSlipTab }
  | { readonly type: "myBetsVisibilitySet"; readonly visible: boolean };

const PANEL_ACTIONS: ReadonlySet<string> = new Set([
  "panelToggled",
  "panelOpened",
  "panelClosed",
  "panelTabSet",
  "myBetsVisibilitySet",
]);

/** True for the actions panelReducer handles. */
export function isPanelAction(action: { readonly type: string }): action is PanelAction {
  return PANEL_ACTIONS.has(action.type);
}

/** Applies a panel action. */
export function panelReducer(panel: BetSlipPanel, action: PanelAction): BetSlipPanel {
  switch (action.type) {
    case "panelToggled":
      return togglePanel(panel);
    case "panelOpened":
      return openPanel(panel, action.tab);
    case "panelClosed":
      return closePanel(panel);
    case "panelTabSet":
      return setPanelTab(panel, action.tab);
    case "myBetsVisibilitySet":
      return setMyBetsVisible(panel, action.visible);
  }
}
