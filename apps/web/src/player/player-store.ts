import type { Currency } from "@sportsbook/domain";

/** SPEC §4 auth status. */
export type AuthStatus = "unknown" | "pending" | "logged_in" | "not_logged_in";

export interface PlayerProfile {
  id: number;
  email: string | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  nickname: string | null;
  phone: string | null;
  language: string | null;
  currency: string | null;
  statuses: readonly string[];
  authFieldsMissed: readonly string[];
  country: { name: string; code: string } | null;
}

/** SPEC §3 account: one balance (minor units) per currency. */
export interface PlayerAccount extends Currency {
  balance: number;
}

export interface PlayerState {
  status: AuthStatus;
  profile: PlayerProfile | null;
  accounts: readonly PlayerAccount[];
  /** Code of the account the header shows and bets are placed in. */
  currency: string | null;
  /** Why a session ended under the player (SPEC §8 401), for the modal that says so; false when none did. */
  sessionEnded: false | SessionEndReason;
}

/**
 * A session that simply ended (expired, signed out elsewhere), or one a limit ended: a session or
 * time limit (the out-of-session-limit modal) or an activity limit (the activity-limit-reached one).
 */
export type SessionEndReason = "expired" | "session_limit" | "activity_limit";

export const SIGNED_OUT: PlayerState = {
  status: "not_logged_in",
  profile: null,
  accounts: [],
  currency: null,
  sessionEnded: false,
};

/** What the store reads from the API; the provider passes the real calls, tests their own. */
export interface PlayerSource {
  /** The profile, or null for a visitor; throws `SessionExpired` on 401. */
  profile(): Promise<PlayerProfile | null>;
  accounts(): Promise<PlayerAccount[]>;
  signOut(): Promise<void>;
  setCurrency(code: string): Promise<void>;
}

export class SessionExpired extends Error {
  constructor() {
    super("session expired");
  }
}

type Listener = () => void;

/**
 * The signed-in player as the page knows it (SPEC §4 auth status, sign-out, currency switch, 401),
 * framework-free so its rules are tested without React.
 */
export class PlayerStore {
  private state: PlayerState;
  private readonly listeners = new Set<Listener>();
  private loadSeq = 0;
  /** For each accounts read under way, the currencies whose balance a live event set meanwhile. */
  private readonly liveDuringRead = new Set<Set<string>>();

  constructor(
    private readonly source: PlayerSource,
    initial: Partial<PlayerState> = {},
  ) {
    this.state = { ...SIGNED_OUT, status: "unknown", ...initial };
  }

  get = (): PlayerState => this.state;

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private set(next: Partial<PlayerState>): void {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  /** Reads profile and accounts: pending while loading, then logged in or not (a blocked player is not). */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.set({ status: "pending" });
    try {
      const profile = await this.source.profile();
      if (seq !== this.loadSeq) return;
      if (!profile) {
        this.set({ ...SIGNED_OUT });
        return;
      }
      const accounts = await this.source.accounts();
      if (seq !== this.loadSeq) return;
      this.set({
        status: "logged_in",
        profile,
        accounts,
        currency: profile.currency ?? accounts[0]?.code ?? null,
        sessionEnded: false,
      });
    } catch (e) {
      if (seq !== this.loadSeq) return;
      this.set({ ...SIGNED_OUT, sessionEnded: e instanceof SessionExpired ? "expired" : false });
      if (!(e instanceof SessionExpired)) throw e;
    }
  }

  /** The page holds a session its server did not see (a frame's own): its status is unknown until read. */
  sessionKnownLater(): void {
    if (this.state.status === "not_logged_in") this.set({ status: "unknown" });
  }

  /** SPEC §4 sign-out: profile and accounts are cleared whether or not the server call succeeds. */
  async signOut(): Promise<void> {
    this.loadSeq++;
    this.set({ ...SIGNED_OUT });
    await this.source.signOut();
  }

  /** SPEC §8: a 401 while signed in means the session ended; the player is signed out and told. */
  sessionExpired(reason: SessionEndReason = "expired"): void {
    if (this.state.status !== "logged_in") return;
    this.loadSeq++;
    this.set({ ...SIGNED_OUT, sessionEnded: reason });
  }

  acknowledgeSessionEnded(): void {
    if (this.state.sessionEnded) this.set({ sessionEnded: false });
  }

  /** A `balance_changed` event: the balance of that currency's account. */
  balanceChanged(currency: string, balance: number): void {
    if (!this.state.accounts.some((a) => a.code === currency)) return;
    for (const seen of this.liveDuringRead) seen.add(currency);
    this.set({ accounts: this.state.accounts.map((a) => (a.code === currency ? { ...a, balance } : a)) });
  }

  /** SPEC §4 currency switch: nothing when already current or when the player has no such account. */
  async switchCurrency(code: string): Promise<boolean> {
    if (code === this.state.currency || !this.state.accounts.some((a) => a.code === code)) return false;
    await this.source.setCurrency(code);
    this.set({ currency: code });
    return true;
  }

  /** Reads the profile again after the player changed it, staying signed in meanwhile. */
  async refreshProfile(): Promise<void> {
    if (this.state.status !== "logged_in") return;
    const seq = this.loadSeq;
    const profile = await this.source.profile();
    if (seq !== this.loadSeq || this.state.status !== "logged_in") return;
    this.set(profile ? { profile } : { ...SIGNED_OUT });
  }

  /** Reads the accounts again (after a deposit, or when a live update could have been missed). */
  async refreshAccounts(): Promise<void> {
    if (this.state.status !== "logged_in") return;
    const seq = this.loadSeq;
    // A live balance that arrives while the read is under way may be newer than what the read saw,
    // and is never older than what it should show: it wins for its currency. A posting after the
    // read has its own event still to come.
    const live = new Set<string>();
    this.liveDuringRead.add(live);
    let accounts: PlayerAccount[];
    try {
      accounts = await this.source.accounts();
    } finally {
      this.liveDuringRead.delete(live);
    }
    if (seq !== this.loadSeq || this.state.status !== "logged_in") return;
    const shown = new Map(this.state.accounts.map((a) => [a.code, a.balance]));
    this.set({
      accounts: accounts.map((a) =>
        live.has(a.code) ? { ...a, balance: shown.get(a.code) ?? a.balance } : a,
      ),
    });
  }
}

/** The account the header shows. */
export function currentAccount(state: PlayerState): PlayerAccount | undefined {
  return state.accounts.find((a) => a.code === state.currency) ?? state.accounts[0];
}
