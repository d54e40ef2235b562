/**
 * The session of a frame that cannot keep cookies: a host platform on another site, without
 * partitioned cookies, hands its player over with `keep: "header"` and the frame keeps the session
 * token in its own session storage (partitioned under the host's site, gone with the tab) and sends
 * it as `Authorization: Bearer`.
 */
const KEY = "sb.frameSession";
const INIT_PAGE = /^\/(?:[^/]+\/)?init-sportsbook\/?$/;

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    // storage refused (a browser setting): the frame has no session of its own
    return undefined;
  }
}

export function frameSessionToken(): string | undefined {
  return storage()?.getItem(KEY) ?? undefined;
}

export function keepFrameSession(token: string): void {
  storage()?.setItem(KEY, token);
}

export function dropFrameSession(): void {
  storage()?.removeItem(KEY);
}

/** The headers that carry the frame's own session, when it has one. */
export function frameSessionHeaders(): Record<string, string> {
  const token = frameSessionToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * The host's entry page (`/init-sportsbook`) is about to trade a token for a new session, which
 * revokes the one the browser carried: nothing may start with the old one meanwhile, or its calls
 * answer 401 and the page signs the player out under the handover.
 */
export function handingOver(
  pathname: string = typeof window === "undefined" ? "" : window.location.pathname,
): boolean {
  return INIT_PAGE.test(pathname);
}
