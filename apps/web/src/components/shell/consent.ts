/** SPEC §9: the consent cookie lives 365 days. */
export const CONSENT_COOKIE = "consent";
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

export type Consent = "all" | "necessary";

export interface ConsentEnv {
  inFrame: boolean;
  isLighthouse: boolean;
  isMobileApp: boolean;
  enabled: boolean;
  stored: string | null;
}

/** SPEC §6: the banner shows only outside a frame and Lighthouse, not in mobile-app mode, until answered. */
export function shouldShowConsent(env: ConsentEnv): boolean {
  return env.enabled && !env.inFrame && !env.isLighthouse && !env.isMobileApp && env.stored === null;
}

export function readConsent(cookie: string, storage: Pick<Storage, "getItem"> | null): string | null {
  const m = /(?:^|;\s*)consent=([^;]+)/.exec(cookie);
  return m?.[1] ?? storage?.getItem(CONSENT_COOKIE) ?? null;
}

export function consentCookie(value: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
