import { type AuditEntry, auditListSchema, auditQuerySchema } from "@sportsbook/contracts";
import { staffAudit } from "@sportsbook/db";
import { and, count, desc, eq, gte, ilike, lte, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { errorResponses, pagination, type typed } from "../http/route-kit.js";
import { csvLine } from "./csv.js";
import { containsPattern } from "./like.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

type AuditQuery = z.infer<typeof auditQuerySchema>;
type AuditRow = typeof staffAudit.$inferSelect;

/** Rows the CSV export holds at most; narrow the filters for more. */
const EXPORT_LIMIT = 50_000;

function filtersOf(q: AuditQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.staff) where.push(ilike(staffAudit.staffEmail, containsPattern(q.staff)));
  if (q.action) where.push(ilike(staffAudit.action, containsPattern(q.action)));
  if (q.target_type) where.push(eq(staffAudit.targetType, q.target_type));
  if (q.target_id) where.push(eq(staffAudit.targetId, q.target_id));
  if (q.from) where.push(gte(staffAudit.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(staffAudit.createdAt, new Date(q.to)));
  return where.length > 0 ? and(...where) : undefined;
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    staff_id: row.staffId,
    staff_email: row.staffEmail,
    ip: row.ip,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
  };
}

const CSV_HEADER = ["id", "at", "staff_email", "ip", "action", "target_type", "target_id", "before", "after"];

/** The audit log's search and its CSV export, newest first. */
export function registerAuditRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/audit",
    {
      config: { operation: "listAudit" },
      schema: {
        tags,
        security,
        summary: "Search the staff audit log",
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const where = filtersOf(q);
      const [total] = await ctx.db.select({ n: count() }).from(staffAudit).where(where);
      const rows = await ctx.db
        .select()
        .from(staffAudit)
        .where(where)
        .orderBy(desc(staffAudit.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      return { data: rows.map(entryOf), pagination: pagination(total?.n ?? 0, q.page, q.limit) };
    },
  );

  r.get(
    "/audit.csv",
    {
      config: { operation: "exportAudit" },
      schema: {
        tags,
        security,
        summary: "Export the staff audit log as CSV (same filters as the search)",
        querystring: auditQuerySchema.omit({ page: true, limit: true }),
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const rows = await ctx.db
        .select()
        .from(staffAudit)
        .where(filtersOf({ ...request.query, page: 1, limit: 1 }))
        .orderBy(desc(staffAudit.id))
        .limit(EXPORT_LIMIT);
      const lines = [csvLine(CSV_HEADER)];
      for (const row of rows) {
        const e = entryOf(row);
        lines.push(
          csvLine([
            e.id,
            e.at,
            e.staff_email,
            e.ip,
            e.action,
            e.target_type,
            e.target_id,
            e.before === null ? null : JSON.stringify(e.before),
            e.after === null ? null : JSON.stringify(e.after),
          ]),
        );
      }
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit.csv"')
        .send(`${lines.join("\r\n")}\r\n`);
    },
  );
}
