import { idText, type MatchId, mergeMatchStatus } from "@sportsbook/domain";
/**
 * The live state of what is on screen: odds and activity per outcome, status per market, status and
 * statistics per match. Each cell subscribes to its own key, and notifications are batched into one
 * flush per frame, so a burst of odds changes re-renders only the cells whose values changed.
 */

export interface OutcomeState {
  odds: number;
  active: boolean;
}
export interface MarketState {
  status: number;
}
export interface MatchState {
  /** Absent until an update or the server's rendering says it: views then show what they rendered. */
  status?: number;
  statistics?: unknown;
}

type Listener = () => void;

export interface Scheduler {
  /** Runs `fn` once soon (a frame); the store calls it at most once per pending flush. */
  schedule(fn: () => void): void;
}

const frameScheduler: Scheduler = {
  schedule(fn) {
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => fn());
    else setTimeout(fn, 16);
  },
};

/** Markets of one type differ by specifier (totals 2.5, 3.5 …): the store keys them by both. */
export function marketIdKey(id: number | string, specifier?: string | null): string {
  return specifier ? `${id}|${specifier}` : String(id);
}

/** A match's key in the store: realtime events may name a match by a text id as well as by its number. */
export function matchKey(id: MatchId | string): string {
  return typeof id === "string" ? id : idText(id);
}

export const outcomeKey = (matchId: string, marketId: string, outcomeId: string) =>
  `${matchId}/${marketId}/${outcomeId}`;
export const marketKey = (matchId: string, marketId: string) => `${matchId}/${marketId}`;
export const jackpotKey = (jackpotId: string) => `jackpot:${jackpotId}`;
export const providerKey = (provider: string) => `provider:${provider}`;
/** Notified when a match's prices become stale (a re-read failed) or current again. */
export const staleKey = (matchId: string) => `stale:${matchId}`;
/** Notified when any provider's status changes: for views that hold picks of several providers. */
export const PROVIDERS_KEY = "providers";

export interface MarketUpdate {
  /** The market's store key (marketIdKey). */
  id: string;
  status: number;
  outcomes: { id: string; odds: number; active: boolean }[];
}

export class LiveStore {
  private readonly outcomes = new Map<string, OutcomeState>();
  private readonly markets = new Map<string, MarketState>();
  private readonly matches = new Map<string, MatchState>();
  /** Jackpot pools (every level together) by `jackpotKey`. */
  private readonly pools = new Map<string, number>();
  /** Whether each odds provider is up, by `providerKey`, as `provider_status_changed` last said. */
  private readonly providers = new Map<string, boolean>();
  /** Matches whose prices may be out of date: a re-read after lost updates failed (by `staleKey`). */
  private readonly stale = new Map<string, true>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly dirty = new Set<string>();
  private pending = false;

  constructor(private readonly scheduler: Scheduler = frameScheduler) {}

  subscribe(key: string, l: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(l);
    return () => {
      set.delete(l);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  outcome(key: string): OutcomeState | undefined {
    return this.outcomes.get(key);
  }
  market(key: string): MarketState | undefined {
    return this.markets.get(key);
  }
  match(id: string): MatchState | undefined {
    return this.matches.get(id);
  }

  pool(jackpotId: string): number | undefined {
    return this.pools.get(jackpotKey(jackpotId));
  }

  /** A jackpot's pool as `tournament_pool_changed` tells it. */
  applyPool(jackpotId: string, amount: number): void {
    if (this.pools.get(jackpotKey(jackpotId)) !== amount) this.set(this.pools, jackpotKey(jackpotId), amount);
  }

  /** Whether a provider is up; undefined until the feed says otherwise (a provider is up by default). */
  providerUp(provider: string): boolean | undefined {
    return this.providers.get(providerKey(provider));
  }

  /** Every provider status the feed has announced since the page loaded. */
  providerStatuses(): Record<string, boolean> {
    const out: Record<string, boolean> = {};
    for (const [key, up] of this.providers) out[key.slice(providerKey("").length)] = up;
    return out;
  }

  /** A provider's status as `provider_status_changed` tells it (SPEC §4). */
  applyProviderStatus(provider: string, up: boolean): void {
    if (this.providers.get(providerKey(provider)) === up) return;
    this.set(this.providers, providerKey(provider), up);
    this.touch(PROVIDERS_KEY);
  }

  /** True while the match's prices may be out of date, until a re-read succeeds. */
  isStale(matchId: string): boolean {
    return this.stale.has(staleKey(matchId));
  }

  /** Marks the match's prices stale (lost updates could not be read again) or current. */
  setStale(matchId: string, stale: boolean): void {
    const key = staleKey(matchId);
    if (this.stale.has(key) === stale) return;
    if (stale) this.set(this.stale, key, true);
    else {
      this.stale.delete(key);
      this.touch(key);
    }
  }

  /** Seeds values rendered by the server without notifying anyone (they are already on screen). */
  seedOutcome(key: string, state: OutcomeState): void {
    if (!this.outcomes.has(key)) this.outcomes.set(key, state);
  }
  seedMarket(key: string, state: MarketState): void {
    if (!this.markets.has(key)) this.markets.set(key, state);
  }
  seedMatch(id: string, state: MatchState): void {
    if (!this.matches.has(id)) this.matches.set(id, state);
  }

  /** Applies changed markets of a match; unchanged odds keep their object so nothing re-renders. */
  applyMarkets(matchId: string, markets: readonly MarketUpdate[]): void {
    for (const m of markets) {
      const mk = marketKey(matchId, m.id);
      const prevM = this.markets.get(mk);
      if (!prevM || prevM.status !== m.status) this.set(this.markets, mk, { status: m.status });
      for (const o of m.outcomes) {
        const ok = outcomeKey(matchId, m.id, o.id);
        const prev = this.outcomes.get(ok);
        if (!prev || prev.odds !== o.odds || prev.active !== o.active)
          this.set(this.outcomes, ok, { odds: o.odds, active: o.active });
      }
    }
  }

  /** Applies a match's status and statistics; equal statistics keep the previous object. */
  applyMatch(matchId: string, patch: { status?: number; statistics?: unknown }): void {
    const prev = this.matches.get(matchId);
    const status = mergeMatchStatus(prev?.status, patch.status);
    const statistics =
      patch.statistics === undefined || sameJson(prev?.statistics, patch.statistics)
        ? prev?.statistics
        : patch.statistics;
    if (prev && prev.status === status && prev.statistics === statistics) return;
    this.set(this.matches, matchId, {
      ...(status !== undefined ? { status } : {}),
      ...(statistics !== undefined ? { statistics } : {}),
    });
  }

  private set<T>(map: Map<string, T>, key: string, value: T): void {
    map.set(key, value);
    this.touch(key);
  }

  private touch(key: string): void {
    if (!this.listeners.has(key)) return;
    this.dirty.add(key);
    if (!this.pending) {
      this.pending = true;
      this.scheduler.schedule(() => this.flush());
    }
  }

  /** Notifies the listeners of every key changed since the last flush. */
  flush(): void {
    this.pending = false;
    const keys = [...this.dirty];
    this.dirty.clear();
    for (const k of keys) for (const l of this.listeners.get(k) ?? []) l();
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    // not serialisable (a cycle): treat as changed
    return false;
  }
}
