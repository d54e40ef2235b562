import type { BONUS_LIST_KINDS, ratingResponseSchema } from "@sportsbook/contracts/http/bonuses";
import type { BonusKind } from "@sportsbook/domain";
import type { z } from "zod";
import { apiFetch, jsonBody } from "../../lib/client-api";
import { errorMessage } from "../../lib/error-message";
import { announceBonusesChanged } from "./bonus-events";

/**
 * The response schemas, fetched when a detail is first read: promotions render on the server (the
 * home page shows them too), so a page's first load carries no validation code for them.
 */
const schemas = () => import("@sportsbook/contracts/http/bonuses");

export type BonusCall = { ok: true } | { ok: false; message: string };

/** Calls a bonus action; a refusal comes back with the API's localized message. */
async function call(path: string, locale: string, body: unknown, fallback: string): Promise<BonusCall> {
  // the network failing is no answer: the player is shown the fallback message
  const res = await apiFetch(path, { method: "POST", locale, ...jsonBody(body) }).catch(() => null);
  if (res?.ok) return { ok: true };
  // no answer, or one that is not JSON, carries no message: the fallback is shown
  return { ok: false, message: errorMessage(await res?.json().catch(() => null), fallback) };
}

/** Calls an action that changes the player's bonuses, and says so when it did. */
async function change(path: string, locale: string, body: unknown, fallback: string): Promise<BonusCall> {
  const answer = await call(path, locale, body, fallback);
  if (answer.ok) announceBonusesChanged();
  return answer;
}

export const activateBonus = (id: number, locale: string, fallback: string) =>
  change(`/bonuses/${id}/activate`, locale, {}, fallback);

/** SPEC §7 `POST /bonuses/{id}/boost`: spends hunting or lootbox points on a freebet's stake. */
export const boostFreebet = (id: number, locale: string, fallback: string) =>
  change(`/bonuses/${id}/boost`, locale, {}, fallback);

export const redeemPromoCode = (code: string, locale: string, fallback: string) =>
  change("/bonuses/promo-code", locale, { code }, fallback);

export const markBonusesSeen = (ids: number[], locale: string) =>
  call("/bonuses/mark-as-seen", locale, { ids }, "");

/** The list a bonus kind belongs to in the API's paths (`freebets` for every freebet kind). */
function listKind(kinds: typeof BONUS_LIST_KINDS, type: BonusKind): keyof typeof BONUS_LIST_KINDS {
  const found = (Object.keys(kinds) as (keyof typeof BONUS_LIST_KINDS)[]).find((k) =>
    type.startsWith(kinds[k]),
  );
  if (!found) throw new Error(`no bonus list holds ${type}`);
  return found;
}

/** The bonus's terms in the page's language. */
export async function bonusTerms(type: BonusKind, id: number, locale: string): Promise<string> {
  const { BONUS_LIST_KINDS: kinds, bonusTermsResponseSchema } = await schemas();
  const res = await apiFetch(`/bonuses/${listKind(kinds, type)}/${id}/terms`, { locale });
  if (!res.ok) throw new Error(`terms answered ${res.status}`);
  return bonusTermsResponseSchema.parse(await res.json()).data.rules;
}

export type Rating = z.infer<typeof ratingResponseSchema>;

/** SPEC §7 `GET /bonuses/tournaments/{id}/rating`. */
export async function tournamentRating(id: number, locale: string): Promise<Rating> {
  const res = await apiFetch(`/bonuses/tournaments/${id}/rating`, { locale });
  if (!res.ok) throw new Error(`rating answered ${res.status}`);
  return (await schemas()).ratingResponseSchema.parse(await res.json());
}
