import type { AmbProgress } from "@sportsbook/contracts/http/bonuses";
import { placeErrorMessage } from "@sportsbook/contracts/place-errors";
import {
  type Currency,
  type ExchangeRate,
  idText,
  initialTicketState,
  type OddsAcceptMode,
  oddsFromThousandths,
  type PlaceFailure,
  type SlipSelection,
  type TicketAction,
  type TicketBet,
  type TicketEffect,
  type TicketState,
  ticketTransition,
} from "@sportsbook/domain";
import { type AnalyticsSink, purchaseEvent } from "./analytics";
import { readStoredPanel, writeStoredPanel } from "./panel-storage";
import type { OutcomePick } from "./pick";
import { pickId } from "./pick";
import type { SelectionRegistry } from "./selection-registry";
import { readStoredBets, writeStoredBets } from "./ticket-storage";

/** The outcome of one place call, as the store hands it back to the reducer. */
export type SubmitResult = { ok: true; betIds: string[] } | { ok: false; failure: PlaceFailure };

/** What the slip needs from the page: the API, navigation, alerts and storage. */
export interface TicketEnv {
  submit(bets: readonly TicketBet[], quick: boolean): Promise<SubmitResult>;
  openSignIn(): void;
  /** Alert texts are i18n keys. */
  alert(title: string, description: string): void;
  openModal(modal: Extract<TicketEffect, { type: "openModal" }>["modal"], reason?: string): void;
  report(reason: string): void;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  /** SPEC §7 analytics; a sink that drops everything when the operator set none up. */
  track: AnalyticsSink;
}

export interface TicketStoreConfig {
  currency: Currency;
  oddsAcceptMode: OddsAcceptMode;
  multiSingleAvailableByProvider: Record<string, boolean>;
  providerStatuses: Record<string, boolean>;
  maxPayout?: number;
  customBetAllowSingle?: boolean;
}

type Listener = () => void;

/** Settings of the slip that the reducer does not hold: quick stakes per currency, known currencies. */
export interface SlipExtras {
  stakes: Record<string, number[]>;
  currencies: readonly Currency[];
  /** The player's freebet ambs and where the slip's bets would take them (SPEC §3 amb progress). */
  ambs?: readonly AmbProgress[];
  /** Per bet, the most it may stake, as last read for the slip's bets (SPEC §7 max-stake). */
  maxStakes?: readonly number[];
}

/** A slip selection for a price the player clicked. */
export function selectionFromPick(p: OutcomePick): SlipSelection {
  return {
    id: pickId(p),
    matchId: p.matchId,
    matchStatus: p.matchStatus,
    marketId: idText(p.marketId),
    specifier: p.specifier,
    outcomeId: p.outcomeId,
    odds: oddsFromThousandths(p.odds),
    acceptedOdds: oddsFromThousandths(p.odds),
    initialOdds: oddsFromThousandths(p.odds),
    provider: p.provider,
    active: true,
    isSuspended: false,
    isChanged: false,
    isNotAvailable: false,
    matchUrnId: p.matchUrnId,
    matchSlug: p.matchSlug,
    marketName: p.marketName,
    outcomeName: p.outcomeName,
    sportKey: p.sportKey,
    nameA: p.nameA,
    nameB: p.nameB,
    categoryName: p.categoryName,
  };
}

/** A slip saved by an earlier page of the tab (see `TicketStore.readSaved`). */
export interface SavedSlip {
  readonly panel: ReturnType<typeof readStoredPanel>;
  readonly bets: ReturnType<typeof readStoredBets>;
}

/**
 * The bet slip of the page: the domain's ticketTransition holds every rule; this store keeps its
 * state, saves the bets on every change (SPEC §4 persistence), mirrors the selected outcomes into
 * the registry the price cells read, and runs the effects the reducer returns.
 */
export class TicketStore {
  private state: TicketState;
  private readonly listeners = new Set<Listener>();

  constructor(
    config: TicketStoreConfig,
    private readonly env: TicketEnv,
    private readonly registry: SelectionRegistry,
    private extras: SlipExtras = { stakes: {}, currencies: [] },
  ) {
    this.state = initialTicketState(config);
  }

  get = (): TicketState => this.state;

  /** Quick stakes and currencies; a new object whenever they change. */
  getExtras = (): SlipExtras => this.extras;

  /** The player's own quick stakes (read on sign-in, or saved in the profile) replace the system's. */
  setQuickStakes(stakes: Record<string, number[]>): void {
    this.extras = { ...this.extras, stakes };
    for (const l of this.listeners) l();
  }

  /** The ambs' progress as last read for the slip's bets. */
  setAmbs(ambs: readonly AmbProgress[]): void {
    this.extras = { ...this.extras, ambs };
    for (const l of this.listeners) l();
  }

  /** The bets' maximum stakes as last read; cleared while the bets they were read for change. */
  setMaxStakes(maxStakes: readonly number[] | undefined): void {
    this.extras = { ...this.extras, maxStakes };
    for (const l of this.listeners) l();
  }

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  dispatch = (action: TicketAction): void => {
    const before = this.state;
    const { state, effects } = ticketTransition(before, action);
    this.state = state;
    if (state !== before) {
      if (state.bets !== before.bets) writeStoredBets(this.env.storage, state.bets, this.env.report);
      if (state.panel !== before.panel) writeStoredPanel(this.env.storage, state.panel, this.env.report);
      this.registry.set(state.selectedOutcomeIds);
      for (const l of this.listeners) l();
    }
    for (const e of effects) this.run(e);
  };

  /** A price was clicked (SPEC §4: selecting an already selected outcome removes it, else adds it). */
  dispatchPick = (pick: OutcomePick): void => {
    const selection = selectionFromPick(pick);
    const wasSelected = this.state.selectedOutcomeIds.includes(selection.id);
    this.dispatch({ type: "outcomeSelected", selection });
    if (wasSelected !== this.state.selectedOutcomeIds.includes(selection.id)) {
      this.env.track({
        event: wasSelected ? "outcome_delete_click" : "outcome_add_click",
        outcomeId: selection.outcomeId,
        matchId: selection.matchId,
      });
    }
    // Quick bet (SPEC §4): with it on and its stake approved, the click on a live price is the bet.
    const q = this.state.quickBet;
    if (q.isEnabled && q.isApproved && q.bet && q.state !== "processing") {
      this.dispatch({ type: "quickBetPlaceRequested" });
    }
  };

  /** A bet-builder bet of outcomes of one match at the builder's price (SPEC §4 custom bet). */
  addCustom = (picks: readonly OutcomePick[], customOdds: number): void => {
    this.dispatch({
      type: "customBetAdded",
      selections: picks.map(selectionFromPick),
      customOdds: oddsFromThousandths(customOdds),
    });
  };

  /** Reads the bets saved by an earlier page of this tab, if any. */
  restoreFromStorage(currencies: readonly Currency[]): void {
    this.restoreSaved(this.readSaved(), currencies);
  }

  /**
   * What an earlier page of this tab saved, read before any change of this page's slip overwrites
   * it: the panel as the player left it (read before restoring the bets opens it) and the bets.
   */
  readSaved(): SavedSlip {
    return { panel: readStoredPanel(this.env.storage), bets: readStoredBets(this.env.storage) };
  }

  /** Restores what `readSaved` read; `rates` convert bets saved in another currency. */
  restoreSaved(saved: SavedSlip, currencies: readonly Currency[], rates: readonly ExchangeRate[] = []): void {
    const { panel, bets: stored } = saved;
    if (stored === "invalid") this.dispatch({ type: "restoreFailed", reason: "storage_failed" });
    else if (stored !== null)
      this.dispatch({ type: "restored", bets: stored, source: "storage", currencies, rates });
    if (panel?.isOpen) this.dispatch({ type: "panelOpened", tab: panel.tab });
    else if (panel) this.dispatch({ type: "panelClosed" });
  }

  private run(effect: TicketEffect): void {
    switch (effect.type) {
      case "submitBets":
        void this.submit(effect.bets, false);
        return;
      case "submitQuickBet":
        void this.submit([effect.bet], true);
        return;
      case "openSignIn":
        this.env.openSignIn();
        return;
      case "alert":
        this.env.alert(effect.title, effect.description);
        return;
      case "openModal":
        this.env.openModal(effect.modal, effect.reason);
        return;
      case "report":
        this.env.report(effect.reason);
        return;
    }
  }

  private async submit(bets: readonly TicketBet[], quick: boolean): Promise<void> {
    let result: SubmitResult;
    try {
      result = await this.env.submit(bets, quick);
    } catch (e) {
      this.env.report(e instanceof Error ? e.message : String(e));
      result = { ok: false, failure: {} };
    }
    if (result.ok) this.env.track(purchaseEvent(bets, result.betIds));
    if (quick) {
      this.dispatch(
        result.ok
          ? { type: "quickBetSucceeded", betId: result.betIds[0] ?? "" }
          : {
              type: "quickBetFailed",
              // A quick bet is one bet: its own reason (suspended, not available) says more than the
              // answer's headline, which for such refusals is only "could not be placed".
              message:
                result.failure.messagesByBet?.["0"] ??
                result.failure.localizedMessage ??
                placeErrorMessage(
                  result.failure.code === undefined ? undefined : String(result.failure.code),
                ),
            },
      );
      return;
    }
    this.dispatch(
      result.ok
        ? { type: "placeSucceeded", betIds: result.betIds }
        : { type: "placeFailed", failure: result.failure },
    );
  }
}
