import { escapeHtml } from "@sportsbook/contracts/html";

/** Languages the host offers; the frame follows the host's choice through `change_locale`. */
export const HOST_LOCALES = ["en", "de", "es", "pt-BR", "tr", "ar", "he"] as const;

interface Shell {
  title: string;
  player: string | undefined;
  body: string;
  /** The header's balance as this page knows it; on the sports page the frame reports it. */
  balance?: Balance | undefined;
  /** A script to load before the page's own (the sportsbook's host SDK, on the sports page). */
  script?: string;
}

function page({ title, player, body, balance, script }: Shell): string {
  const shown = balance
    ? `data-minor="${balance.balance}">${major(balance.balance, balance.subunits)} ${escapeHtml(balance.currency)}`
    : ">–";
  const account = player
    ? `<span class="who">${escapeHtml(player)}</span>
<span class="balance" data-host-balance aria-live="polite" ${shown}</span>
<a class="button" href="/profile/wallet/deposit">Deposit</a>
<form method="post" action="/sign-out"><button type="submit">Sign out</button></form>`
    : `<a class="button" href="/sign-in" data-host-sign-in>Sign in</a>`;
  const languages = HOST_LOCALES.map((l) => `<option value="${l}">${l}</option>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Demo Casino</title><link rel="stylesheet" href="/host.css"></head>
<body><header class="host-header"><a class="brand" href="/">Demo Casino</a>
<nav><a href="/">Sports</a> <a href="/assets">Assets</a></nav>
<label class="language">Language <select data-host-language>${languages}</select></label>
<div class="account">${account}</div></header>
<main>${body}</main>${script ? `<script src="${escapeHtml(script)}"></script>` : ""}<script src="/host.js"></script></body></html>`;
}

/**
 * The casino's sports page: the sportsbook in a frame, driven by the sportsbook's host SDK (`sdkUrl`),
 * which keeps it as tall as its page.
 */
export function sportsPage(opts: {
  player: string | undefined;
  frameUrl: string;
  sdkUrl: string;
  notice?: string;
}): string {
  const notice = opts.notice ? `<p class="notice" role="alert">${escapeHtml(opts.notice)}</p>` : "";
  return page({
    title: "Sports",
    player: opts.player,
    script: opts.sdkUrl,
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

export interface Balance {
  currency: string;
  balance: number;
  subunits: number;
  /** The account the player plays in now. */
  is_current?: boolean;
}

/** Minor units as the currency writes them (e.g. 1234 with 2 decimals is 12.34). */
export function major(minor: number, subunits: number): string {
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(subunits + 1, "0");
  return subunits === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -subunits)}.${digits.slice(-subunits)}`;
}

/**
 * The casino's assets page (SPEC §2): the player's balances and, at the `#deposit` anchor, the payment
 * widget. `back` is where the player returns once paid (the `redirect` the page was opened with).
 * The sportsbook may show this page in its iframe deposit modal: the payment form and the way back
 * leave the frame (`target="_top"`), as a payment provider's page refuses to be framed.
 */
export function walletPage(opts: {
  player: string;
  balances: readonly Balance[];
  back: string;
  title: "Assets" | "Deposit";
  error?: string;
}): string {
  const rows = opts.balances.length
    ? opts.balances
        .map(
          (b) =>
            `<tr data-currency="${escapeHtml(b.currency)}"><th scope="row">${escapeHtml(b.currency)}</th><td>${major(b.balance, b.subunits)}</td></tr>`,
        )
        .join("")
    : `<tr><td colspan="2">No balance yet: your first deposit opens it.</td></tr>`;
  const currencies = opts.balances.length ? opts.balances.map((b) => b.currency) : ["EUR"];
  const options = currencies
    .map((c) => `<option value="${escapeHtml(c)}">${escapeHtml(c)}</option>`)
    .join("");
  const error = opts.error ? `<p class="notice" role="alert">${escapeHtml(opts.error)}</p>` : "";
  return page({
    title: opts.title,
    player: opts.player,
    balance: opts.balances.find((b) => b.is_current) ?? opts.balances[0],
    body: `<section class="card"><h1>${opts.title}</h1>
<table class="balances" aria-label="Balances"><tbody>${rows}</tbody></table></section>
<section class="card" id="deposit"><h2>Deposit</h2>${error}
<form method="post" action="/profile/wallet/deposit" data-host-form="deposit" target="_top">
<input type="hidden" name="redirect" value="${escapeHtml(opts.back)}">
<label>Amount <input name="amount" inputmode="decimal" required pattern="\\d{1,7}([.,]\\d{1,8})?" placeholder="10.00"></label>
<label>Currency <select name="currency">${options}</select></label>
<button type="submit">Pay</button></form>
<p class="note">Payments go through the sportsbook's payment provider; the demo's sandbox charges no card.</p></section>
${opts.back === "/" ? "" : `<p><a href="${escapeHtml(opts.back)}" target="_top" data-link="back">Back to the sportsbook</a></p>`}`,
  });
}

const RESULTS = {
  success: { title: "Payment received", text: "Your deposit is on your balance." },
  failure: { title: "Payment failed", text: "The payment did not go through and nothing was charged." },
  pending: {
    title: "Payment pending",
    text: "The provider has not confirmed the payment yet; your balance follows when it does.",
  },
  support: {
    title: "Payment support",
    text: "Write to support@casino.example with the payment number, and we answer within a day.",
  },
} as const;
export type PaymentResult = keyof typeof RESULTS;
export const PAYMENT_RESULTS = Object.keys(RESULTS) as PaymentResult[];

/** The payment widget's redirect routes (SPEC §7): where the provider's page leads after paying. */
export function paymentResultPage(opts: {
  player: string | undefined;
  result: PaymentResult;
  payment: number | undefined;
  back: string;
  /** The player's balance after the payment, as the sportsbook has it. */
  balance?: Balance | undefined;
}): string {
  const r = RESULTS[opts.result];
  const reference = opts.payment ? `<p>Payment number <strong data-payment>${opts.payment}</strong></p>` : "";
  const help = opts.result === "failure" ? ` <a href="/payments/support">Contact support</a>` : "";
  return page({
    title: r.title,
    player: opts.player,
    balance: opts.balance,
    body: `<section class="card" data-payment-result="${opts.result}"><h1>${r.title}</h1><p>${r.text}</p>${reference}
<p><a class="button" href="${escapeHtml(opts.back)}">Continue</a>${help}</p></section>`,
  });
}
