import { createHmac, timingSafeEqual } from "node:crypto";
import { previewTokenSchema } from "@sportsbook/contracts";

/** How long a preview link works: long enough to look a draft over, short enough not to be shared about. */
export const PREVIEW_TTL_SECONDS = 30 * 60;

// The key is the installation's token secret (shared by every node); the prefix keeps these
// signatures apart from anything else signed with it, and the token is no JWT, so the gateway
// can never take one for a connection token.
function signature(secret: Uint8Array, versionId: number, expires: number): string {
  return createHmac("sha256", secret).update(`site-preview:${versionId}:${expires}`).digest("base64url");
}

/** A token that shows the pages with one version of the site settings until `expires` (epoch seconds). */
export function signPreviewToken(secret: Uint8Array, versionId: number, expires: number): string {
  return `${versionId}.${expires}.${signature(secret, versionId, expires)}`;
}

/** The version a token previews, or undefined when it is malformed, forged or expired. */
export function verifyPreviewToken(secret: Uint8Array, token: string, now: Date): number | undefined {
  if (!previewTokenSchema.safeParse(token).success) return undefined;
  const [id = "", exp = "", sig = ""] = token.split(".");
  const versionId = Number(id);
  const expires = Number(exp);
  const expected = Buffer.from(signature(secret, versionId, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (expires * 1000 <= now.getTime()) return undefined;
  return versionId;
}
