import { randomUUID } from "node:crypto";
import { MARKET_STATUS, MATCH_STATUS } from "@sportsbook/domain";
import type pg from "pg";

/** An open outcome of a prematch match, as the database has it now. */
export interface Selection {
  match_id: number;
  market_id: number;
  specifier: string;
  outcome_id: string;
  odds: number;
}

/** Prematch selections to bet on, read again every second by `refresh`. */
export function selectionSource(sql: pg.Client) {
  let current: Selection[] = [];
  let index = 0;
  return {
    async refresh(): Promise<number> {
      const r = await sql.query<Selection & { match_id: string }>(
        `select m.id as match_id, mk.market_id, mk.specifier, o.outcome_id, o.odds
         from matches m join markets mk on mk.match_id = m.id join outcomes o on o.market_row_id = mk.id
         where m.status = $1 and mk.status = $2 and o.active and o.odds between 1100 and 20000
           and m.start_time > now() + interval '2 minutes'
         order by m.id, mk.market_id, o.outcome_id limit 200`,
        [MATCH_STATUS.prematch, MARKET_STATUS.allowed],
      );
      current = r.rows.map((row) => ({ ...row, match_id: Number(row.match_id) }));
      return current.length;
    },
    next(): Selection | undefined {
      if (current.length === 0) return undefined;
      index = (index + 1) % current.length;
      return current[index];
    },
  };
}

export interface Tally {
  /** Bets the API confirmed (200), by id: each must exist exactly once. */
  acknowledged: Set<number>;
  /** Answers that refused the bet for a reason of the book (odds moved, a market closed). */
  refused: number;
  /** Those refusals by error code. */
  refusedBy: Map<string, number>;
  /** Requests that got no answer or a 5xx on their first try (retried with the same key). */
  firstTryFailures: number;
  /** Requests answered only after retrying. */
  retried: number;
  /** Requests given up on: never answered within the retry budget. */
  abandoned: number;
}

export const newTally = (): Tally => ({
  acknowledged: new Set(),
  refused: 0,
  refusedBy: new Map(),
  firstTryFailures: 0,
  retried: 0,
  abandoned: 0,
});

/** A player's session through the load balancer: the demo player signed in, cookie and CSRF token kept. */
export async function demoSession(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/demo/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (res.status !== 200) throw new Error(`demo sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const body = (await res.json()) as { data: { csrf_token: string } };
  return { cookie, "x-csrf-token": body.data.csrf_token, "content-type": "application/json" };
}

const failed = (status: number) => status >= 500;
/** The status a request that got no answer (reset, refused, timed out) is recorded with. */
const NO_ANSWER = 0;

/**
 * Places one single bet with an Idempotency-Key, retrying with the same key until it is answered
 * (a node may die holding it): the key makes the retry return the first answer, never a second bet.
 */
export async function placeOnce(
  url: string,
  headers: Record<string, string>,
  s: Selection,
  stake: number,
  tally: Tally,
  budgetMs = 30_000,
): Promise<void> {
  const key = randomUUID();
  const body = JSON.stringify({
    meta: { device_id: "cluster-load" },
    bets: [{ type: "single", stake: { value: stake, currency: "EUR" }, selections: [s] }],
  });
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt += 1) {
    let status = NO_ANSWER;
    let answer: unknown;
    try {
      const res = await fetch(`${url}/api/bets`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": key },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      // an answer that is not JSON is recorded by its status alone
      answer = await res.json().catch(() => undefined);
    } catch {
      status = NO_ANSWER; // no answer: connection reset or timed out; retried below with the same key
    }
    if (status !== NO_ANSWER && !failed(status)) {
      if (attempt > 0) tally.retried += 1;
      const data = (answer as { data?: { id: number }[] } | undefined)?.data;
      if (status === 200 && Array.isArray(data)) for (const b of data) tally.acknowledged.add(b.id);
      else {
        tally.refused += 1;
        const a = answer as { code?: string; data?: { errors_by_bet?: Record<string, { code?: string }> } };
        const code = String(a?.data?.errors_by_bet?.["0"]?.code ?? a?.code ?? status);
        tally.refusedBy.set(code, (tally.refusedBy.get(code) ?? 0) + 1);
      }
      return;
    }
    if (attempt === 0) tally.firstTryFailures += 1;
    if (Date.now() > deadline) {
      tally.abandoned += 1;
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Reads through the load balancer; counts every read that got no answer or a 5xx. */
export async function readOnce(url: string, tally: { reads: number; failedReads: number }): Promise<void> {
  tally.reads += 1;
  try {
    const res = await fetch(`${url}/api/sports`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    if (failed(res.status)) tally.failedReads += 1;
  } catch {
    tally.failedReads += 1;
  }
}

/**
 * A player of its own with a funded balance, as a real one gets there: signs up, confirms the
 * e-mail address with the link's token (read from the outbox), signs in and deposits through the
 * demo payment provider. Bettors of their own each debit their own balance row, as a crowd does.
 */
export async function fundedPlayer(
  url: string,
  sql: pg.Client,
  email: string,
  amount: number,
): Promise<Record<string, string>> {
  const password = `Cluster-${randomUUID()}`;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  await post("/api/player/sign-up", { email, password, terms_accepted: true, date_of_birth: "1990-04-12" });
  const mail = await sql.query<{ body: string }>(
    "select body from outbox where recipient = $1 and template = 'confirm_email' order by id desc limit 1",
    [email],
  );
  const token = /confirmation_token=([A-Za-z0-9_-]+)/.exec(mail.rows[0]?.body ?? "")?.[1];
  if (!token) throw new Error(`no confirmation link for ${email} in the outbox`);
  await post("/api/player/confirmation", { token });
  const signedIn = await post("/api/player/sign-in", { email, password });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { data } = (await signedIn.json()) as { data: { csrf_token: string } };
  const headers = { cookie, "x-csrf-token": data.csrf_token, "content-type": "application/json" };
  await post("/api/player/deposits", { currency: "EUR", amount }, headers);
  return headers;
}
