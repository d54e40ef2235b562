import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { players, sessions } from "@sportsbook/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { prepared } from "../statements.js";

export const SESSION_COOKIE = "sb_session";
/** Readable by the page's script, which echoes it in the `X-CSRF-Token` header (double submit). */
export const CSRF_COOKIE = "sb_csrf";
export const CSRF_HEADER = "x-csrf-token";
/**
 * A frame that cannot keep cookies (a host platform on another site, without partitioned cookies)
 * sends its session token as `Authorization: Bearer`. No browser attaches that header by itself, so
 * such calls need no CSRF token.
 */
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type PlayerRow = typeof players.$inferSelect;

export type SessionState =
  | { state: "none" }
  | { state: "expired" }
  | { state: "active"; player: PlayerRow; csrfToken: string; tokenHash: string; bearer: boolean };

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session for a player; returns the cookie token (only its hash is stored) and the CSRF token. */
export async function createSession(
  ctx: AppContext,
  playerId: number,
  meta: { userAgent?: string | undefined; ip?: string | undefined } = {},
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(24).toString("base64url");
  const expiresAt = new Date(ctx.now().getTime() + ctx.settings.sessionTtlSeconds * 1000);
  await ctx.db.insert(sessions).values({
    tokenHash: hashToken(token),
    playerId,
    csrfToken,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500),
    ip: meta.ip,
  });
  return { token, csrfToken, expiresAt };
}

/**
 * Where the session cookies may travel. First-party by default (`SameSite=Lax`, `Secure` over TLS).
 * With frame cookies on, the operator lets the site run inside a host platform on another site: the
 * cookies are `SameSite=None; Secure; Partitioned`, so a browser that blocks third-party cookies still
 * keeps them, partitioned under the host's site.
 */
function cookieOptions(ctx: AppContext, request: FastifyRequest) {
  if (ctx.settings.frameCookies)
    return { path: "/", sameSite: "none" as const, secure: true, partitioned: true };
  return { path: "/", sameSite: "lax" as const, secure: request.protocol === "https" };
}

/** Sets the session and CSRF cookies. */
export function setSessionCookies(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; csrfToken: string; expiresAt: Date },
): void {
  const common = { ...cookieOptions(ctx, request), expires: session.expiresAt };
  reply.setCookie(SESSION_COOKIE, session.token, { ...common, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...common, httpOnly: false });
}

export function clearSessionCookies(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  const options = cookieOptions(ctx, request);
  reply.clearCookie(SESSION_COOKIE, options);
  reply.clearCookie(CSRF_COOKIE, options);
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionState>>();

/** The request's session, looked up once per request. */
export function sessionOf(ctx: AppContext, request: FastifyRequest): Promise<SessionState> {
  let state = resolved.get(request);
  if (!state) {
    state = lookup(ctx, sessionTokenHash(request), bearerToken(request) !== undefined);
    resolved.set(request, state);
  }
  return state;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === "string" ? BEARER.exec(header)?.[1] : undefined;
}

/**
 * The hash under which the request's session is stored: its bearer token's, else its session
 * cookie's; undefined without either.
 */
export function sessionTokenHash(request: FastifyRequest): string | undefined {
  const token = bearerToken(request) ?? request.cookies[SESSION_COOKIE];
  return token ? hashToken(token) : undefined;
}

async function lookup(
  ctx: AppContext,
  tokenHash: string | undefined,
  bearer: boolean,
): Promise<SessionState> {
  if (!tokenHash) return { state: "none" };
  const [row] = await prepared(ctx, "session_lookup", (db) =>
    db
      .select({ player: players, csrfToken: sessions.csrfToken, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(players, eq(players.id, sessions.playerId))
      .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), isNull(sessions.revokedAt)))
      .prepare("session_lookup"),
  ).execute({ tokenHash });
  if (!row || isExpired(ctx, row.expiresAt)) return { state: "expired" };
  return { state: "active", player: row.player, csrfToken: row.csrfToken, tokenHash, bearer };
}

function isExpired(ctx: AppContext, expiresAt: Date): boolean {
  return expiresAt.getTime() <= ctx.now().getTime();
}

function csrfMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The signed-in player or a 401: `unauthorized` without a session, `sessionExpired` for a stale one.
 * State-changing calls must also carry the CSRF token.
 */
export async function requirePlayer(ctx: AppContext, request: FastifyRequest): Promise<PlayerRow> {
  const player = await optionalPlayer(ctx, request);
  if (!player) throw new ApiError("unauthorized");
  return player;
}

/** The signed-in player, or null for a visitor. A stale session still answers 401 so the client signs out. */
export async function optionalPlayer(ctx: AppContext, request: FastifyRequest): Promise<PlayerRow | null> {
  const session = await sessionOf(ctx, request);
  if (session.state === "none") return null;
  if (session.state === "expired") throw new ApiError("sessionExpired");
  assertMayAct(request, session.player.status, session.bearer ? null : session.csrfToken);
  return session.player;
}

/** `csrfToken` null: the session came in a bearer header, which no other site can make a browser send. */
function assertMayAct(request: FastifyRequest, playerStatus: string, csrfToken: string | null): void {
  // A closed account is refused like a blocked one: neither may play.
  if (playerStatus !== "active") throw new ApiError("playerBlocked");
  if (
    csrfToken !== null &&
    !SAFE_METHODS.has(request.method) &&
    !csrfMatches(csrfToken, request.headers[CSRF_HEADER])
  ) {
    throw new ApiError("csrfRejected");
  }
}

/**
 * The rules of `requirePlayer` for a session a caller looked up itself by `sessionTokenHash` (in a
 * query that reads more besides): undefined or past its expiry is `sessionExpired`, then a blocked
 * player and a missing CSRF token are refused.
 */
export function admitSession<T extends { status: string; csrfToken: string; expiresAt: Date }>(
  ctx: AppContext,
  request: FastifyRequest,
  found: T | undefined,
): asserts found is T {
  if (!found || isExpired(ctx, found.expiresAt)) throw new ApiError("sessionExpired");
  assertMayAct(request, found.status, bearerToken(request) === undefined ? found.csrfToken : null);
}

/** Ends the request's session, if any. */
export async function revokeSession(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const session = await sessionOf(ctx, request);
  if (session.state !== "active") return;
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(eq(sessions.tokenHash, session.tokenHash));
}
