import { connectionTokenClaimsSchema, subscriptionTokenClaimsSchema } from "@sportsbook/contracts/realtime";
import { errors, jwtVerify } from "jose";

export type TokenCheck<T> = { ok: true; claims: T } | { ok: false; reason: "expired" | "invalid" };

/** Verifies HS256 tokens against the shared secret, at the time the injected clock tells. */
export function createTokenVerifier(secret: string, now: () => number) {
  const key = new TextEncoder().encode(secret);

  async function verify(token: string): Promise<TokenCheck<Record<string, unknown>>> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ["HS256"],
        currentDate: new Date(now()),
      });
      return { ok: true, claims: payload as Record<string, unknown> };
    } catch (e) {
      if (e instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
      return { ok: false, reason: "invalid" };
    }
  }

  return {
    /** A connection token: `sub` (user id, empty for a visitor) and optional `exp`; no `channel`. */
    async connection(token: string): Promise<TokenCheck<{ sub: string; exp?: number }>> {
      const r = await verify(token);
      if (!r.ok) return r;
      const c = connectionTokenClaimsSchema.safeParse(r.claims);
      if (!c.success) return { ok: false, reason: "invalid" };
      return { ok: true, claims: c.data };
    },
    /** A subscription token: `sub`, `channel`, optional `client` and `exp`. */
    async subscription(
      token: string,
    ): Promise<TokenCheck<{ sub: string; channel: string; client?: string; exp?: number }>> {
      const r = await verify(token);
      if (!r.ok) return r;
      const c = subscriptionTokenClaimsSchema.safeParse(r.claims);
      if (!c.success) return { ok: false, reason: "invalid" };
      return { ok: true, claims: c.data };
    },
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
