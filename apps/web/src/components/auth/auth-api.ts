import { apiFetch } from "../../lib/client-api";
import { errorMessage } from "../../lib/error-message";
import type { AuthFormId } from "./auth-forms";

export type AuthOutcome =
  | { ok: true; next: "reload" | "sent" | "signed-up" | "password-changed" }
  | { ok: false; message: string; blockedCountry?: string };

export interface AuthFields {
  email?: string;
  password?: string;
  currentPassword?: string;
  termsAccepted?: boolean;
  /** Sign-up: ISO date of birth, country of residence and the account's currency. */
  dateOfBirth?: string;
  country?: string;
  currency?: string;
}

/**
 * The visitor's country when the API refused sign-in or sign-up there (SPEC §6 country blocking):
 * the answer's error is `countryBlocked` and its data names the country.
 */
export function blockedCountry(body: unknown): string | undefined {
  const b = body as { error?: unknown; data?: { extra?: { country?: unknown } } } | null;
  if (b?.error !== "countryBlocked") return undefined;
  const country = b.data?.extra?.country;
  return typeof country === "string" && /^[A-Z]{2}$/.test(country) ? country : "";
}

/** Which Platform API call each form makes, with which body. */
export function authRequest(
  form: AuthFormId,
  f: AuthFields,
  ctx: { locale: string; resetToken?: string | undefined; tags?: Record<string, string> },
): {
  path: string;
  method: "POST" | "PUT";
  body: unknown;
  next: "reload" | "sent" | "signed-up" | "password-changed";
} {
  switch (form) {
    case "sign_in":
      return {
        path: "/player/sign-in",
        method: "POST",
        body: { email: f.email, password: f.password },
        next: "reload",
      };
    case "sign_up":
      return {
        path: "/player/sign-up",
        method: "POST",
        body: {
          email: f.email,
          password: f.password,
          language: ctx.locale,
          terms_accepted: f.termsAccepted === true,
          date_of_birth: f.dateOfBirth,
          ...(f.country ? { country: f.country } : {}),
          ...(f.currency ? { currency: f.currency } : {}),
          ...ctx.tags,
        },
        next: "signed-up",
      };
    case "forgot_password":
      return { path: "/player/password/forgot", method: "POST", body: { email: f.email }, next: "sent" };
    case "resend_confirmation_instructions":
      return { path: "/player/confirmation/resend", method: "POST", body: { email: f.email }, next: "sent" };
    case "resend_unlock_instructions":
    case "unlock":
      return { path: "/player/unlock/resend", method: "POST", body: { email: f.email }, next: "sent" };
    case "edit_password":
    case "confirm_password":
      return ctx.resetToken
        ? {
            path: "/player/password/reset",
            method: "POST",
            body: { reset_password_token: ctx.resetToken, password: f.password },
            next: "password-changed",
          }
        : {
            path: "/player/password",
            method: "PUT",
            body: { current_password: f.currentPassword, password: f.password },
            next: "password-changed",
          };
  }
}

export async function submitAuth(
  form: AuthFormId,
  fields: AuthFields,
  ctx: { locale: string; resetToken?: string | undefined; tags?: Record<string, string> },
  fallback: string,
): Promise<AuthOutcome> {
  const req = authRequest(form, fields, ctx);
  const res = await apiFetch(req.path, {
    method: req.method,
    locale: ctx.locale,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(req.body),
    // the network failing is no answer: the player is shown the fallback message
  }).catch(() => null);
  if (!res) return { ok: false, message: fallback };
  if (res.ok) return { ok: true, next: req.next };
  // an answer that is not JSON carries no message: the fallback is shown
  const body: unknown = await res.json().catch(() => null);
  const country = blockedCountry(body);
  return {
    ok: false,
    message: errorMessage(body, fallback),
    ...(country === undefined ? {} : { blockedCountry: country }),
  };
}

/** Follows a confirmation or unlock link: the token is sent once and the answer says whether it worked. */
export async function redeemLinkToken(
  kind: "confirmation" | "unlock",
  token: string,
  locale: string,
  fallback: string,
): Promise<AuthOutcome> {
  const res = await apiFetch(kind === "confirmation" ? "/player/confirmation" : "/player/unlock", {
    method: "POST",
    locale,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
    // the network failing is no answer: the player is shown the fallback message
  }).catch(() => null);
  if (res?.ok) return { ok: true, next: "sent" };
  // no answer, or one that is not JSON, carries no message: the fallback is shown
  return { ok: false, message: errorMessage(await res?.json().catch(() => null), fallback) };
}
