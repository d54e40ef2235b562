/** Timers the slip's reads wait on; tests hand in fake ones instead of sleeping. */
export interface SlipClock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What `followSlip` watches: anything that tells its listeners when it changed. */
export interface Followed {
  subscribe(listener: () => void): () => void;
}

/**
 * Reads what the server says about the slip a moment after the part of it `snapshot` picks last
 * changed (typing a stake changes it at every key), and once at the start. `read` gets the sent
 * snapshot and a check that it is still the slip's (an answer for an older slip is dropped).
 * Returns the stop.
 */
export function followSlip<T>(
  store: Followed,
  snapshot: () => T,
  read: (sent: T, stillCurrent: () => boolean) => void,
  delayMs: number,
  clock: SlipClock,
): () => void {
  let stopped = false;
  let key = "";
  let timer: unknown;
  const ask = () => {
    const sent = snapshot();
    const sentKey = JSON.stringify(sent);
    read(sent, () => !stopped && JSON.stringify(snapshot()) === sentKey);
  };
  const follow = () => {
    const next = JSON.stringify(snapshot());
    if (next === key) return;
    key = next;
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = clock.setTimeout(ask, delayMs);
  };
  follow();
  const unsubscribe = store.subscribe(follow);
  return () => {
    stopped = true;
    if (timer !== undefined) clock.clearTimeout(timer);
    unsubscribe();
  };
}
