import type { Executor } from "@sportsbook/db";
import { staffAudit } from "@sportsbook/db";
import type { AppContext } from "../context.js";

/** One staff action as the audit log keeps it. */
export interface StaffAction {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Who did it: a signed-in member, or the one-time command run on the server (no member yet). */
export interface AuditActor {
  staffId: number | null;
  email: string;
  ip: string;
}

/**
 * Appends a staff action to the append-only audit log inside the action's own transaction, so the
 * log holds exactly the actions that happened.
 */
export async function recordStaffAction(
  ctx: AppContext,
  ex: Executor,
  actor: AuditActor,
  action: StaffAction,
): Promise<void> {
  await ex.insert(staffAudit).values({
    staffId: actor.staffId,
    staffEmail: actor.email,
    ip: actor.ip,
    action: action.action,
    targetType: action.targetType,
    targetId: String(action.targetId),
    before: action.before ?? null,
    after: action.after ?? null,
    createdAt: ctx.now(),
  });
}

/** The audit identity of a signed-in member. */
export function auditActorOf(actor: { staff: { id: number; email: string }; ip: string }): AuditActor {
  return { staffId: actor.staff.id, email: actor.staff.email, ip: actor.ip };
}
