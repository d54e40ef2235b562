import type { UserSettings } from "@sportsbook/contracts/http/settings";
import type { RealtimeEvent } from "@sportsbook/contracts/realtime";
import type { BetSlipTab, Currency, TicketBet, TicketEffect } from "@sportsbook/domain";
import type { LiveStore } from "../../live/live-store";
import { PROVIDERS_KEY } from "../../live/live-store";
import type { AuthStatus } from "../../player/player-store";
import type { SelectionRegistry } from "./selection-registry";
import type { SharedSlip } from "./share";
import type { SlipClock } from "./slip-follow";
import { liveKeys, liveRefresh } from "./slip-live-sync";
import { followPlacements, type SlipNotice } from "./slip-placement-notices";
import { dropOfferedBonuses, followSignedInSlip, type SlipReadFetchers, type SlipReads } from "./slip-reads";
import { settingsRead } from "./slip-settings-read";
import { type SavedSlip, type TicketEnv, TicketStore } from "./ticket-store";

/** Every server read the slip makes, injected so tests answer them when and how they like. */
export interface SlipFetchers extends SlipReadFetchers {
  settings(locale: string): Promise<UserSettings>;
  sharedSlip(code: string, locale: string, currency: string): Promise<SharedSlip>;
}

/** A modal the slip asks for (SPEC §2): the custom-bet ticket shows the bet that opened it. */
export interface SlipModal {
  modal: Extract<TicketEffect, { type: "openModal" }>["modal"];
  reason?: string | undefined;
  bet?: TicketBet | undefined;
}

export interface SlipEngineOptions {
  locale: string;
  /** A shared slip's code from the page's link: its bets replace the saved ones (SPEC §4). */
  shareCode: string | null;
  myBetsVisible: boolean;
  ambProgressBar: boolean;
  registry: SelectionRegistry;
  fetchers: SlipFetchers;
  clock: SlipClock;
  /** Typing a stake changes it at every key: jackpots, maximum stakes and ambs wait until it rests. */
  debounceMs: number;
  live: Pick<LiveStore, "subscribe" | "providerStatuses" | "market" | "outcome" | "match">;
  /** Tells the engine when the player's bonuses changed elsewhere on the page (a bonus claimed). */
  bonusesChanged(listener: () => void): () => void;
  /** What the store needs of the page besides alerts, modals and reports, which the engine routes. */
  env: Pick<TicketEnv, "submit" | "openSignIn" | "storage" | "track">;
  notify(notice: SlipNotice): void;
  translate(key: string, values?: Record<string, string | number>): string;
  report(reason: string, cause?: unknown): void;
  /** Whether the browser believes it is online: a read that failed offline needs no alert of its own. */
  isOnline(): boolean;
  /** Whether the docked panel shows the slip (it then tells placements itself). */
  isDocked(): boolean;
  /** Restores a saved slip into the store's currency (a bet saved in another one converted). */
  restoreSaved(store: TicketStore, saved: SavedSlip, currencies: readonly Currency[]): Promise<void>;
}

/** Watches matches on the realtime connection; the handle stops watching. */
export type WatchMatches = (ids: readonly string[]) => () => void;

const FALLBACK_CURRENCY: Currency = { code: "EUR", subunits: 2, fiat: true };

/**
 * The slip's engine, free of any framework: it builds the store once the settings are read, and
 * keeps it in step with the page — the player's currency and sign-in, the server's reads of the
 * slip, live odds and match states of its selections, and the alerts a placement gives.
 */
export class SlipEngine {
  private store: TicketStore | null = null;
  private stopped = false;
  private settingsRead: ReturnType<typeof settingsRead> | null = null;
  private status: AuthStatus = "unknown";
  private account: Currency | undefined;
  private reads: SlipReads | null = null;
  /** Bumped on each sign-in and sign-out: a settings answer for an earlier session is dropped. */
  private session = 0;
  private readonly stops: (() => void)[] = [];
  private readonly modalListeners = new Set<(modal: SlipModal) => void>();
  private watch: WatchMatches | null = null;
  private unwatch: (() => void) | null = null;
  private matchIds: string[] = [];
  /** Whether the page knows who is here, so which currency the slip is in. */
  private playerKnown = false;
  /** The saved slip, read as the slip started, while it waits for the player's currency. */
  private pendingRestore: { saved: SavedSlip; currencies: Currency[] } | null = null;

  constructor(private readonly o: SlipEngineOptions) {}

  /** Reads the settings and builds the store; null when stopped first. */
  async start(): Promise<TicketStore | null> {
    if (this.stopped) return null;
    this.settingsRead = settingsRead({
      read: () => this.o.fetchers.settings(this.o.locale),
      clock: this.o.clock,
      isOnline: () => this.o.isOnline(),
      report: (reason) => this.o.report(reason),
      notify: (notice) => this.o.notify(notice),
      translate: (key) => this.o.translate(key),
    });
    const settings = await this.settingsRead.read();
    if (!settings || this.stopped) return null;
    const store = this.build(settings);
    this.store = store;
    this.stops.push(this.followProviders(store), followPlacements(store, this.o), this.followLive(store));
    this.stops.push(this.o.bonusesChanged(() => this.reads?.rereadBonuses()));
    this.applySession();
    this.restoreWhenKnown();
    return store;
  }

  stop(): void {
    this.stopped = true;
    this.settingsRead?.stop();
    this.session += 1;
    this.reads?.stop();
    this.reads = null;
    for (const stop of this.stops.splice(0)) stop();
    this.unwatch?.();
    this.unwatch = null;
  }

  getStore = (): TicketStore | null => this.store;

  /**
   * The slip is in the player's currency; signing out turns quick bet off (SPEC §4). `known`: the
   * page knows who is here and their account (a visitor: the book's default currency).
   */
  setPlayer(
    status: AuthStatus,
    account: Currency | undefined,
    known = status === "not_logged_in" || account !== undefined,
  ): void {
    const before = this.status;
    const accountBefore = this.account;
    this.status = status;
    this.account = account;
    this.playerKnown = known;
    if (!this.store) return;
    if (account && account !== accountBefore)
      this.store.dispatch({ type: "currencyChanged", currency: account });
    const signedInChanged = (status === "logged_in") !== (before === "logged_in");
    if (signedInChanged || (status === "not_logged_in" && before !== status)) this.applySession();
    this.restoreWhenKnown();
  }

  /**
   * SPEC §4 persistence: the saved slip comes back in the player's currency, converted at the book's
   * rates, so it waits until the page knows who is here. The currency change above comes first, so
   * the slip is in the account's currency when it restores.
   */
  private restoreWhenKnown(): void {
    const { store, pendingRestore } = this;
    if (!store || !pendingRestore || !this.playerKnown) return;
    this.pendingRestore = null;
    void this.o.restoreSaved(store, pendingRestore.saved, pendingRestore.currencies);
  }

  /** The player's private events: balance for quick bet, issued bonuses for the bets' offers. */
  userEvent(e: RealtimeEvent): void {
    if (this.store && e.type === "balance_changed")
      this.store.dispatch({ type: "balanceChanged", amount: e.balance, currency: e.currency });
    if (e.type === "bonus_issued") this.reads?.rereadBonuses();
  }

  /** The realtime connection, once it is up: the slip's matches are watched on it. */
  setRealtime(watch: WatchMatches | null): void {
    this.watch = watch;
    this.rewatch();
  }

  /** Opens the side panel on a tab (from a modal the engine asked for, so the store is there). */
  openPanel(tab: BetSlipTab): void {
    this.store?.dispatch({ type: "panelOpened", tab });
  }

  onModal(listener: (modal: SlipModal) => void): () => void {
    this.modalListeners.add(listener);
    return () => this.modalListeners.delete(listener);
  }

  private build(settings: UserSettings): TicketStore {
    const { o } = this;
    const currencies: Currency[] = settings.currencies;
    const currency =
      currencies.find((c) => c.code === settings.default_currency) ?? currencies[0] ?? FALLBACK_CURRENCY;
    const store: TicketStore = new TicketStore(
      {
        currency,
        oddsAcceptMode: settings.auto_accept_odds_change,
        multiSingleAvailableByProvider: settings.multi_bet_settings.available_by_provider,
        providerStatuses: settings.provider_statuses,
        customBetAllowSingle: settings.custom_bet_allow_single,
      },
      {
        ...o.env,
        alert: (title, description) =>
          o.notify({ kind: "danger", title: o.translate(title), description: o.translate(description) }),
        openModal: (modal, reason) => {
          const bet = store.get().bets.find((b) => b.betType === "custom_bet");
          for (const l of this.modalListeners) l({ modal, reason, bet });
        },
        report: (reason) => o.report(reason),
      },
      o.registry,
      { stakes: settings.stakes, currencies },
    );
    // SPEC §3 isMyBetsVisible: the panel never stays on a tab the operator turned off.
    if (!o.myBetsVisible) store.dispatch({ type: "myBetsVisibilitySet", visible: false });
    if (o.shareCode) {
      store.dispatch({ type: "restoreStarted" });
      void o.fetchers
        .sharedSlip(o.shareCode, o.locale, currency.code)
        .then((shared) =>
          store.dispatch(
            shared.ok
              ? { type: "restored", bets: shared.bets, source: "share", currencies, rates: [] }
              : { type: "restoreFailed", reason: shared.reason },
          ),
        );
    } else this.pendingRestore = { saved: store.readSaved(), currencies };
    return store;
  }

  /** Signed in: the player's own settings and the server's reads; signed out: neither. */
  private applySession(): void {
    const store = this.store;
    if (!store) return;
    const session = ++this.session;
    this.reads?.stop();
    this.reads = null;
    if (this.account) store.dispatch({ type: "currencyChanged", currency: this.account });
    if (this.status === "not_logged_in") store.dispatch({ type: "signedOut" });
    if (this.status !== "logged_in") {
      dropOfferedBonuses(store);
      return;
    }
    // A player's own acceptance policy and quick stakes replace the system's once signed in. A
    // policy the player chose while they were read is newer than what the read answers (it may have
    // been read before the choice was saved), so it stays.
    const policyBefore = store.get().config.oddsAcceptMode;
    this.o.fetchers
      .settings(this.o.locale)
      .then((settings) => {
        if (session !== this.session) return;
        if (store.get().config.oddsAcceptMode === policyBefore)
          store.dispatch({ type: "oddsAcceptModeSet", mode: settings.auto_accept_odds_change });
        store.setQuickStakes(settings.stakes);
      })
      .catch((e: unknown) => this.o.report("reading the player's settings failed", e));
    this.reads = followSignedInSlip({ ...this.o, store });
  }

  // SPEC §4: a provider going down makes its picks unavailable on the slip, and back up available.
  private followProviders(store: TicketStore): () => void {
    const apply = () => {
      const statuses = this.o.live.providerStatuses();
      if (Object.keys(statuses).length > 0) store.dispatch({ type: "providerStatusesChanged", statuses });
    };
    apply();
    return this.o.live.subscribe(PROVIDERS_KEY, apply);
  }

  // Live odds and match states of the slip's selections, whatever page is open.
  private followLive(store: TicketStore): () => void {
    const { live } = this.o;
    let release: (() => void)[] = [];
    let keysKey = "";
    const follow = () => {
      const bets = store.get().bets;
      const keys = liveKeys(bets);
      if (keys.join(",") === keysKey) return;
      keysKey = keys.join(",");
      for (const r of release) r();
      release = keys.map((k) =>
        live.subscribe(k, () => {
          for (const a of liveRefresh(store.get().bets, live)) store.dispatch(a);
        }),
      );
      const ids = [...new Set(bets.flatMap((b) => b.selections.map((s) => s.matchId)))].sort();
      if (ids.join(",") !== this.matchIds.join(",")) {
        this.matchIds = ids;
        this.rewatch();
      }
    };
    follow();
    const unsubscribe = store.subscribe(follow);
    return () => {
      unsubscribe();
      for (const r of release) r();
    };
  }

  private rewatch(): void {
    this.unwatch?.();
    this.unwatch = this.watch && this.matchIds.length > 0 && !this.stopped ? this.watch(this.matchIds) : null;
  }
}
