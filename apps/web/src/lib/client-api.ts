import { redactSecrets, reportError } from "./error-reporter";
import { dropFrameSession, frameSessionToken } from "./frame-session";

/**
 * Same-origin API calls from the browser: cookies sent, CSRF token echoed on state-changing calls, or
 * the frame's own session token where it keeps one.
 */
export const CSRF_COOKIE = "sb_csrf";

export function csrfToken(cookie: string): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([^;]+)`).exec(cookie);
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

/** The call that answered 401, and the API's error name (`outOfLimit`: a limit ended the session). */
type UnauthorizedListener = (path: string, error: string | undefined) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Calls `listener` whenever an API call answers 401 (SPEC §8: a session that expired signs the
 * player out, whichever call noticed it). Returns the function that stops listening.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export async function apiFetch(
  path: string,
  init: RequestInit & { locale?: string } = {},
): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  if (init.locale) headers.set("accept-language", init.locale);
  const frameSession = frameSessionToken();
  if (frameSession) headers.set("authorization", `Bearer ${frameSession}`);
  else if (method !== "GET" && method !== "HEAD") {
    const token = csrfToken(document.cookie);
    if (token) headers.set("x-csrf-token", token);
  }
  const res = await fetch(`/api${path}`, { ...init, method, headers, credentials: "include" });
  // SPEC §8: a failure of the API is reported with the call and its answer attached.
  if (res.status >= 500)
    void res
      .clone()
      .text()
      .catch(() => "")
      .then((answer) =>
        reportError(new Error(`${method} /api${path} answered ${res.status}`), "api", {
          responseUrl: res.url,
          status: res.status,
          ...(typeof init.body === "string" ? { request: redactSecrets(init.body) } : {}),
          response: answer,
        }),
      );
  if (res.status === 401) {
    // the token the frame kept names a session that has ended: it is of no further use
    if (frameSession) dropFrameSession();
    // Read from a copy, so the caller can still read the answer itself.
    const body: unknown = await res
      .clone()
      .json()
      // an answer that is not JSON names no reason: the listeners hear of the 401 alone
      .catch(() => undefined);
    const error =
      body && typeof body === "object" && "error" in body && typeof body.error === "string"
        ? body.error
        : undefined;
    for (const l of unauthorizedListeners) l(path, error);
  }
  return res;
}

/** JSON body for `apiFetch`. */
export function jsonBody(body: unknown): Pick<RequestInit, "body" | "headers"> {
  return { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
}

/** Whether the page holds a session to ask the API about: the CSRF cookie, or the frame's own token. */
export function holdsSession(): boolean {
  return (
    typeof document !== "undefined" &&
    (csrfToken(document.cookie) !== undefined || frameSessionToken() !== undefined)
  );
}
