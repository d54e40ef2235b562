// What the slip engine's tests share: settings, picks, and fetchers the test answers when it likes.
import type { UserSettings } from "@sportsbook/contracts/http/settings";
import { MATCH_STATUS, marketIdFrom, type SlipBonus, type TicketBet } from "@sportsbook/domain";
import type { OutcomePick } from "./pick";
import { SelectionRegistry } from "./selection-registry";
import { SlipEngine, type SlipEngineOptions, type SlipFetchers } from "./slip-engine";
import type { SlipNotice } from "./slip-placement-notices";
import type { PlayedBet } from "./slip-reads";
import type { TicketStore } from "./ticket-store";

export const DEBOUNCE = 400;
export const EUR = { code: "EUR", subunits: 2, fiat: true };

export const SETTINGS: UserSettings = {
  custom_bet_allow_single: true,
  custom_bet_enabled: true,
  stakes: { EUR: [100, 500] },
  auto_accept_odds_change: "none",
  odds_types: { available: ["decimal"], selected: "decimal" },
  active_odds_type: "decimal",
  updated_at: null,
  video_settings: { enabled: true },
  provider_statuses: { betradar: true },
  sport_type_providers: { regular: ["betradar"] },
  multi_bet_settings: { available_by_provider: { betradar: true } },
  additional_providers: {
    horse_racing: { enabled: false },
    lotto: { enabled: false },
    premium_cricket: { enabled: false },
  },
  allow_multiple_active_user_freebets: false,
  currencies: [EUR],
  default_currency: "EUR",
  max_selections: 40,
};

export function pick(matchId: string): OutcomePick {
  return {
    matchId,
    matchUrnId: `sr:match:${matchId}`,
    matchSlug: `m-${matchId}`,
    matchStatus: MATCH_STATUS.prematch,
    marketId: marketIdFrom(1),
    specifier: "",
    marketName: "1x2",
    outcomeId: "1",
    outcomeName: "Home",
    odds: 2_000,
    provider: "betradar",
    sportKey: "soccer",
    nameA: "A",
    nameB: "B",
    categoryName: "England",
  };
}

/** A promise the test settles when it likes, to answer a request late or out of order. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Every call of one fetcher, each answered by the test. */
export function calls<A extends unknown[], T>() {
  const made: { args: A; answer: (value: T) => void }[] = [];
  const fn = (...args: A): Promise<T> => {
    const d = deferred<T>();
    made.push({ args, answer: d.resolve });
    return d.promise;
  };
  return { made, fn };
}

/** An engine on fetchers the test answers (`readSettings` replaces the settings one); `overrides` win. */
export function setup(overrides: Partial<SlipEngineOptions> = {}, readSettings?: SlipFetchers["settings"]) {
  const settings = calls<[string], UserSettings>();
  const bonuses = calls<[readonly TicketBet[], string], SlipBonus[][]>();
  const jackpots = calls<[readonly PlayedBet[], string], string[][]>();
  const maxStakes = calls<[readonly TicketBet[], string], number[]>();
  const ambs = calls<[readonly TicketBet[], string], never[]>();
  const fetchers: SlipFetchers = {
    settings: readSettings ?? settings.fn,
    bonuses: bonuses.fn,
    jackpots: jackpots.fn,
    maxStakes: maxStakes.fn,
    ambs: ambs.fn,
    sharedSlip: () => Promise.resolve({ ok: false, reason: "share_not_found" }),
  };
  const notices: SlipNotice[] = [];
  const reports: string[] = [];
  const engine = new SlipEngine({
    locale: "en",
    shareCode: null,
    myBetsVisible: true,
    ambProgressBar: true,
    registry: new SelectionRegistry(),
    fetchers,
    clock: { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number) },
    debounceMs: DEBOUNCE,
    live: {
      subscribe: () => () => {},
      providerStatuses: () => ({}),
      market: () => undefined,
      outcome: () => undefined,
      match: () => undefined,
    },
    bonusesChanged: () => () => {},
    env: {
      submit: () => new Promise(() => {}),
      openSignIn: () => {},
      storage: null,
      track: () => {},
    },
    notify: (n) => notices.push(n),
    translate: (key) => key,
    report: (reason) => reports.push(reason),
    isOnline: () => true,
    isDocked: () => false,
    restoreSaved: async (store, saved, currencies) => store.restoreSaved(saved, currencies),
    ...overrides,
  });
  return { engine, settings, bonuses, jackpots, maxStakes, ambs, notices, reports };
}

export type Harness = ReturnType<typeof setup>;

/** Starts the engine on the system settings and signs the player in; the player's settings are asked for. */
export async function signingIn(t: Harness): Promise<TicketStore> {
  const started = t.engine.start();
  t.settings.made[0]?.answer(SETTINGS);
  const store = await started;
  if (!store) throw new Error("the engine did not start");
  t.engine.setPlayer("logged_in", { ...EUR });
  return store;
}

/** Starts the engine on the system settings and signs the player in; answers the player's settings. */
export async function signedIn(t: Harness, flush: () => Promise<unknown>): Promise<TicketStore> {
  const store = await signingIn(t);
  t.settings.made[1]?.answer(SETTINGS);
  await flush();
  return store;
}
