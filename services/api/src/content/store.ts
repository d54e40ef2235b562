import type { SiteContentDetail, SiteContentVersion } from "@sportsbook/contracts";
import { siteSettingsSchema } from "@sportsbook/contracts/site-settings";
import { type Executor, siteSettingsVersions, staff } from "@sportsbook/db";
import { desc, eq, isNotNull, sql } from "drizzle-orm";
import type { AuditActor } from "../backoffice/audit.js";
import { recordStaffAction } from "../backoffice/audit.js";
import type { AppContext } from "../context.js";
import { ApiError, validationError } from "../http/errors.js";
import { type PublishedSettings, readPublished, type SiteDocument } from "./published.js";

export type { PublishedSettings, SiteDocument };

type Row = typeof siteSettingsVersions.$inferSelect;

/** Checks a document against the contracts' schema; every problem is named by its path. */
export function checkDocument(document: unknown): SiteDocument {
  const parsed = siteSettingsSchema.safeParse(document);
  if (parsed.success && document !== null && typeof document === "object" && !Array.isArray(document))
    return document as SiteDocument;
  const issues = parsed.success ? [] : parsed.error.issues;
  throw validationError(
    issues.length > 0
      ? issues.map((i) => ({ field: ["document", ...i.path].join("."), message: i.message }))
      : [{ field: "document", message: "must be a JSON object" }],
  );
}

function view(row: Row, by: string | null, currentId: number | null): SiteContentVersion {
  return {
    id: row.id,
    status: row.status === "published" ? "published" : "draft",
    note: row.note,
    created_by: by,
    created_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    current: row.id === currentId,
  };
}

/** Every version, newest first, without documents. */
export async function listVersions(
  ex: Executor,
): Promise<{ current_id: number | null; versions: SiteContentVersion[] }> {
  const current = (await readPublished(ex)).version || null;
  const rows = await ex
    .select({ r: siteSettingsVersions, by: staff.email })
    .from(siteSettingsVersions)
    .leftJoin(staff, eq(staff.id, siteSettingsVersions.createdBy))
    .orderBy(desc(siteSettingsVersions.id))
    .limit(500);
  return { current_id: current, versions: rows.map(({ r, by }) => view(r, by, current)) };
}

/** One version with its document; an unknown id is not found. */
export async function versionDetail(ex: Executor, id: number): Promise<SiteContentDetail> {
  const [found] = await ex
    .select({ r: siteSettingsVersions, by: staff.email })
    .from(siteSettingsVersions)
    .leftJoin(staff, eq(staff.id, siteSettingsVersions.createdBy))
    .where(eq(siteSettingsVersions.id, id));
  if (!found) throw new ApiError("notFound");
  const current = (await readPublished(ex)).version;
  return { ...view(found.r, found.by, current), document: found.r.document as SiteDocument };
}

/**
 * Publications are taken one at a time (the table's lock, held to the transaction's end), and each
 * gets a time after the current one's, so "the latest published" is the one published last even
 * when the clock stands still or steps back.
 */
async function publicationTime(ctx: AppContext, tx: Executor): Promise<Date> {
  await tx.execute(sql`lock table site_settings_versions in share row exclusive mode`);
  const [latest] = await tx
    .select({ at: siteSettingsVersions.publishedAt })
    .from(siteSettingsVersions)
    .where(isNotNull(siteSettingsVersions.publishedAt))
    .orderBy(desc(siteSettingsVersions.publishedAt))
    .limit(1);
  const now = ctx.now();
  return latest?.at && latest.at.getTime() >= now.getTime() ? new Date(latest.at.getTime() + 1) : now;
}

/** Saves a document as a new draft, audited as `content.draft_saved`; an invalid one writes nothing. */
export async function saveDraft(
  ctx: AppContext,
  actor: AuditActor & { staffId: number },
  body: { document: unknown; note: string },
): Promise<SiteContentDetail> {
  const document = checkDocument(body.document);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteSettingsVersions)
      .values({ document, status: "draft", createdBy: actor.staffId, createdAt: ctx.now(), note: body.note })
      .returning({ id: siteSettingsVersions.id });
    if (!row) throw new Error("the draft was not written");
    await recordStaffAction(ctx, tx, actor, {
      action: "content.draft_saved",
      targetType: "site_settings_version",
      targetId: row.id,
      after: { note: body.note },
    });
    return row.id;
  });
  return versionDetail(ctx.db, id);
}

/** Publishes a draft: every page shows it from the next read. Audited as `content.published`. */
export async function publishDraft(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
  note: string,
): Promise<SiteContentDetail> {
  await ctx.db.transaction(async (tx) => {
    const at = await publicationTime(ctx, tx);
    const [row] = await tx.select().from(siteSettingsVersions).where(eq(siteSettingsVersions.id, id));
    if (!row) throw new ApiError("notFound");
    if (row.status !== "draft") throw new ApiError("contentNotDraft");
    const before = (await readPublished(tx)).version;
    await tx
      .update(siteSettingsVersions)
      .set({ status: "published", publishedAt: at, ...(note ? { note } : {}) })
      .where(eq(siteSettingsVersions.id, id));
    await recordStaffAction(ctx, tx, actor, {
      action: "content.published",
      targetType: "site_settings_version",
      targetId: id,
      before: { current: before || null },
      after: { current: id, note },
    });
  });
  ctx.siteContent.invalidate();
  return versionDetail(ctx.db, id);
}

/**
 * Rolls back to an earlier published version by publishing a copy of it, so the history keeps what
 * was shown when. Audited as `content.rolled_back`; a draft was never shown and is refused.
 */
export async function rollBack(
  ctx: AppContext,
  actor: AuditActor & { staffId: number },
  id: number,
  note: string,
): Promise<SiteContentDetail> {
  const copy = await ctx.db.transaction(async (tx) => {
    const at = await publicationTime(ctx, tx);
    const [row] = await tx.select().from(siteSettingsVersions).where(eq(siteSettingsVersions.id, id));
    if (!row) throw new ApiError("notFound");
    if (row.status !== "published") throw new ApiError("contentNeverPublished");
    const before = (await readPublished(tx)).version;
    const [made] = await tx
      .insert(siteSettingsVersions)
      .values({
        document: row.document,
        status: "published",
        createdBy: actor.staffId,
        createdAt: ctx.now(),
        publishedAt: at,
        note: note || `Rollback to version ${id}`,
      })
      .returning({ id: siteSettingsVersions.id });
    if (!made) throw new Error("the rollback was not written");
    await recordStaffAction(ctx, tx, actor, {
      action: "content.rolled_back",
      targetType: "site_settings_version",
      targetId: made.id,
      before: { current: before || null },
      after: { current: made.id, copy_of: id, note },
    });
    return made.id;
  });
  ctx.siteContent.invalidate();
  return versionDetail(ctx.db, copy);
}

/**
 * Publishes a document that did not come from the desk (the settings file) unless the pages already
 * show exactly it. The first start's import is version 1; later ones only with the file watched.
 * Returns the id published, or undefined when nothing changed.
 */
export async function importDocument(
  ctx: AppContext,
  document: SiteDocument,
  note: string,
  opts: { onlyIfEmpty: boolean },
): Promise<number | undefined> {
  const id = await ctx.db.transaction(async (tx) => {
    const at = await publicationTime(ctx, tx);
    const current = await readPublished(tx);
    if (current.version && (opts.onlyIfEmpty || sameDocument(current.document, document))) return undefined;
    const [made] = await tx
      .insert(siteSettingsVersions)
      .values({ document, status: "published", createdAt: ctx.now(), publishedAt: at, note })
      .returning({ id: siteSettingsVersions.id });
    return made?.id;
  });
  if (id) ctx.siteContent.invalidate();
  return id;
}

// jsonb keeps its own key order, so documents are compared with their keys sorted.
function sameDocument(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
        .map(([k, x]) => [k, sorted(x)]),
    );
  return v;
}

/** Whether a row id exists, for a preview token of it. */
export async function versionExists(ex: Executor, id: number): Promise<Row | undefined> {
  const [row] = await ex.select().from(siteSettingsVersions).where(eq(siteSettingsVersions.id, id));
  return row;
}
