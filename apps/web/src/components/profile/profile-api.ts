import {
  type DeviceSession,
  deviceSessionsSchema,
  phoneVerificationSchema,
  profileFieldsResponseSchema,
  signedOutOthersSchema,
} from "@sportsbook/contracts/identity";
import { type Refusal, refusal } from "../../lib/api-refusal";
import { apiFetch, jsonBody } from "../../lib/client-api";

type Done<T = undefined> = { ok: true; value: T } | Refusal;

/** Any call of this page: the answer read by `read`, or the API's refusal with the field it names. */
async function call<T>(
  path: string,
  init: RequestInit & { locale: string },
  fallback: string,
  read: (json: unknown) => T,
): Promise<Done<T>> {
  const res = await apiFetch(path, init);
  if (!res.ok) return refusal(res, fallback);
  return { ok: true, value: read(await res.json()) };
}

export interface ProfileFields {
  first_name?: string;
  last_name?: string;
  nickname?: string;
  phone?: string;
  country_code?: string;
}

/** Saves profile fields (the profile page and the required-fields modal); answers what is still missing. */
export function saveProfile(fields: ProfileFields, locale: string, fallback: string) {
  return call(
    "/player/profile",
    { method: "PUT", locale, ...jsonBody(fields) },
    fallback,
    (j) => profileFieldsResponseSchema.parse(j).data.auth_fields_missed,
  );
}

export async function fetchPhoneVerification(locale: string) {
  const res = await apiFetch(`/player/phone-verification?locale=${encodeURIComponent(locale)}`, { locale });
  if (!res.ok) throw new Error(`GET /player/phone-verification answered ${res.status}`);
  return phoneVerificationSchema.parse(await res.json()).data;
}

/** Sends a code by SMS, to a new number when one is given. */
export function sendPhoneCode(phone: string | undefined, locale: string, fallback: string) {
  return call(
    "/player/phone-verification/code",
    { method: "POST", locale, ...jsonBody(phone ? { phone } : {}) },
    fallback,
    () => undefined,
  );
}

export function verifyPhone(code: string, locale: string, fallback: string) {
  return call(
    "/player/phone-verification",
    { method: "POST", locale, ...jsonBody({ code }) },
    fallback,
    (j) => phoneVerificationSchema.parse(j).data,
  );
}

export async function fetchDevices(locale: string): Promise<DeviceSession[]> {
  const res = await apiFetch("/player/sessions", { locale });
  if (!res.ok) throw new Error(`GET /player/sessions answered ${res.status}`);
  return deviceSessionsSchema.parse(await res.json()).data;
}

export function signOutDevice(id: string, locale: string, fallback: string) {
  return call(`/player/sessions/${id}`, { method: "DELETE", locale }, fallback, () => undefined);
}

export function signOutOtherDevices(locale: string, fallback: string) {
  return call(
    "/player/sessions/sign-out-others",
    { method: "POST", locale },
    fallback,
    (j) => signedOutOthersSchema.parse(j).data.signed_out,
  );
}
