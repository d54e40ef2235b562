/** Same-origin API calls from the browser: cookies sent, CSRF token echoed on state-changing calls. */
export const CSRF_COOKIE = "sb_csrf";

export function csrfToken(cookie: string): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([^;]+)`).exec(cookie);
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

export function apiFetch(path: string, init: RequestInit & { locale?: string } = {}): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  if (init.locale) headers.set("accept-language", init.locale);
  if (method !== "GET" && method !== "HEAD") {
    const token = csrfToken(document.cookie);
    if (token) headers.set("x-csrf-token", token);
  }
  return fetch(`/api${path}`, { ...init, method, headers, credentials: "include" });
}
