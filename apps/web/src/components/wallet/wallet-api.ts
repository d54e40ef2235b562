import {
  checkoutResponseSchema,
  type Payment,
  paymentResponseSchema,
  paymentsResponseSchema,
  transactionsResponseSchema,
} from "@sportsbook/contracts/http/payments";
import { type Refusal, refusal } from "../../lib/api-refusal";
import { apiFetch, jsonBody } from "../../lib/client-api";
import { fetchLimits } from "../limits/limits-api";

/**
 * Opens a deposit at the payment provider (SPEC §7 deposit); the caller sends the player to
 * `checkoutUrl`, from where the provider brings them back to `returnPath`.
 */
export async function openCheckout(
  input: { amount: number; currency: string; returnPath: string },
  locale: string,
  fallback: string,
): Promise<{ ok: true; checkoutUrl: string; payment: Payment } | Refusal> {
  const res = await apiFetch("/player/deposits/checkout", {
    method: "POST",
    locale,
    ...jsonBody({ amount: input.amount, currency: input.currency, return_path: input.returnPath }),
  });
  if (!res.ok) return refusal(res, fallback);
  const { data } = checkoutResponseSchema.parse(await res.json());
  return { ok: true, checkoutUrl: data.checkout_url, payment: data.payment };
}

export async function fetchPayment(id: number, locale: string): Promise<Payment> {
  const res = await apiFetch(`/player/payments/${id}`, { locale });
  if (!res.ok) throw new Error(`GET /player/payments/${id} answered ${res.status}`);
  return paymentResponseSchema.parse(await res.json()).data;
}

export async function fetchPayments(locale: string, limit = 20) {
  const res = await apiFetch(`/player/payments?limit=${limit}`, { locale });
  if (!res.ok) throw new Error(`GET /player/payments answered ${res.status}`);
  return paymentsResponseSchema.parse(await res.json()).data;
}

export async function requestWithdrawal(
  input: { amount: number; currency: string },
  locale: string,
  fallback: string,
): Promise<{ ok: true; payment: Payment } | Refusal> {
  const res = await apiFetch("/player/withdrawals", { method: "POST", locale, ...jsonBody(input) });
  if (!res.ok) return refusal(res, fallback);
  return { ok: true, payment: paymentResponseSchema.parse(await res.json()).data };
}

export async function cancelWithdrawal(
  id: number,
  locale: string,
  fallback: string,
): Promise<{ ok: true; payment: Payment } | Refusal> {
  const res = await apiFetch(`/player/withdrawals/${id}/cancel`, { method: "POST", locale });
  if (!res.ok) return refusal(res, fallback);
  return { ok: true, payment: paymentResponseSchema.parse(await res.json()).data };
}

export async function fetchTransactions(page: number, locale: string) {
  const res = await apiFetch(`/player/transactions?page=${page}&limit=20`, { locale });
  if (!res.ok) throw new Error(`GET /player/transactions answered ${res.status}`);
  return transactionsResponseSchema.parse(await res.json());
}

/** The deposit limit in force, if the player set one (shown beside the deposit form). */
export async function fetchDepositLimit(locale: string) {
  return (await fetchLimits(locale)).find(
    (l) => l.type === "deposit" && l.status === "active" && l.value !== null,
  );
}
