import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staff } from "./backoffice.js";

/**
 * Versions of the operator's site settings document (layout, pages, theme, locales, texts). A draft
 * is edited and previewed by staff; the published version with the latest `published_at` is what
 * every page shows. Rolling back publishes a copy of an earlier version, so history only grows.
 */
export const siteSettingsVersions = pgTable(
  "site_settings_versions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The document as written (validated by the contracts' schema; defaults are filled on reading). */
    document: jsonb("document").notNull(),
    /** `draft` or `published`. */
    status: text("status").notNull(),
    /** Who saved it; none for the import from the settings file at first start. */
    createdBy: bigint("created_by", { mode: "number" }).references(() => staff.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    note: text("note").notNull().default(""),
  },
  (t) => [
    check("site_settings_versions_status", sql`${t.status} in ('draft', 'published')`),
    check(
      "site_settings_versions_published",
      sql`(${t.status} = 'published') = (${t.publishedAt} is not null)`,
    ),
    index("site_settings_versions_published_idx").on(t.publishedAt.desc(), t.id.desc()),
  ],
);
