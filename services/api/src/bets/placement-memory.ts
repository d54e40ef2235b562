import { LRUCache } from "lru-cache";
import {
  type PlacementContext,
  type PlacementSession,
  type SelectionKey,
  type SelectionState,
  selectionKey,
} from "./placement-inputs.js";

/** What a placement read about its session, kept for the session's next placement. */
interface RememberedSession {
  session: PlacementSession;
  accounts: Map<string, { id: number; balance: number }>;
  mode: string | null;
}

/** How long a remembered read may serve: it is confirmed by the write whatever its age. */
const TTL_MS = 60_000;

/**
 * The state the last placements read, so the next placement of the same session on the same
 * selections can decide without reading it again and have the write confirm it instead
 * (`place_bet_with_stake` given that state): one round trip instead of two. Nothing remembered is
 * trusted: a placement decided on it is written only if the database still agrees, and is decided
 * again on fresh state otherwise. The TTL bounds how stale the names in an answer can be.
 *
 * Only sessions without limits in force are remembered: their stakes are checked under the
 * player's lock in a transaction, which reads anyway.
 */
export class PlacementMemory {
  private readonly sessions: LRUCache<string, RememberedSession>;
  private readonly selections: LRUCache<string, SelectionState>;

  constructor(now: () => Date) {
    const clock = { now: () => now().getTime() };
    this.sessions = new LRUCache({ max: 10_000, ttl: TTL_MS, perf: clock });
    this.selections = new LRUCache({ max: 50_000, ttl: TTL_MS, perf: clock });
  }

  /** Keeps what a placement read for its session and selections, in the answer's language. */
  remember(tokenHash: string, context: PlacementContext, locale: string): void {
    // limits and a risk profile are decided on fresh reads only (and confirmed absent when written)
    if (!context.session || context.limited || context.risk) return;
    this.sessions.set(tokenHash, {
      session: context.session,
      accounts: context.accounts,
      mode: context.mode,
    });
    for (const [key, state] of context.states) this.selections.set(`${locale}|${key}`, state);
  }

  /** The remembered context for these selections, or undefined unless all of it is remembered. */
  recall(
    tokenHash: string,
    keys: SelectionKey[],
    locale: string,
  ): (PlacementContext & { session: PlacementSession }) | undefined {
    const remembered = this.sessions.get(tokenHash);
    if (!remembered) return undefined;
    const states = new Map<string, SelectionState>();
    for (const key of keys) {
      const id = selectionKey(key);
      const state = this.selections.get(`${locale}|${id}`);
      if (!state) return undefined;
      states.set(id, state);
    }
    return { ...remembered, limited: false, risk: null, states };
  }

  forget(tokenHash: string): void {
    this.sessions.delete(tokenHash);
  }
}
