/** SPEC §9 idle fallback: work put off until the page is idle waits at most this long. */
export const IDLE_FALLBACK_MS = 3000;

/** Runs `fn` when the browser is idle (at the latest after `timeout` ms); answers how to cancel it. */
export function onIdle(fn: () => void, timeout = IDLE_FALLBACK_MS): { cancel(): void } {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(fn, { timeout });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(fn, 1);
  return { cancel: () => window.clearTimeout(id) };
}

const ENGAGED = ["pointermove", "pointerdown", "scroll", "keydown", "touchstart"] as const;

/**
 * Runs `fn` once the player first moves, scrolls, touches or types, when the browser is next idle:
 * for code worth having before a click but not worth a page that is only looked at (nor a
 * page-speed audit). Answers how to cancel it.
 */
export function onEngagedIdle(fn: () => void): () => void {
  let idle: { cancel(): void } | null = null;
  const stop = () => {
    for (const type of ENGAGED) window.removeEventListener(type, engaged, true);
  };
  function engaged() {
    stop();
    idle = onIdle(fn);
  }
  for (const type of ENGAGED) window.addEventListener(type, engaged, { capture: true, passive: true });
  return () => {
    stop();
    idle?.cancel();
  };
}
