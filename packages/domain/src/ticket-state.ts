import type { BetType, SlipBonus, SlipSelection, StakeSource, TicketBet } from "./bet.js";
import { type BetSlipPanel, initialBetSlipPanel, type PanelAction } from "./bet-slip-panel.js";
import type { Currency, ExchangeRate } from "./money.js";
import type { Odds } from "./odds.js";
import {
  initialQuickBet,
  type QuickBetAction,
  type QuickBetEffect,
  type QuickBetState,
} from "./quick-bet.js";
import { allSystemTypes, type SystemType } from "./system.js";
import type { TicketError } from "./ticket-errors.js";
import type { MarketUpdate } from "./ticket-odds.js";

/** Ticket flow states of SPEC §4. */
export type TicketFlowState = "INITIAL" | "ODDS_CHANGED" | "PROCESSING" | "SUCCESS" | "ERROR";

/** How odds changes are accepted (SPEC §3 oddsAcceptMode): none flags any change, higher flags drops, any accepts all. */
export type OddsAcceptMode = "none" | "higher" | "any";

/** Settings the slip works under; kept when the slip is cleared. */
export interface TicketConfig {
  /** The player's currency. */
  readonly currency: Currency;
  readonly oddsAcceptMode: OddsAcceptMode;
  readonly multiSingleAvailableByProvider: Readonly<Record<string, boolean>>;
  /** Providers switched off (false) by provider status updates. */
  readonly providerStatuses: Readonly<Record<string, boolean>>;
  /** Highest payout per bet in minor units (SPEC §5); no cap when absent. */
  readonly maxPayout?: number;
  /** SPEC §3 custom_bet_allow_single: whether a bet-builder bet may be placed alone; yes when absent. */
  readonly customBetAllowSingle?: boolean;
}

/** The bet slip (SPEC §3 ticket state) together with its quick bet and side panel. */
export interface TicketState {
  readonly ticketState: TicketFlowState;
  readonly error: TicketError | null;
  readonly bets: readonly TicketBet[];
  readonly upcomingBonuses: readonly SlipBonus[];
  readonly selectedOutcomeIds: readonly string[];
  readonly processingBets: readonly TicketBet[];
  readonly placedBets: readonly TicketBet[];
  readonly isRestoring: boolean;
  readonly inProgress: boolean;
  /** Offered system types, sorted by total then win count; survive clearing the slip. */
  readonly systemTypes: readonly SystemType[];
  readonly config: TicketConfig;
  readonly quickBet: QuickBetState;
  readonly panel: BetSlipPanel;
}

/** An empty slip under the given settings, with every system type up to the selection cap. */
export function initialTicketState(config: TicketConfig): TicketState {
  return {
    ticketState: "INITIAL",
    error: null,
    bets: [],
    upcomingBonuses: [],
    selectedOutcomeIds: [],
    processingBets: [],
    placedBets: [],
    isRestoring: false,
    inProgress: false,
    systemTypes: allSystemTypes(),
    config,
    quickBet: initialQuickBet(config.currency.code),
    panel: initialBetSlipPanel(),
  };
}

/** The failure of a place call as the API client saw it. */
export interface PlaceFailure {
  /** The API's error code, when the response carried one. */
  readonly code?: string | number;
  /**
   * What the code means to the slip (SPEC §5, §8), read by the API client from the contracts' error
   * catalogue (`placeRefusal`): the message's i18n key and whether the odds moved. A coded failure
   * without a message has nothing to show and is alerted as an unknown one.
   */
  readonly message?: string;
  readonly isWrongOdds?: boolean;
  readonly status?: number;
  /** Server localized message (response data.data.localized_message). */
  readonly localizedMessage?: string;
  readonly details?: string;
  /** Per-bet localized messages keyed by bet index. */
  readonly messagesByBet?: Readonly<Record<string, string>>;
}

/** Bets read back from storage; older snapshots kept a single freebet instead of a list. */
export type StoredTicketBet = Omit<TicketBet, "availableBonuses"> & {
  readonly availableBonuses?: readonly SlipBonus[] | SlipBonus | null;
};

/** Named actions of the slip reducer. Time and chance never enter: ids and clocks come in actions. */
export type TicketAction = SlipAction | QuickBetAction | PanelAction;

/** Actions on the slip itself. */
export type SlipAction =
  | { readonly type: "outcomeSelected"; readonly selection: SlipSelection }
  | { readonly type: "selectionRemoved"; readonly selectionId: string }
  | {
      readonly type: "customBetAdded";
      readonly selections: readonly SlipSelection[];
      readonly customOdds: Odds;
    }
  | {
      readonly type: "stakeSet";
      readonly betIndex: number;
      readonly amount: number;
      readonly source: StakeSource;
    }
  | { readonly type: "betTypeSwitched"; readonly betType: BetType }
  | { readonly type: "systemTypeSet"; readonly systemType: SystemType }
  | { readonly type: "systemTypesLoaded"; readonly systemTypes: readonly SystemType[] }
  | { readonly type: "marketsUpdated"; readonly matchId: string; readonly markets: readonly MarketUpdate[] }
  | { readonly type: "matchStatusChanged"; readonly matchId: string; readonly status: number }
  | { readonly type: "providerStatusesChanged"; readonly statuses: Readonly<Record<string, boolean>> }
  | { readonly type: "oddsChangesAccepted" }
  | { readonly type: "oddsAcceptModeSet"; readonly mode: OddsAcceptMode }
  | { readonly type: "currencyChanged"; readonly currency: Currency }
  | { readonly type: "placeRequested"; readonly isLoggedIn: boolean }
  | { readonly type: "placeSucceeded"; readonly betIds: readonly string[] }
  | { readonly type: "placeFailed"; readonly failure: PlaceFailure }
  | { readonly type: "betErrorCleared"; readonly betIndex: number }
  | { readonly type: "ticketCleared" }
  | { readonly type: "bonusSet"; readonly betIndex: number; readonly bonus: SlipBonus | null }
  | {
      readonly type: "availableBonusesChanged";
      readonly betIndex: number;
      readonly bonuses: readonly SlipBonus[];
    }
  | { readonly type: "upcomingBonusesChanged"; readonly bonuses: readonly SlipBonus[] }
  /** The jackpots a bet plays for, as the API told for its stake and odds now. */
  | { readonly type: "jackpotsChanged"; readonly betIndex: number; readonly jackpots: readonly string[] }
  | { readonly type: "restoreStarted" }
  | {
      readonly type: "restored";
      readonly bets: readonly StoredTicketBet[];
      readonly source: "storage" | "share";
      readonly currencies: readonly Currency[];
      readonly rates: readonly ExchangeRate[];
    }
  | { readonly type: "restoreFailed"; readonly reason: RestoreFailure };

/** Why a restore did not bring bets back (SPEC §8 share-bet errors). */
export type RestoreFailure = "share_not_found" | "share_empty" | "share_failed" | "storage_failed";

/** What the store around the reducer must do after an action. */
export type TicketEffect =
  | { readonly type: "openSignIn" }
  | { readonly type: "submitBets"; readonly bets: readonly TicketBet[] }
  | QuickBetEffect
  | { readonly type: "alert"; readonly title: string; readonly description: string }
  | {
      readonly type: "openModal";
      readonly modal: "custom-bet-ticket" | "share-bet-not-found";
      readonly reason?: RestoreFailure;
    }
  | { readonly type: "report"; readonly reason: RestoreFailure };
