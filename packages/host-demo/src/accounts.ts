import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const derive = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

interface Account {
  email: string;
  salt: Buffer;
  hash: Buffer;
}

export type SignInResult = { ok: true; email: string } | { ok: false; reason: "taken" | "wrong" };

/**
 * The host platform's own players, kept in memory: a demo platform owns its accounts the way a
 * casino does, and vouches for them to the sportsbook. Sessions are random ids in a cookie.
 */
export class HostAccounts {
  private readonly accounts = new Map<string, Account>();
  private readonly sessions = new Map<string, string>();

  async signUp(email: string, password: string): Promise<SignInResult> {
    if (this.accounts.has(email)) return { ok: false, reason: "taken" };
    const salt = randomBytes(16);
    this.accounts.set(email, { email, salt, hash: await derive(password, salt, 32) });
    return { ok: true, email };
  }

  async signIn(email: string, password: string): Promise<SignInResult> {
    const account = this.accounts.get(email);
    // an unknown address costs the same work as a known one
    const salt = account?.salt ?? randomBytes(16);
    const hash = await derive(password, salt, 32);
    return account && timingSafeEqual(hash, account.hash)
      ? { ok: true, email }
      : { ok: false, reason: "wrong" };
  }

  startSession(email: string): string {
    const id = randomBytes(24).toString("base64url");
    this.sessions.set(id, email);
    return id;
  }

  playerOf(sessionId: string | undefined): string | undefined {
    return sessionId ? this.sessions.get(sessionId) : undefined;
  }

  endSession(sessionId: string | undefined): void {
    if (sessionId) this.sessions.delete(sessionId);
  }
}
