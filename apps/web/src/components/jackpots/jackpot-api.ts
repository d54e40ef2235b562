import type { jackpotHitSchema, jackpotSchema } from "@sportsbook/contracts/http/jackpots";
import type { z } from "zod";
import { apiFetch, jsonBody } from "../../lib/client-api";

/**
 * The response schemas, fetched with the first answer to read: the jackpot blocks render on the
 * server and poll later, so a page's first load carries no validation code for them.
 */
const schemas = () => import("@sportsbook/contracts/http/jackpots");

export type JackpotView = z.infer<typeof jackpotSchema>;
export type JackpotHitView = z.infer<typeof jackpotHitSchema>;

/** SPEC §7 `GET /jackpots`. */
export async function fetchJackpots(locale: string): Promise<JackpotView[]> {
  const res = await apiFetch("/jackpots", { locale });
  if (!res.ok) throw new Error(`GET /jackpots answered ${res.status}`);
  return (await schemas()).jackpotsResponseSchema.parse(await res.json()).data;
}

/** SPEC §7 `GET /jackpot-hits`. */
export async function fetchJackpotHits(
  query: Record<string, string | number | boolean>,
  locale: string,
): Promise<JackpotHitView[]> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await apiFetch(`/jackpot-hits?${search}`, { locale });
  if (!res.ok) throw new Error(`GET /jackpot-hits answered ${res.status}`);
  return (await schemas()).jackpotHitsResponseSchema.parse(await res.json()).data;
}

export async function markJackpotHitsSeen(ids: number[], locale: string): Promise<void> {
  const res = await apiFetch("/jackpot-hits/mark-as-seen", { method: "POST", locale, ...jsonBody({ ids }) });
  if (!res.ok) throw new Error(`marking jackpot hits seen answered ${res.status}`);
}

/** SPEC §7 `POST /jackpots`: per slip bet (stake, total odds, paid by a freebet), the jackpots it plays for. */
export async function fetchSlipJackpots(
  bets: readonly { stake: { value: number; currency: string }; odds: number; freebet: boolean }[],
  locale: string,
): Promise<string[][]> {
  const res = await apiFetch("/jackpots", { method: "POST", locale, ...jsonBody({ bets }) });
  if (!res.ok) throw new Error(`POST /jackpots answered ${res.status}`);
  return (await schemas()).slipJackpotsResponseSchema
    .parse(await res.json())
    .data.map((ids) => ids.map(String));
}
