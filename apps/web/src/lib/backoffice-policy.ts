/** The back office's pages: outside the locale segment, with their own, stricter policy. */
const BACKOFFICE_PATH = "/backoffice";

export function isBackofficePath(pathname: string): boolean {
  return pathname === BACKOFFICE_PATH || pathname.startsWith(`${BACKOFFICE_PATH}/`);
}

/**
 * The back office's Content-Security-Policy: stricter than the player pages' — no images or frames
 * from elsewhere (its frames show this site's own pages), connections to this origin only, never framed (the player pages may be framed by
 * a host platform; staff screens never are).
 */
export function backofficePolicy(nonce: string, options: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // the Content desk previews the site's own pages in a frame; nothing from elsewhere
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every back-office page answers with besides its policy. */
export const BACKOFFICE_HEADERS: Readonly<Record<string, string>> = {
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};
