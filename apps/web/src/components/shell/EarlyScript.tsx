/**
 * A fixed script of the page's own, run as the browser parses it: before the first paint and before
 * the page's code, for what only the browser knows (a frame, its storage) and must not flash in. The
 * page's nonce lets it past the Content-Security-Policy; the browser hides a nonce from the DOM after
 * load, so hydration sees it empty.
 */
export function EarlyScript({ code, nonce }: { code: string; nonce?: string | undefined }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: callers pass fixed code; values in it are quoted as JSON.
      dangerouslySetInnerHTML={{ __html: code }}
    />
  );
}
