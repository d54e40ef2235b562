import { errorResponseSchema } from "@sportsbook/contracts/errors";
import { betsResponseSchema, cashoutResponseSchema, type PlacedBet } from "@sportsbook/contracts/http/bets";
import { apiFetch, jsonBody } from "../../lib/client-api";

/** SPEC §9: bets are read 500 at a time. */
const BETS_PAGE_SIZE = 500;

/** Every bet of the player (SPEC §7 GET /bets: all pages until the last). */
export async function fetchAllBets(locale: string): Promise<PlacedBet[]> {
  const all: PlacedBet[] = [];
  for (let page = 1; ; page++) {
    const res = await apiFetch(`/bets?status=all&limit=${BETS_PAGE_SIZE}&page=${page}`, { locale });
    if (!res.ok) throw new Error(`GET /bets answered ${res.status}`);
    const body = betsResponseSchema.parse(await res.json());
    all.push(...body.data);
    if (page >= body.pagination.last_page) return all;
  }
}

export type CashoutResult =
  | { ok: true; bet: PlacedBet; paid: number }
  | { ok: false; reason: "changed"; value: number }
  | { ok: false; reason: "unavailable" | "failed"; message?: string };

/**
 * Cashes out a bet for `amount` (all of it when the amount is its whole value). A value that moved
 * meanwhile is never paid at the old price: the server refuses and names the new one.
 */
export async function cashout(betId: number, amount: number, locale: string): Promise<CashoutResult> {
  const res = await apiFetch("/bets/cashout", {
    method: "POST",
    locale,
    ...jsonBody({ bet_id: betId, to_cashout: amount }),
    headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
  });
  // an answer that is not JSON is no body: the schema check below refuses it
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = cashoutResponseSchema.parse(body);
    return { ok: true, bet: parsed.data, paid: parsed.paid.value };
  }
  const error = errorResponseSchema.safeParse(body);
  if (error.success && error.data.error === "cashoutValueChanged") {
    const value = (error.data.data.extra?.to_cashout as { value?: unknown } | undefined)?.value;
    if (typeof value === "number") return { ok: false, reason: "changed", value };
  }
  if (error.success && error.data.error === "cashoutUnavailable") {
    return { ok: false, reason: "unavailable", message: error.data.data.localized_message };
  }
  return {
    ok: false,
    reason: "failed",
    ...(error.success ? { message: error.data.data.localized_message } : {}),
  };
}
