// Request headers the proxy sets for the page server: not-found pages get no route parameters, and
// layouts no query, so both travel as headers (set by the proxy, never taken from the client).

/** The page's locale. */
export const LOCALE_HEADER = "x-sb-locale";
/** The page URL's query string, with its leading "?" (empty when there is none). */
export const SEARCH_HEADER = "x-sb-search";
/** "1" when this request runs in mobile-app mode (chosen by URL or remembered in a cookie). */
export const MOBILE_APP_HEADER = "x-sb-mobile-app";
