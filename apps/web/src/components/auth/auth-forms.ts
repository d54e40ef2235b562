import type { AuthStatus } from "../../player/player-store";

/** Auth form identifiers of SPEC §2. */
export type AuthFormId =
  | "sign_in"
  | "sign_up"
  | "forgot_password"
  | "confirm_password"
  | "resend_confirmation_instructions"
  | "resend_unlock_instructions"
  | "edit_password"
  | "unlock";

/**
 * Forms for visitors only: a signed-in player never sees them, whatever the URL asks (a stray hash,
 * `?modal=` or `/users/...` path after an e-mail link and a sign-in).
 */
const VISITOR_FORMS: ReadonlySet<AuthFormId> = new Set<AuthFormId>([
  "sign_in",
  "sign_up",
  "forgot_password",
  "resend_confirmation_instructions",
  "resend_unlock_instructions",
  "unlock",
]);

/** Whether a form may show for a player in this auth status; a visitor's form waits until the status is known. */
export function formShows(form: AuthFormId, status: AuthStatus): boolean {
  return !VISITOR_FORMS.has(form) || status === "not_logged_in";
}

/** /users/* paths and the form each opens. */
export const AUTH_ROUTES: Readonly<Record<string, AuthFormId>> = {
  "sign-in": "sign_in",
  "sign-up": "sign_up",
  "password/new": "forgot_password",
  "password/edit": "edit_password",
  confirmation: "resend_confirmation_instructions",
};

/** URL hash (or ?modal=) values that open a form, then are removed (SPEC §2). */
const AUTH_HASHES: Readonly<Record<string, AuthFormId>> = {
  "sign-in": "sign_in",
  "sign-up": "sign_up",
  confirmation: "resend_confirmation_instructions",
  "password-edit": "edit_password",
  "edit-password": "edit_password",
  "forgot-password": "forgot_password",
  unlock: "unlock",
};

/** Which form a URL asks for, from its hash or its `modal` query parameter. */
export function formFromUrl(url: { hash: string; search: string }): AuthFormId | undefined {
  const hash = url.hash.replace(/^#/, "");
  if (AUTH_HASHES[hash]) return AUTH_HASHES[hash];
  const modal = new URLSearchParams(url.search).get("modal");
  return modal ? AUTH_HASHES[modal] : undefined;
}

/** The URL with the opening hash / modal parameter (and a consumed reset token) removed. */
export function cleanedUrl(url: { pathname: string; hash: string; search: string }): string {
  const q = new URLSearchParams(url.search);
  q.delete("modal");
  q.delete("reset_password_token");
  q.delete("confirmation_token");
  q.delete("unlock_token");
  const s = q.toString();
  const hash = AUTH_HASHES[url.hash.replace(/^#/, "")] ? "" : url.hash;
  return `${url.pathname}${s ? `?${s}` : ""}${hash}`;
}
