import type { BrowserContext } from "playwright-core";

/** The newest link to `path` in the development mailbox for `email`, as a path on this app. */
export async function mailedLink(base: string, email: string, path: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = (await fetch(`${base}/api/dev/mailbox/messages?recipient=${encodeURIComponent(email)}`).then(
      (r) => r.json(),
    )) as { data: { body: string }[] };
    for (const m of res.data) {
      const url = m.body.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === path);
      if (url) {
        const u = new URL(url);
        return `${u.pathname}${u.search}`;
      }
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no e-mail with a link to ${path} for ${email}`);
}

export interface TestPlayer {
  email: string;
  password: string;
}

let seq = 0;

/**
 * A new player of its own for a suite (so suites never share a balance): signed up and confirmed
 * through the API and the development mailbox, then signed in inside `context` (its cookies).
 */
export async function signedInPlayer(base: string, context: BrowserContext): Promise<TestPlayer> {
  seq += 1;
  const player = { email: `e2e${Date.now()}n${seq}@example.test`, password: "correct horse 42" };
  const api = context.request;
  const signUp = await api.post(`${base}/api/player/sign-up`, {
    data: { ...player, language: "en", terms_accepted: true, date_of_birth: "1990-04-12" },
  });
  if (!signUp.ok()) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`);
  const link = new URL(await mailedLink(base, player.email, "/users/confirmation"), base);
  const token = link.searchParams.get("confirmation_token");
  const confirmed = await api.post(`${base}/api/player/confirmation`, { data: { token } });
  if (!confirmed.ok()) throw new Error(`confirmation answered ${confirmed.status()}`);
  const signIn = await api.post(`${base}/api/player/sign-in`, { data: player });
  if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}: ${await signIn.text()}`);
  return player;
}

/** The CSRF token the API set in `context` (sent as X-CSRF-Token on state-changing calls). */
export async function csrfOf(context: BrowserContext): Promise<string> {
  const c = (await context.cookies()).find((k) => k.name === "sb_csrf");
  if (!c) throw new Error("no sb_csrf cookie: not signed in");
  return decodeURIComponent(c.value);
}

/**
 * Credits the signed-in player of `context` with `amount` minor units through the embedded payment
 * provider, the way a deposit reaches the ledger.
 */
export async function fund(base: string, context: BrowserContext, amount: number, currency = "EUR") {
  const res = await context.request.post(`${base}/api/player/deposits`, {
    headers: { "x-csrf-token": await csrfOf(context), "idempotency-key": `fund-${Date.now()}-${seq}` },
    data: { amount, currency },
  });
  if (!res.ok()) throw new Error(`deposit answered ${res.status()}: ${await res.text()}`);
}

/** A match's main market as the catalogue lists it, enough to bet on it. */
export interface MainMarketRow {
  id: number;
  main_market: {
    id: number;
    specifier: string;
    status: number;
    outcomes: { id: string; odds: number; active: boolean }[];
  } | null;
}

/**
 * Places a single of `stake` EUR minor units on the first active outcome of the match's open main
 * market through the API; the bet's id, or 0 when there is no such outcome or the bet was refused.
 */
export async function placeMainSingle(
  base: string,
  context: BrowserContext,
  m: MainMarketRow,
  stake: number,
): Promise<number> {
  const market = m.main_market;
  const outcome = market?.outcomes.find((o) => o.active);
  if (market?.status !== 1 || !outcome) return 0;
  const res = await context.request.post(`${base}/api/bets`, {
    headers: { "x-csrf-token": await csrfOf(context) },
    data: {
      bets: [
        {
          type: "single",
          stake: { value: stake, currency: "EUR" },
          selections: [
            {
              match_id: m.id,
              market_id: market.id,
              specifier: market.specifier,
              outcome_id: outcome.id,
              odds: outcome.odds,
            },
          ],
        },
      ],
    },
  });
  return res.ok() ? (((await res.json()) as { data: { id: number }[] }).data[0]?.id ?? 0) : 0;
}

/**
 * Makes the signed-in player of `context` take any new price (SPEC settings
 * `auto_accept_odds_change: any`): for suites that place bets through the API to look at what follows,
 * while the feed keeps moving the prices they read.
 */
export async function acceptAnyOdds(base: string, context: BrowserContext): Promise<void> {
  const res = await context.request.post(`${base}/api/settings`, {
    headers: { "x-csrf-token": await csrfOf(context) },
    data: { auto_accept_odds_change: "any" },
  });
  if (!res.ok()) throw new Error(`POST /settings answered ${res.status()}: ${await res.text()}`);
}

/** The newest six-digit code sent by SMS to `phone`, from the development mailbox. */
export async function smsCode(base: string, phone: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = (await fetch(`${base}/api/dev/mailbox/messages?recipient=${encodeURIComponent(phone)}`).then(
      (r) => r.json(),
    )) as { data: { body: string }[] };
    const code = res.data[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no SMS code for ${phone}`);
}
