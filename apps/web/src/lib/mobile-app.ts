/**
 * Mobile-app mode (SPEC §1, §6): the site inside an operator's native app, whose own chrome and
 * consent apply. A link selects it with `?mobileApp=1` (and leaves it with `?mobileApp=0`); the
 * choice is remembered for the browsing session in a cookie. Settings may also set it for every visit.
 */
export const MOBILE_APP_PARAM = "mobileApp";
export const MOBILE_APP_COOKIE = "sb_mobile_app";

const ON = new Set(["1", "true"]);
const OFF = new Set(["0", "false"]);

/** Whether this request is in mobile-app mode, and the cookie value to remember when the URL chose. */
export function mobileAppChoice(
  param: string | null,
  cookie: string | undefined,
): { on: boolean; remember: "1" | "0" | undefined } {
  if (param !== null && ON.has(param)) return { on: true, remember: "1" };
  if (param !== null && OFF.has(param)) return { on: false, remember: "0" };
  return { on: cookie === "1", remember: undefined };
}
