import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** An 8-character share code without look-alike characters (no 0/O, 1/I). */
export function newShareCode(): string {
  return [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** A shared slip is kept this long, then refused and pruned by housekeeping. */
export const SHARE_CODE_TTL_SECONDS = 7 * 24 * 3600;

/** Share codes one IP, and one player, may create per hour: a slip is shared, not stored in bulk. */
export const SHARE_CODES_PER_HOUR = 60;

/** Largest share-code request body: 40 selections fit in well under this. */
export const SHARE_CODE_BODY_LIMIT = 8 * 1024;
