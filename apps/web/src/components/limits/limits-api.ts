import {
  activityResponseSchema,
  type Limit,
  type LimitType,
  limitResponseSchema,
  limitsResponseSchema,
  type SetLimitBody,
  sessionsInfoSchema,
} from "@sportsbook/contracts/identity";
import { type Refusal, refusal } from "../../lib/api-refusal";
import { apiFetch, jsonBody } from "../../lib/client-api";

/** The player's limits in force and their pending changes (SPEC §7 limits). */
export async function fetchLimits(locale: string): Promise<Limit[]> {
  const res = await apiFetch("/player/limits", { locale });
  if (!res.ok) throw new Error(`GET /player/limits answered ${res.status}`);
  return limitsResponseSchema.parse(await res.json()).data;
}

async function limitCall(
  path: string,
  locale: string,
  fallback: string,
  init: RequestInit = {},
): Promise<{ ok: true; limit: Limit } | Refusal> {
  const res = await apiFetch(path, { method: "POST", locale, ...init });
  if (!res.ok) return refusal(res, fallback);
  return { ok: true, limit: limitResponseSchema.parse(await res.json()).data };
}

/** Sets a limit: a stricter one applies at once, a looser one after its waiting time and a confirmation. */
export function setLimit(body: SetLimitBody, locale: string, fallback: string) {
  return limitCall("/player/limits", locale, fallback, jsonBody(body));
}

/** Asks to remove a limit; like a looser one, it waits and then needs a confirmation. */
export function removeLimit(type: LimitType, locale: string, fallback: string) {
  return limitCall(`/player/limits/${type}`, locale, fallback, { method: "DELETE" });
}

export function confirmLimit(id: number, locale: string, fallback: string) {
  return limitCall(`/player/limits/${id}/confirm`, locale, fallback);
}

/** Withdraws a pending change: the limit in force stays as it is. */
export function cancelLimitChange(id: number, locale: string, fallback: string) {
  return limitCall(`/player/limits/${id}/cancel`, locale, fallback);
}

/** Session length and the reality check (SPEC §9: polled every 30 s). */
export async function fetchSessionsInfo(locale: string) {
  const res = await apiFetch("/player/sessions/info", { locale });
  if (!res.ok) return { ok: false as const, status: res.status };
  return { ok: true as const, info: sessionsInfoSchema.parse(await res.json()).data };
}

/** The player carries on after a reality check; a 400 means there is none, and polling stops. */
export async function continueSession(locale: string): Promise<{ ok: boolean; status: number }> {
  const res = await apiFetch("/player/sessions/continue", { method: "POST", locale });
  return { ok: res.ok, status: res.status };
}

/** One tick of activity tracking (every 60 s while the page is visible, SPEC §5). */
export async function activityTick(locale: string) {
  const res = await apiFetch("/player/activity", { method: "POST", locale });
  if (!res.ok) return { ok: false as const, status: res.status };
  return { ok: true as const, activity: activityResponseSchema.parse(await res.json()).data };
}
