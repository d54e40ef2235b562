import { apiFetch, jsonBody } from "./client-api";
import { reportFailure } from "./error-reporter";
import { type LocaleUrlConfig, switchLocaleUrl } from "./locale-url";

/**
 * Switches the page to another locale (SPEC §2): remembered in the cookie and local storage, saved
 * as a signed-in player's preference (which e-mails follow), then a full navigation, since lang,
 * dir and every server-rendered text change with it.
 */
export function switchLocale(to: string, config: LocaleUrlConfig, signedIn: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the locale preference is a cookie (SPEC §3 storage).
  document.cookie = `locale=${to}; Max-Age=31536000; Path=/; SameSite=Lax`;
  window.localStorage.setItem("locale", to);
  // kept alive across the navigation
  if (signedIn)
    apiFetch("/player/locale", { method: "PUT", keepalive: true, ...jsonBody({ locale: to }) }).catch(
      (err: unknown) => reportFailure("saving the locale preference", err),
    );
  window.location.assign(switchLocaleUrl(window.location, to, config));
}
