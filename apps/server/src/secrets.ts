import { randomBytes, randomInt } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The realtime token secret of an installation without REALTIME_TOKEN_SECRET: generated once and
 * kept in DATA_DIR, so tokens survive a restart and every installation has its own.
 */
export function dataDirTokenSecret(dataDir: string): string {
  return dataDirSecret(dataDir, "realtime-token-secret");
}

/** The payment callback secret of an installation without PAYMENT_CALLBACK_SECRET, kept likewise. */
export function dataDirCallbackSecret(dataDir: string): string {
  return dataDirSecret(dataDir, "payment-callback-secret");
}

function dataDirSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: no secret yet.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The demo player's password of an installation without DEMO_PLAYER_PASSWORD: generated once and kept
 * in DATA_DIR, so the credentials printed at start-up stay the same across restarts.
 */
export function dataDirDemoPassword(dataDir: string, name = "demo-player-password"): string {
  const file = join(dataDir, name);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 8) return existing;
  } catch {
    // First start: no password yet.
  }
  mkdirSync(dataDir, { recursive: true });
  // Letters and digits both, as the password rules ask.
  const password = `demo-${randomBytes(9).toString("base64url")}-${randomInt(10, 100)}`;
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}
