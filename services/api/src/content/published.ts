import { type Executor, siteSettingsVersions } from "@sportsbook/db";
import { desc, isNotNull } from "drizzle-orm";

/** A site settings document as stored: a JSON object the contracts' schema accepts. */
export type SiteDocument = Record<string, unknown>;

/** The version the pages show; version 0 (the defaults) before any exists. */
export interface PublishedSettings {
  version: number;
  document: SiteDocument;
}

/** How long a node keeps the published version before asking the database again. */
export const SITE_CONTENT_TTL_MS = 1_000;

/** The current published version: the one published last (a rollback's copy included). */
export async function readPublished(ex: Executor): Promise<PublishedSettings> {
  const [row] = await ex
    .select({ id: siteSettingsVersions.id, document: siteSettingsVersions.document })
    .from(siteSettingsVersions)
    .where(isNotNull(siteSettingsVersions.publishedAt))
    .orderBy(desc(siteSettingsVersions.publishedAt), desc(siteSettingsVersions.id))
    .limit(1);
  return row ? { version: row.id, document: row.document as SiteDocument } : { version: 0, document: {} };
}
