import { randomBytes } from "node:crypto";
import type { StaffRole, StaffView } from "@sportsbook/contracts";
import { type Executor, staff, staffInvitations, staffSessions } from "@sportsbook/db";
import { and, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { assertWithinBudget, recordAttempt } from "../identity/attempts.js";
import { checkPassword, hashPassword } from "../identity/passwords.js";
import { sha256 } from "../identity/tokens.js";
import { kickDelivery } from "../mail/dispatcher.js";
import { enqueue, siteLink } from "../mail/outbox.js";
import { type AuditActor, recordStaffAction } from "./audit.js";
import type { StaffRow } from "./session.js";
import { acceptedTotpStep, newTotpSecret, otpauthUri } from "./totp.js";

const INVITATION_TTL_SECONDS = 72 * 3600;

/** The page an invitation link opens. */
export const INVITATION_PATH = "/backoffice/invitation";

export function staffView(row: StaffRow): StaffView {
  return {
    id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    status: row.status as StaffView["status"],
    locked: row.lockedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

async function staffByEmail(ex: Executor, email: string): Promise<StaffRow | undefined> {
  const [row] = await ex.select().from(staff).where(eq(staff.email, email.toLowerCase())).limit(1);
  return row;
}

/**
 * Checks e-mail, password and TOTP code together; any wrong factor, an unknown address, a locked or
 * disabled member get the same answer after the same work. Consecutive failures lock the member
 * until an admin unlocks them.
 */
export async function authenticateStaff(
  ctx: AppContext,
  credentials: { email: string; password: string; code: string },
  ip: string,
): Promise<StaffRow> {
  await assertWithinBudget(ctx, "staff_sign_in", [
    { by: "ip", value: ip, max: ctx.identity.signInFailuresPerIp, failuresOnly: true },
    {
      by: "subject",
      value: credentials.email,
      max: ctx.identity.signInFailuresPerAccount,
      failuresOnly: true,
    },
  ]);
  const member = await staffByEmail(ctx.db, credentials.email);
  const passwordOk = await checkPassword(member?.passwordHash, credentials.password);
  const step =
    member && passwordOk
      ? acceptedTotpStep(member.email, member.totpSecret, credentials.code, ctx.now(), member.lastTotpStep)
      : undefined;
  const usable = member?.status === "active" && !member.lockedAt;
  if (!member || step === undefined || !usable) {
    await recordAttempt(ctx, "staff_sign_in", { ip, subject: credentials.email, success: false });
    if (member && usable) await countFailure(ctx, member, ip);
    throw new ApiError("staffInvalidCredentials");
  }
  await recordAttempt(ctx, "staff_sign_in", { ip, subject: credentials.email, success: true });
  const [row] = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(staff)
      .set({ failedAttempts: 0, lastTotpStep: step, updatedAt: ctx.now() })
      .where(eq(staff.id, member.id))
      .returning();
    await recordStaffAction(
      ctx,
      tx,
      { staffId: member.id, email: member.email, ip },
      {
        action: "staff.signed_in",
        targetType: "staff",
        targetId: member.id,
      },
    );
    return updated;
  });
  if (!row) throw new Error("the staff member vanished while signing in");
  return row;
}

async function countFailure(ctx: AppContext, member: StaffRow, ip: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(staff)
      .set({ failedAttempts: sql`${staff.failedAttempts} + 1`, updatedAt: ctx.now() })
      .where(and(eq(staff.id, member.id), isNull(staff.lockedAt)))
      .returning();
    if (!row || row.failedAttempts < ctx.identity.lockoutThreshold) return;
    await tx.update(staff).set({ lockedAt: ctx.now() }).where(eq(staff.id, member.id));
    await tx.update(staffSessions).set({ revokedAt: ctx.now() }).where(eq(staffSessions.staffId, member.id));
    await recordStaffAction(
      ctx,
      tx,
      { staffId: null, email: "system", ip },
      {
        action: "staff.locked",
        targetType: "staff",
        targetId: member.id,
        before: { locked: false },
        after: { locked: true, failures: row.failedAttempts },
      },
    );
  });
}

/**
 * Invites a member: the row (no password yet, a fresh TOTP secret), a single-use link e-mailed
 * through the outbox, and the audit entry, all in one transaction. Answers the link too, so the
 * inviting admin (or the first-admin command) can hand it over another way.
 */
export async function inviteStaff(
  ctx: AppContext,
  actor: AuditActor,
  invite: { email: string; role: StaffRole },
): Promise<{ member: StaffRow; link: string }> {
  const { member, link } = await ctx.db.transaction(async (tx) => {
    if (await staffByEmail(tx, invite.email)) throw new ApiError("staffExists");
    const [row] = await tx
      .insert(staff)
      .values({
        email: invite.email,
        totpSecret: newTotpSecret(),
        role: invite.role,
        status: "invited",
        invitedBy: actor.staffId,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ApiError("staffExists");
    const sent = await sendInvitation(ctx, tx, row);
    await recordStaffAction(ctx, tx, actor, {
      action: "staff.invited",
      targetType: "staff",
      targetId: row.id,
      after: { email: row.email, role: row.role },
    });
    return { member: row, link: sent };
  });
  kickDelivery(ctx);
  return { member, link };
}

/** A fresh single-use link for an invited member, e-mailed through the outbox; earlier links are spent. */
async function sendInvitation(ctx: AppContext, tx: Executor, member: StaffRow): Promise<string> {
  await tx
    .update(staffInvitations)
    .set({ usedAt: ctx.now() })
    .where(and(eq(staffInvitations.staffId, member.id), isNull(staffInvitations.usedAt)));
  const token = randomBytes(32).toString("base64url");
  const link = siteLink(ctx, INVITATION_PATH, { token });
  await tx.insert(staffInvitations).values({
    staffId: member.id,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.now().getTime() + INVITATION_TTL_SECONDS * 1000),
    createdAt: ctx.now(),
  });
  await enqueue(ctx, tx, "email", member.email, null, {
    template: "staff_invitation",
    link,
    role: member.role,
  });
  return link;
}

/** Sends an invited member a new link (the old one stops working). */
export async function reissueInvitation(
  ctx: AppContext,
  actor: AuditActor,
  staffId: number,
): Promise<{ member: StaffRow; link: string }> {
  const result = await ctx.db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, staffId)).for("update");
    if (member?.status !== "invited") throw new ApiError("notFound");
    const link = await sendInvitation(ctx, tx, member);
    await recordStaffAction(ctx, tx, actor, {
      action: "staff.invitation_reissued",
      targetType: "staff",
      targetId: member.id,
    });
    return { member, link };
  });
  kickDelivery(ctx);
  return result;
}

async function openInvitation(ex: Executor, ctx: AppContext, token: string) {
  const [row] = await ex
    .select({ invitation: staffInvitations, member: staff })
    .from(staffInvitations)
    .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
    .where(
      and(
        eq(staffInvitations.tokenHash, sha256(token)),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, ctx.now()),
        eq(staff.status, "invited"),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError("tokenInvalid");
  return row;
}

/** What an invitation link shows: who is invited, and the secret to enrol an authenticator with. */
export async function invitationView(ctx: AppContext, token: string) {
  const { member } = await openInvitation(ctx.db, ctx, token);
  return {
    email: member.email,
    role: member.role as StaffRole,
    otpauth_uri: otpauthUri(member.email, member.totpSecret),
  };
}

/**
 * Accepts an invitation: a first code from the enrolled authenticator proves the secret arrived, the
 * password is set, the member becomes active and the link is spent.
 */
export async function acceptInvitation(
  ctx: AppContext,
  body: { token: string; password: string; code: string },
  ip: string,
): Promise<StaffRow> {
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    const { invitation, member } = await openInvitation(tx, ctx, body.token);
    const step = acceptedTotpStep(member.email, member.totpSecret, body.code, ctx.now(), member.lastTotpStep);
    if (step === undefined) throw new ApiError("staffInvalidCredentials");
    const spent = await tx
      .update(staffInvitations)
      .set({ usedAt: ctx.now() })
      .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.usedAt)))
      .returning({ id: staffInvitations.id });
    if (spent.length === 0) throw new ApiError("tokenInvalid");
    const [row] = await tx
      .update(staff)
      .set({ passwordHash, status: "active", lastTotpStep: step, updatedAt: ctx.now() })
      .where(eq(staff.id, member.id))
      .returning();
    if (!row) throw new ApiError("tokenInvalid");
    await recordStaffAction(
      ctx,
      tx,
      { staffId: row.id, email: row.email, ip },
      {
        action: "staff.invitation_accepted",
        targetType: "staff",
        targetId: row.id,
        before: { status: "invited" },
        after: { status: "active" },
      },
    );
    return row;
  });
}

export async function listStaff(ctx: AppContext): Promise<StaffRow[]> {
  return ctx.db.select().from(staff).orderBy(staff.id);
}

/**
 * Changes a member's role or status. Disabling ends every session at once; enabling also lifts a
 * lockout. The last active admin keeps the role, so the back office never locks itself out.
 */
export async function updateStaff(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
  change: { role?: StaffRole | undefined; status?: "active" | "disabled" | undefined },
): Promise<StaffRow> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for("update");
    if (!before) throw new ApiError("notFound");
    const losesAdmin =
      before.role === "admin" &&
      before.status === "active" &&
      ((change.role !== undefined && change.role !== "admin") || change.status === "disabled");
    if (losesAdmin) {
      const [others] = await tx
        .select({ n: count() })
        .from(staff)
        .where(and(eq(staff.role, "admin"), eq(staff.status, "active"), ne(staff.id, id)));
      if ((others?.n ?? 0) === 0) throw new ApiError("lastAdmin");
    }
    // An invited member stays invited until accepting; only an active or disabled one changes status.
    const status = before.status === "invited" ? "invited" : (change.status ?? before.status);
    const unlock = change.status === "active";
    const [after] = await tx
      .update(staff)
      .set({
        role: change.role ?? before.role,
        status,
        ...(unlock ? { lockedAt: null, failedAttempts: 0 } : {}),
        updatedAt: ctx.now(),
      })
      .where(eq(staff.id, id))
      .returning();
    if (!after) throw new ApiError("notFound");
    if (status === "disabled") {
      await tx
        .update(staffSessions)
        .set({ revokedAt: ctx.now() })
        .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
    }
    await recordStaffAction(ctx, tx, actor, {
      action: "staff.updated",
      targetType: "staff",
      targetId: id,
      before: { role: before.role, status: before.status, locked: before.lockedAt !== null },
      after: { role: after.role, status: after.status, locked: after.lockedAt !== null },
    });
    return after;
  });
}
