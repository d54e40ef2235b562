import { effectiveStake, newTicketBet, type SlipSelection, type TicketBet } from "./bet.js";
import { isPanelAction, panelAfterSelections, panelReducer } from "./bet-slip-panel.js";
import {
  addSelection,
  type BetTypeRules,
  normalizeBets,
  removeSelection,
  setSystemType,
  switchBetType,
} from "./bet-type.js";
import {
  isQuickBetAction,
  quickBetTransition,
  selectQuickBetOutcome,
  setQuickBetCurrency,
  startsQuickBet,
} from "./quick-bet.js";
import { sortSystemTypes } from "./system.js";
import { reconcileBonuses, setBonus, withBonusOdds } from "./ticket-bonus.js";
import { DEFAULT_ALERT } from "./ticket-errors.js";
import {
  acceptOddsChanges,
  applyMarketUpdates,
  hasChangedOdds,
  mapSelections,
  withAvailability,
} from "./ticket-odds.js";
import { restoreBetCurrency } from "./ticket-persistence.js";
import { rescaleStake, resetStakeForCurrency, setTicketStake } from "./ticket-stake.js";
import {
  initialTicketState,
  type SlipAction,
  type TicketAction,
  type TicketEffect,
  type TicketFlowState,
  type TicketState,
} from "./ticket-state.js";
import { placeBlockers } from "./ticket-validation.js";

/** The next state and what the store must do. */
export interface TicketTransition {
  readonly state: TicketState;
  readonly effects: readonly TicketEffect[];
}

function rules(state: TicketState): BetTypeRules {
  return {
    systemTypes: state.systemTypes,
    multiSingleAvailableByProvider: state.config.multiSingleAvailableByProvider,
  };
}

// Adding selections resets to initial, or odds-changed if any bet has changed odds (SPEC §4).
function flowAfterEdit(bets: readonly TicketBet[]): TicketFlowState {
  return hasChangedOdds(bets) ? "ODDS_CHANGED" : "INITIAL";
}

function withBets(state: TicketState, bets: readonly TicketBet[]): TicketState {
  return { ...state, bets, ticketState: flowAfterEdit(bets), error: null };
}

function isSelected(state: TicketState, id: string): boolean {
  return state.bets.some((b) => b.selections.some((s) => s.id === id));
}

function added(state: TicketState, selection: SlipSelection): TicketState {
  const available = withAvailability(selection, state.config.providerStatuses);
  const change = addSelection(state.bets, available, state.config.currency.code, rules(state));
  return change.ok ? withBets(state, change.bets) : state;
}

function selectOutcome(state: TicketState, selection: SlipSelection): TicketTransition {
  if (state.quickBet.isEnabled) {
    if (state.quickBet.state === "processing") return { state, effects: [] };
    if (startsQuickBet(state.quickBet, selection)) {
      return { state: { ...state, quickBet: selectQuickBetOutcome(state.quickBet, selection) }, effects: [] };
    }
    state = { ...state, quickBet: { ...state.quickBet, isEnabled: false, isApproved: false } };
  }
  if (state.inProgress) return { state, effects: [] };
  if (isSelected(state, selection.id)) {
    return { state: withBets(state, removeSelection(state.bets, selection.id, rules(state))), effects: [] };
  }
  return { state: added(state, selection), effects: [] };
}

function updateBet(state: TicketState, index: number, change: (bet: TicketBet) => TicketBet): TicketState {
  if (!state.bets[index]) return state;
  return { ...state, bets: state.bets.map((b, i) => (i === index ? change(b) : b)) };
}

// Market updates set odds-changed unless in progress or done (SPEC §4).
function afterOddsRefresh(state: TicketState, bets: readonly TicketBet[]): TicketState {
  const rescaled = bets.map((b) => rescaleStake(withBonusOdds(b), state.config.currency));
  if (state.inProgress || state.ticketState === "SUCCESS") return { ...state, bets: rescaled };
  const changed = hasChangedOdds(rescaled);
  const ticketState = changed
    ? "ODDS_CHANGED"
    : state.ticketState === "ODDS_CHANGED"
      ? "INITIAL"
      : state.ticketState;
  return { ...state, bets: rescaled, ticketState };
}

function place(state: TicketState, isLoggedIn: boolean): TicketTransition {
  if (!isLoggedIn) return { state: { ...state, ticketState: "INITIAL" }, effects: [{ type: "openSignIn" }] };
  if (
    state.inProgress ||
    placeBlockers(
      state.bets,
      state.config.currency,
      state.config.maxPayout,
      state.config.customBetAllowSingle,
    ).length > 0
  ) {
    return { state, effects: [] };
  }
  const processingBets = state.bets.filter((b) => effectiveStake(b) > 0);
  return {
    state: { ...state, ticketState: "PROCESSING", error: null, inProgress: true, processingBets },
    effects: [{ type: "submitBets", bets: processingBets }],
  };
}

function placeFailed(
  state: TicketState,
  action: Extract<TicketAction, { type: "placeFailed" }>,
): TicketTransition {
  const { failure } = action;
  const code = failure.code === undefined ? undefined : String(failure.code);
  if (code === undefined || failure.message === undefined || failure.status === 401) {
    return {
      state: { ...state, ticketState: "INITIAL", error: null },
      effects: [{ type: "alert", title: DEFAULT_ALERT.title, description: DEFAULT_ALERT.description }],
    };
  }
  const error = {
    message: failure.message,
    code,
    details: failure.details,
    localizedMessage: failure.localizedMessage,
    messagesByBet: failure.messagesByBet ?? {},
    isWrongOddsError: failure.isWrongOdds === true,
  };
  return { state: { ...state, ticketState: "ERROR", error }, effects: [] };
}

function restoreFailureEffects(
  reason: Extract<TicketAction, { type: "restoreFailed" }>["reason"],
): TicketEffect[] {
  return reason === "storage_failed"
    ? [{ type: "report", reason }]
    : [{ type: "openModal", modal: "share-bet-not-found", reason }];
}

function step(state: TicketState, action: TicketAction): TicketTransition {
  if (isPanelAction(action))
    return { state: { ...state, panel: panelReducer(state.panel, action) }, effects: [] };
  if (isQuickBetAction(action)) {
    const { quickBet, effects } = quickBetTransition(state.quickBet, action);
    return { state: { ...state, quickBet }, effects };
  }
  return slipStep(state, action);
}

function slipStep(state: TicketState, action: SlipAction): TicketTransition {
  const none = (next: TicketState): TicketTransition => ({ state: next, effects: [] });
  const currency = state.config.currency;
  switch (action.type) {
    case "outcomeSelected":
      return selectOutcome(state, action.selection);
    case "selectionRemoved":
      if (state.inProgress) return none(state);
      return none(withBets(state, removeSelection(state.bets, action.selectionId, rules(state))));
    case "customBetAdded": {
      const custom = {
        ...newTicketBet("custom_bet", action.selections, currency.code),
        customOdds: action.customOdds,
      };
      const effects: TicketEffect[] =
        state.bets.length === 0 ? [{ type: "openModal", modal: "custom-bet-ticket" }] : [];
      return { state: withBets(state, [...state.bets, custom]), effects };
    }
    case "stakeSet":
      return none(
        updateBet(state, action.betIndex, (b) => setTicketStake(b, action.amount, action.source, currency)),
      );
    case "betTypeSwitched": {
      const change = switchBetType(state.bets, action.betType, rules(state));
      return none(change.ok ? { ...state, bets: change.bets } : state);
    }
    case "systemTypeSet": {
      const change = setSystemType(state.bets, action.systemType, rules(state));
      return none(change.ok ? { ...state, bets: change.bets } : state);
    }
    case "systemTypesLoaded": {
      const next = { ...state, systemTypes: sortSystemTypes(action.systemTypes) };
      return none({ ...next, bets: normalizeBets(next.bets, rules(next)) });
    }
    case "marketsUpdated":
      return none(
        afterOddsRefresh(
          state,
          mapSelections(state.bets, (s) =>
            applyMarketUpdates(s, action.matchId, action.markets, state.config.oddsAcceptMode),
          ),
        ),
      );
    case "matchStatusChanged":
      return none({
        ...state,
        bets: mapSelections(state.bets, (list) =>
          list.map((s) =>
            s.matchId === action.matchId
              ? withAvailability({ ...s, matchStatus: action.status }, state.config.providerStatuses)
              : s,
          ),
        ),
      });
    case "providerStatusesChanged": {
      const providerStatuses = { ...state.config.providerStatuses, ...action.statuses };
      return none({
        ...state,
        config: { ...state.config, providerStatuses },
        bets: mapSelections(state.bets, (list) => list.map((s) => withAvailability(s, providerStatuses))),
      });
    }
    case "oddsChangesAccepted": {
      const bets = normalizeBets(acceptOddsChanges(state.bets), rules(state));
      return none({ ...state, bets, ticketState: state.inProgress ? state.ticketState : "INITIAL" });
    }
    case "oddsAcceptModeSet":
      return none({ ...state, config: { ...state.config, oddsAcceptMode: action.mode } });
    case "currencyChanged":
      if (action.currency.code === currency.code) return none(state);
      return none({
        ...state,
        config: { ...state.config, currency: action.currency },
        bets: state.bets.map((b) => resetStakeForCurrency(b, action.currency.code)),
        quickBet: setQuickBetCurrency(state.quickBet, action.currency.code),
      });
    case "placeRequested":
      return place(state, action.isLoggedIn);
    case "placeSucceeded": {
      if (state.ticketState !== "PROCESSING") return none(state);
      const placedBets = state.processingBets.map((b, i) => {
        const betId = action.betIds[i];
        return betId === undefined ? b : { ...b, betId };
      });
      return none({ ...state, ticketState: "SUCCESS", placedBets, bets: [] });
    }
    case "placeFailed":
      return state.ticketState === "PROCESSING" ? placeFailed(state, action) : none(state);
    case "betErrorCleared": {
      if (!state.error) return none(state);
      const { [String(action.betIndex)]: _cleared, ...messagesByBet } = state.error.messagesByBet;
      return none({ ...state, error: { ...state.error, messagesByBet } });
    }
    case "ticketCleared":
      return none({
        ...initialTicketState(state.config),
        systemTypes: state.systemTypes,
        quickBet: state.quickBet,
        panel: state.panel,
      });
    case "bonusSet":
      return none(updateBet(state, action.betIndex, (b) => setBonus(b, action.bonus)));
    case "availableBonusesChanged":
      return none(updateBet(state, action.betIndex, (b) => reconcileBonuses(b, action.bonuses)));
    case "upcomingBonusesChanged":
      return none({ ...state, upcomingBonuses: action.bonuses });
    case "jackpotsChanged":
      return none(updateBet(state, action.betIndex, (b) => ({ ...b, jackpots: action.jackpots })));
    case "restoreStarted":
      return none({ ...state, isRestoring: true });
    case "restored": {
      if (action.bets.length === 0 && action.source === "share") {
        return { state: { ...state, isRestoring: false }, effects: restoreFailureEffects("share_empty") };
      }
      const restored = action.bets.map((b) =>
        restoreBetCurrency(b, currency, action.currencies, action.rates),
      );
      const bets = normalizeBets(
        mapSelections(restored, (list) =>
          list.map((s) => withAvailability(s, state.config.providerStatuses)),
        ),
        rules(state),
      );
      return none({ ...withBets(state, bets), isRestoring: false });
    }
    case "restoreFailed":
      return { state: { ...state, isRestoring: false }, effects: restoreFailureEffects(action.reason) };
  }
}

function selectionCount(state: TicketState): number {
  return state.bets.reduce((n, b) => n + b.selections.length, 0);
}

// Invariants every action ends with (SPEC §4): derived ids, comboboost odds from the active range,
// processing bets cleared in initial and error, the panel following the selection count.
function settle(before: TicketState, after: TicketState): TicketState {
  if (before === after) return after;
  const bets = after.bets === before.bets ? after.bets : after.bets.map(withBonusOdds);
  const clearsProcessing = after.ticketState === "INITIAL" || after.ticketState === "ERROR";
  return {
    ...after,
    bets,
    selectedOutcomeIds: bets.flatMap((b) => b.selections.map((s) => s.id)),
    processingBets: clearsProcessing ? [] : after.processingBets,
    inProgress: after.ticketState === "PROCESSING",
    panel: panelAfterSelections(after.panel, selectionCount(before), selectionCount({ ...after, bets })),
  };
}

/** Applies an action to the slip: the next state and the effects the store must run. */
export function ticketTransition(state: TicketState, action: TicketAction): TicketTransition {
  const { state: next, effects } = step(state, action);
  return { state: settle(state, next), effects };
}
