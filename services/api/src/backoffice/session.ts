import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { type BackofficeOperation, mayCall, type StaffRole } from "@sportsbook/contracts";
import { staff, staffSessions } from "@sportsbook/db";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";

/** The back office's own cookie: a player's `sb_session` never opens a back-office call, nor this a player's. */
export const STAFF_COOKIE = "sb_staff";
/** Staff echo their session's CSRF token (from `GET /backoffice/me`) in this header on every change. */
export const STAFF_CSRF_HEADER = "x-csrf-token";
/** The cookie travels only to the back office's API. */
const COOKIE_PATH = "/api/backoffice";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type StaffRow = typeof staff.$inferSelect;

/** Who is acting, from where: what every audited action records. */
export interface Actor {
  staff: StaffRow;
  role: StaffRole;
  ip: string;
  csrfToken: string;
  tokenHash: string;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Starts a staff session and sets its cookie (`HttpOnly`, `SameSite=Strict`). */
export async function startStaffSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  staffId: number,
): Promise<{ csrfToken: string }> {
  const presented = request.cookies[STAFF_COOKIE];
  if (presented) {
    // A cookie the browser already carried is ended, never reused (session fixation).
    await ctx.db
      .update(staffSessions)
      .set({ revokedAt: ctx.now() })
      .where(eq(staffSessions.tokenHash, hashToken(presented)));
  }
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(24).toString("base64url");
  const expiresAt = new Date(ctx.now().getTime() + ctx.settings.staffSessionTtlSeconds * 1000);
  await ctx.db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffId,
    csrfToken,
    expiresAt,
    ip: request.ip,
    userAgent: request.headers["user-agent"]?.slice(0, 500),
    createdAt: ctx.now(),
  });
  reply.setCookie(STAFF_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    expires: expiresAt,
  });
  return { csrfToken };
}

/** Ends the request's staff session and clears its cookie. */
export async function endStaffSession(ctx: AppContext, actor: Actor, reply: FastifyReply): Promise<void> {
  await ctx.db
    .update(staffSessions)
    .set({ revokedAt: ctx.now() })
    .where(eq(staffSessions.tokenHash, actor.tokenHash));
  reply.clearCookie(STAFF_COOKIE, { path: COOKIE_PATH });
}

function csrfMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The signed-in staff member allowed to call `operation`: 401 without a live session (none,
 * expired, revoked, or its member disabled), 403 for a change without the CSRF token or a role the
 * operation's table entry does not list.
 */
export async function requireStaff(
  ctx: AppContext,
  request: FastifyRequest,
  operation: BackofficeOperation,
): Promise<Actor> {
  const token = request.cookies[STAFF_COOKIE];
  if (!token) throw new ApiError("unauthorized");
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({ staff, csrfToken: staffSessions.csrfToken, expiresAt: staffSessions.expiresAt })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= ctx.now().getTime()) throw new ApiError("sessionExpired");
  if (row.staff.status !== "active" || row.staff.lockedAt) throw new ApiError("sessionExpired");
  if (!SAFE_METHODS.has(request.method) && !csrfMatches(row.csrfToken, request.headers[STAFF_CSRF_HEADER]))
    throw new ApiError("csrfRejected");
  const role = row.staff.role as StaffRole;
  if (!mayCall(role, operation)) throw new ApiError("forbidden");
  return { staff: row.staff, role, ip: request.ip, csrfToken: row.csrfToken, tokenHash };
}
