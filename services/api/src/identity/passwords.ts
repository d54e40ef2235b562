import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id with the OWASP minimum: 19 MiB of memory, two passes, one lane. (`algorithm: 2` is the
 * library's const enum `Algorithm.Argon2id`, which isolated modules cannot import.)
 */
const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with the memory-hard KDF; the salt and parameters travel inside the PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, no password set) it
 * verifies against a decoy of the same cost, so both answers take the same time and an e-mail
 * address cannot be probed by timing. `verified` hears which of the two ran.
 */
export async function checkPassword(
  stored: string | null | undefined,
  password: string,
  verified: (against: "stored" | "decoy") => void = () => {},
): Promise<boolean> {
  if (!stored) {
    decoy ??= hash("decoy password that matches nothing", PARAMS);
    // only the time spent matters here: the decoy never matches
    await verify(await decoy, password).catch(() => false);
    verified("decoy");
    return false;
  }
  // a stored hash the library cannot read matches no password
  const ok = await verify(stored, password).catch(() => false);
  verified("stored");
  return ok;
}
