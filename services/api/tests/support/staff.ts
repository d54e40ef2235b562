import type { StaffRole } from "@sportsbook/contracts";
import { outbox, staff, staffAudit } from "@sportsbook/db";
import { desc, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { ensureDemoAdmin, totpCode } from "../../src/index.js";
import { type Harness, json } from "./harness.js";

const ADMIN_PASSWORD = "admin password 1";
const STAFF_PASSWORD = "staff password 2";

/** Signed-in staff of a test, one member per role, and calls made as them. */
export interface StaffDesk {
  /** The cookie and CSRF headers of the member with this role. */
  as(role: StaffRole): Record<string, string>;
  call(
    method: "GET" | "POST",
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  auditCount(): Promise<number>;
}

/**
 * Signs the demo admin in and enrols one member of each other role in `roles` through the API
 * (invitation mail, TOTP enrolment), moving the test clock a TOTP step for each code.
 */
export async function staffDesk(h: Harness, roles: StaffRole[]): Promise<StaffDesk> {
  const members = new Map<StaffRole, Record<string, string>>();
  const call: StaffDesk["call"] = (method, url, headers, payload) =>
    h.api.app.inject({ method, url: `/api/backoffice${url}`, headers, ...(payload ? { payload } : {}) });
  const nextCode = async (email: string) => {
    const [row] = await h.handle.db.select().from(staff).where(eq(staff.email, email));
    h.clock.now = new Date(h.clock.now.getTime() + 30_000);
    return totpCode(email, row?.totpSecret ?? "", h.clock.now);
  };
  const headersOf = (res: LightMyRequestResponse) => {
    const cookie = res.cookies.find((c) => c.name === "sb_staff");
    if (!cookie) throw new Error(`no staff cookie: ${res.statusCode} ${res.body}`);
    const csrf = json<{ data: { csrf_token: string } }>(res).data.csrf_token;
    return { cookie: `sb_staff=${cookie.value}`, "x-csrf-token": csrf };
  };
  await ensureDemoAdmin(h.api.ctx, { password: ADMIN_PASSWORD });
  const adminEmail = "admin@sportsbook.local";
  const admin = headersOf(
    await call(
      "POST",
      "/session",
      {},
      { email: adminEmail, password: ADMIN_PASSWORD, code: await nextCode(adminEmail) },
    ),
  );
  members.set("admin", admin);
  for (const role of roles.filter((r) => r !== "admin")) {
    const email = `${role}@staff.example`;
    await call("POST", "/staff", admin, { email, role });
    const [mail] = await h.handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = new URL(mail?.body.match(/https?:\/\/\S+/)?.[0] ?? "http://x").searchParams.get("token");
    const accepted = await call(
      "POST",
      "/invitations/accept",
      {},
      { token, password: STAFF_PASSWORD, code: await nextCode(email) },
    );
    members.set(role, headersOf(accepted));
  }
  return {
    as(role) {
      const headers = members.get(role);
      if (!headers) throw new Error(`no ${role} enrolled`);
      return headers;
    },
    call,
    async auditCount() {
      return Number((await h.handle.db.select({ n: sql<number>`count(*)` }).from(staffAudit))[0]?.n);
    },
  };
}
