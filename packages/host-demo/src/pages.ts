import { escapeHtml } from "@sportsbook/contracts/html";

/** Languages the host offers; the frame follows the host's choice through `change_locale`. */
export const HOST_LOCALES = ["en", "de", "es", "pt-BR", "tr", "ar"] as const;

interface Shell {
  title: string;
  player: string | undefined;
  body: string;
}

function page({ title, player, body }: Shell): string {
  const account = player
    ? `<span class="who">${escapeHtml(player)}</span>
<span class="balance" data-host-balance aria-live="polite">–</span>
<form method="post" action="/sign-out"><button type="submit">Sign out</button></form>`
    : `<a class="button" href="/sign-in" data-host-sign-in>Sign in</a>`;
  const languages = HOST_LOCALES.map((l) => `<option value="${l}">${l}</option>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Demo Casino</title><link rel="stylesheet" href="/host.css"></head>
<body><header class="host-header"><a class="brand" href="/">Demo Casino</a>
<nav><a href="/">Sports</a></nav>
<label class="language">Language <select data-host-language>${languages}</select></label>
<div class="account">${account}</div></header>
<main>${body}</main><script src="/host.js"></script></body></html>`;
}

/** The casino's sports page: the sportsbook in a frame the host keeps as tall as its page. */
export function sportsPage(opts: { player: string | undefined; frameUrl: string; notice?: string }): string {
  const notice = opts.notice ? `<p class="notice" role="alert">${escapeHtml(opts.notice)}</p>` : "";
  return page({
    title: "Sports",
    player: opts.player,
    body: `${notice}<iframe id="sportsbook" title="Sportsbook" src="${escapeHtml(opts.frameUrl)}" data-sportsbook-origin="${escapeHtml(new URL(opts.frameUrl).origin)}"></iframe>`,
  });
}

/** The platform's own sign-in and sign-up page: the sportsbook sends its players here when framed. */
export function signInPage(opts: {
  mode: "sign-in" | "sign-up";
  back: string;
  error?: string;
  email?: string;
}): string {
  const signUp = opts.mode === "sign-up";
  const error = opts.error ? `<p class="notice" role="alert">${escapeHtml(opts.error)}</p>` : "";
  const other = signUp
    ? `<p>Have an account? <a href="/sign-in?return=${encodeURIComponent(opts.back)}">Sign in</a></p>`
    : `<p>New here? <a href="/sign-in?mode=sign-up&amp;return=${encodeURIComponent(opts.back)}">Open an account</a></p>`;
  return page({
    title: signUp ? "Open an account" : "Sign in",
    player: undefined,
    body: `<section class="card"><h1>${signUp ? "Open an account" : "Sign in"}</h1>${error}
<form method="post" action="/sign-in" data-host-form="${opts.mode}">
<input type="hidden" name="mode" value="${opts.mode}">
<input type="hidden" name="return" value="${escapeHtml(opts.back)}">
<label>E-mail <input name="email" type="email" required autocomplete="email" value="${escapeHtml(opts.email ?? "")}"></label>
<label>Password <input name="password" type="password" required minlength="8" autocomplete="${signUp ? "new-password" : "current-password"}"></label>
<button type="submit">${signUp ? "Open the account" : "Sign in"}</button></form>${other}</section>`,
  });
}
