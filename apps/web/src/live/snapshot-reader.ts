import { applySnapshot } from "./apply-event";
import type { LiveStore } from "./live-store";
import type { WireCheck } from "./wire-check";

/** How long a failed re-read waits before the next try: doubling from `first` up to `max`. */
export const SNAPSHOT_RETRY = { first: 1000, max: 20000 } as const;

export interface SnapshotReaderOptions {
  fetchImpl: typeof fetch;
  /** Reads the answer against its schema. */
  check: WireCheck["check"];
  store: LiveStore;
  locale: string;
  /** Whether a match is still on screen: one that is not is not read again. */
  watched(matchId: string): boolean;
  /** Where a failed re-read goes (the page's error reporter). */
  report(during: string, error: unknown): void;
  /**
   * Runs `fn` (the retry, settled when its read is) after `ms`; returns the function that cancels
   * it (injected so tests need no clock).
   */
  schedule(fn: () => Promise<void>, ms: number): () => void;
}

export interface SnapshotReader {
  /** Reads the matches' current state again, after updates to them were lost. */
  read(matchIds: readonly string[]): Promise<void>;
  /** Cancels the retries still waiting. */
  stop(): void;
}

/**
 * Reads matches again when their channel's history could not be recovered after a reconnect. A
 * read that fails leaves the prices on screen out of date: it is reported, the matches are marked
 * stale (the page shows it) and the read is tried again, less often each time, until it succeeds
 * or the matches leave the screen.
 */
export function createSnapshotReader(o: SnapshotReaderOptions): SnapshotReader {
  const waiting = new Set<() => void>();

  const fetchSnapshots = async (ids: readonly string[]) => {
    const res = await o.fetchImpl(
      `/api/matches?id=${ids.map(encodeURIComponent).join(",")}&limit=${ids.length}`,
      { headers: { "accept-language": o.locale }, credentials: "include" },
    );
    if (!res.ok) throw new Error(`GET /api/matches answered ${res.status}`);
    const parsed = await o.check("snapshots", await res.json());
    if (!parsed.ok) throw new Error(`GET /api/matches answered an unreadable body: ${parsed.error}`);
    return parsed.value.data;
  };

  const attempt = async (ids: readonly string[], delay: number): Promise<void> => {
    const current = ids.filter((id) => o.watched(id));
    if (current.length === 0) return;
    try {
      for (const m of await fetchSnapshots(current)) applySnapshot(o.store, m);
      for (const id of current) o.store.setStale(id, false);
    } catch (error) {
      for (const id of current) o.store.setStale(id, true);
      o.report("reading the matches again after lost updates", error);
      let cancel = (): void => undefined;
      cancel = o.schedule(() => {
        waiting.delete(cancel);
        return attempt(current, Math.min(delay * 2, SNAPSHOT_RETRY.max));
      }, delay);
      waiting.add(cancel);
    }
  };

  return {
    read: (ids) => attempt(ids, SNAPSHOT_RETRY.first),
    stop() {
      for (const cancel of waiting) cancel();
      waiting.clear();
    },
  };
}
