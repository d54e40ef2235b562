import { createECDH, randomBytes, randomInt } from "node:crypto";
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

/** A new VAPID key pair: an uncompressed P-256 public key and its 32-byte private key, base64url. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    // the private scalar can have leading zero bytes, which the key's fixed 32-byte form keeps
    privateKey: Buffer.from(ecdh.getPrivateKey("hex").padStart(64, "0"), "hex").toString("base64url"),
  };
}

/**
 * The Web Push VAPID key pair of an installation without VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, kept
 * likewise: the browsers' subscriptions are bound to the public key, so a new pair would silently
 * orphan every one of them.
 */
export function dataDirVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, "vapid-keys.json");
  try {
    const existing = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof existing.publicKey === "string" && typeof existing.privateKey === "string") {
      return { publicKey: existing.publicKey, privateKey: existing.privateKey };
    }
  } catch {
    // First start: no key pair yet.
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
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
