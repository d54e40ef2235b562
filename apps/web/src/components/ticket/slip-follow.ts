import type { TicketStore } from "./ticket-store";

/**
 * Reads what the server says about the slip a moment after the part of it `snapshot` picks last
 * changed (typing a stake changes it at every key), and once at the start. `read` gets the sent
 * snapshot and a check that it is still the slip's (an answer for an older slip is dropped).
 * Returns the stop.
 */
export function followSlip<T>(
  store: TicketStore,
  snapshot: () => T,
  read: (sent: T, stillCurrent: () => boolean) => void,
  delayMs: number,
): () => void {
  let stopped = false;
  let key = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = () => {
    const sent = snapshot();
    const sentKey = JSON.stringify(sent);
    read(sent, () => !stopped && JSON.stringify(snapshot()) === sentKey);
  };
  const follow = () => {
    const next = JSON.stringify(snapshot());
    if (next === key) return;
    key = next;
    clearTimeout(timer);
    timer = setTimeout(ask, delayMs);
  };
  follow();
  const unsubscribe = store.subscribe(follow);
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
