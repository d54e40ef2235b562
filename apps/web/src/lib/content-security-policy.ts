import type { ContentSources } from "./content-sources";

/** Request header carrying the page's nonce to server components (inline scripts of our own). */
export const NONCE_HEADER = "x-nonce";

/**
 * The pages' Content-Security-Policy: scripts only with this response's nonce (Next.js puts it on its
 * own scripts when it finds it in the request's policy; what they load follows by strict-dynamic),
 * no plugins, no <base> tricks, forms posting only here, connections to this origin (API and
 * realtime socket; 'self' covers ws: and wss: of this host) and the configured hosts only, images
 * and frames from this origin and the configured hosts only, workers (the push service worker) from
 * this origin. Styles allow inline attributes, which
 * React's style props produce.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { dev?: boolean; frameAncestors?: readonly string[]; sources?: Partial<ContentSources> } = {},
): string {
  const dev = options.dev ?? false;
  const listOf = (base: string, extra: readonly string[] | undefined) => [base, ...(extra ?? [])].join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${listOf("'self' data: blob:", options.sources?.img)}`,
    "font-src 'self' data:",
    `connect-src ${listOf("'self'", options.sources?.connect)}`,
    `frame-src ${listOf("'self'", options.sources?.frame)}`,
    // the push service worker (/sw.js): script-src's 'strict-dynamic' ignores 'self', so name it here
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // Only this site and the host platform's origins may frame it (no clickjacking elsewhere).
    `frame-ancestors ${["'self'", ...(options.frameAncestors ?? [])].join(" ")}`,
  ].join("; ");
}
