import { createHmac, timingSafeEqual } from "node:crypto";

/** Callbacks signed longer ago than this are refused, so a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The `Psp-Signature` header of a callback: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signCallback(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "malformed" | "mismatch" | "stale" };

/**
 * Checks a callback's signature against the raw body, in constant time, and that it was signed
 * within the tolerance of `now` (either way: a clock running ahead is no licence either).
 */
export function verifyCallback(
  secret: string,
  header: string | undefined,
  body: string,
  now: Date,
): SignatureCheck {
  const parts = new Map(
    (header ?? "").split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get("t");
  const given = parts.get("v1");
  if (!t || !/^\d{1,12}$/.test(t) || !given || !/^[0-9a-f]{64}$/.test(given)) {
    return { ok: false, reason: "malformed" };
  }
  const expected = Buffer.from(hmac(secret, `${t}.${body}`), "hex");
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) return { ok: false, reason: "mismatch" };
  if (Math.abs(now.getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) {
    return { ok: false, reason: "stale" };
  }
  return { ok: true };
}

function hmac(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}
