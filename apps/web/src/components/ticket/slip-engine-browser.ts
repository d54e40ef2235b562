import { reportFailure } from "../../lib/error-reporter";
import { loadSettings } from "../../player/player-settings";
import { onBonusesChanged } from "../bonuses/bonus-events";
import { fetchSlipJackpots } from "../jackpots/jackpot-api";
import { pageAnalytics } from "./analytics";
import { deviceId } from "./device-id";
import { isPanelDocked } from "./docked";
import { restoreInCurrentCurrency } from "./restore-currency";
import { loadSharedSlip } from "./share";
import { fetchSlipAmbs, fetchSlipBonuses } from "./slip-bonuses";
import type { SlipEngineOptions } from "./slip-engine";
import type { SlipClock } from "./slip-follow";
import { maxStakes, submitBets } from "./ticket-api";

/** Typing a stake changes it at every key: the jackpots and ambs are asked for once it rests. */
export const SLIP_READ_DEBOUNCE_MS = 400;

const windowClock: SlipClock = {
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** What the engine takes from the browser page: the API, its timers, storage, events and analytics. */
export function browserSlipOptions(
  locale: string,
): Pick<
  SlipEngineOptions,
  | "fetchers"
  | "clock"
  | "debounceMs"
  | "bonusesChanged"
  | "env"
  | "report"
  | "isOnline"
  | "isDocked"
  | "restoreSaved"
> {
  return {
    fetchers: {
      settings: loadSettings,
      sharedSlip: loadSharedSlip,
      bonuses: fetchSlipBonuses,
      jackpots: fetchSlipJackpots,
      maxStakes,
      ambs: fetchSlipAmbs,
    },
    clock: windowClock,
    debounceMs: SLIP_READ_DEBOUNCE_MS,
    bonusesChanged: onBonusesChanged,
    env: {
      submit: (bets, quick) =>
        submitBets(bets, { quick, deviceId: deviceId(), locale, idempotencyKey: crypto.randomUUID() }),
      openSignIn: () => {
        window.location.hash = "sign-in";
      },
      storage: window.sessionStorage,
      track: pageAnalytics(),
    },
    report: (reason, cause) => reportFailure(`bet slip: ${reason}`, cause ?? new Error(reason)),
    isOnline: () => navigator.onLine,
    isDocked: isPanelDocked,
    restoreSaved: (store, saved, currencies) =>
      restoreInCurrentCurrency(store, saved, currencies, {
        locale,
        report: (reason) => reportFailure("bet slip", new Error(reason)),
      }),
  };
}
