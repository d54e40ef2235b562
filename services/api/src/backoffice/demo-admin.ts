import { passwordSchema, type StaffRole } from "@sportsbook/contracts";
import { staff } from "@sportsbook/db";
import { and, count, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { checkPassword, hashPassword } from "../identity/passwords.js";
import { inviteStaff, reissueInvitation } from "./staff.js";
import { newTotpSecret, otpauthUri } from "./totp.js";

/** The demo admin's sign-in address in the embedded default. */
export const DEMO_ADMIN_EMAIL = "admin@sportsbook.local";

export interface DemoAdmin {
  email: string;
  password: string;
  /** The TOTP secret as an `otpauth://` URI, to paste into (or scan with) an authenticator app. */
  otpauthUri: string;
  created: boolean;
}

/**
 * Makes sure the embedded default's demo admin can sign in with the printed credentials: active,
 * unlocked, this password, and the TOTP secret it already had (an enrolled authenticator keeps
 * working across restarts). Only for demo mode: production never has a default staff account.
 */
export async function ensureDemoAdmin(
  ctx: AppContext,
  options: { password: string; email?: string },
): Promise<DemoAdmin> {
  passwordSchema.parse(options.password);
  const email = (options.email ?? DEMO_ADMIN_EMAIL).toLowerCase();
  const now = ctx.now();
  const inserted = await ctx.db
    .insert(staff)
    .values({
      email,
      passwordHash: await hashPassword(options.password),
      totpSecret: newTotpSecret(),
      role: "admin",
      status: "active",
      isDemo: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: staff.id });
  const [member] = await ctx.db.select().from(staff).where(eq(staff.email, email)).limit(1);
  if (!member) throw new Error("the demo admin was not created");
  const passwordOk = await checkPassword(member.passwordHash, options.password);
  await ctx.db
    .update(staff)
    .set({
      passwordHash: passwordOk ? member.passwordHash : await hashPassword(options.password),
      role: "admin",
      status: "active",
      lockedAt: null,
      failedAttempts: 0,
      updatedAt: now,
    })
    .where(eq(staff.id, member.id));
  return {
    email,
    password: options.password,
    otpauthUri: otpauthUri(email, member.totpSecret),
    created: inserted.length > 0,
  };
}

/**
 * The one-time command's work: invites the first admin of an installation that has no active admin
 * yet, and answers the invitation link. Refused once an admin exists, so it cannot be used to slip
 * in another one; staff are then invited from the back office.
 */
export async function inviteFirstAdmin(ctx: AppContext, email: string): Promise<string> {
  const [admins] = await ctx.db
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.role, "admin" satisfies StaffRole), eq(staff.status, "active")));
  if ((admins?.n ?? 0) > 0) throw new Error("an active admin exists: invite staff from the back office");
  const actor = { staffId: null, email: "server command", ip: "local" };
  const [pending] = await ctx.db.select().from(staff).where(eq(staff.email, email.toLowerCase())).limit(1);
  // A previous run's unaccepted invitation gets a new link, the old one spent.
  if (pending?.status === "invited") return (await reissueInvitation(ctx, actor, pending.id)).link;
  return (await inviteStaff(ctx, actor, { email, role: "admin" })).link;
}
