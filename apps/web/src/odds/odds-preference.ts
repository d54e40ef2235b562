import { ODDS_FORMATS, type OddsFormat } from "@sportsbook/domain";

export { ODDS_FORMATS, type OddsFormat };

export const ODDS_COOKIE = "odds_type";
const LOCAL_KEY = "activeOddsType";
const SESSION_KEY = "oddsType";

export function isOddsFormat(v: unknown): v is OddsFormat {
  return typeof v === "string" && (ODDS_FORMATS as readonly string[]).includes(v);
}

/** SPEC §3: activeOddsType is persisted locally (and kept for the session); a cookie lets the server render it. */
export function persistOddsFormat(
  format: OddsFormat,
  w: Pick<Window, "localStorage" | "sessionStorage" | "document">,
): void {
  w.localStorage.setItem(LOCAL_KEY, format);
  w.sessionStorage.setItem(SESSION_KEY, format);
  w.document.cookie = `${ODDS_COOKIE}=${format}; Max-Age=31536000; Path=/; SameSite=Lax`;
}

export function storedOddsFormat(w: Pick<Window, "localStorage" | "sessionStorage">): OddsFormat | undefined {
  const v = w.sessionStorage.getItem(SESSION_KEY) ?? w.localStorage.getItem(LOCAL_KEY);
  return isOddsFormat(v) ? v : undefined;
}
