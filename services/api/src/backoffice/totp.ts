import { Secret, TOTP } from "otpauth";

const ISSUER = "Sportsbook back office";
const PERIOD_SECONDS = 30;

/** A fresh RFC 6238 shared secret (160 bits, base32), as authenticator apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(email: string, secret: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** The `otpauth://` URI an authenticator app enrols from (as a QR code or pasted). */
export function otpauthUri(email: string, secret: string): string {
  return totpOf(email, secret).toString();
}

/** The code an authenticator shows at `at`; tests and the demo use it. */
export function totpCode(email: string, secret: string, at: Date): string {
  return totpOf(email, secret).generate({ timestamp: at.getTime() });
}

/**
 * The time step a code belongs to, or undefined when it is wrong. One step either side is accepted
 * for clock drift; a step at or before `lastStep` is refused, so a code seen once cannot be replayed.
 */
export function acceptedTotpStep(
  email: string,
  secret: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | undefined {
  const delta = totpOf(email, secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(at.getTime() / 1000 / PERIOD_SECONDS) + delta;
  if (lastStep !== null && step <= lastStep) return undefined;
  return step;
}
