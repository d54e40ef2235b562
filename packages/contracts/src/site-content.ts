import { z } from "zod";
import { instantSchema, text } from "./http/common.js";

/**
 * Wire schemas of the back office's Content desk (`/api/backoffice/content/…`) and of the published
 * site settings the pages read (`/api/site-settings`). The document itself is `siteSettingsSchema`
 * of `./site-settings.ts`; it travels here as written, and is checked against that schema on save.
 */

export const SITE_CONTENT_STATUSES = ["draft", "published"] as const;
export type SiteContentStatus = (typeof SITE_CONTENT_STATUSES)[number];

/** A site settings document as sent and stored: a JSON object, checked against the schema on save. */
export const siteDocumentSchema = z.record(z.string(), z.unknown());

/** One version of the site settings, without its document. */
export const siteContentVersionSchema = z.object({
  id: z.number().int(),
  status: z.enum(SITE_CONTENT_STATUSES),
  note: z.string(),
  /** The staff member who saved it; null for the import from the settings file at first start. */
  created_by: z.string().nullable(),
  created_at: instantSchema,
  published_at: instantSchema.nullable(),
  /** Whether the pages show this version now. */
  current: z.boolean(),
});
export type SiteContentVersion = z.infer<typeof siteContentVersionSchema>;

/** `GET /backoffice/content/versions`: newest first. */
export const siteContentListSchema = z.object({
  data: z.object({ current_id: z.number().int().nullable(), versions: z.array(siteContentVersionSchema) }),
});

/** `GET /backoffice/content/versions/{id}` and the answer of every change: one version with its document. */
export const siteContentDetailSchema = z.object({
  data: siteContentVersionSchema.extend({ document: siteDocumentSchema }),
});
export type SiteContentDetail = z.infer<typeof siteContentDetailSchema>["data"];

/** `POST /backoffice/content/versions`: save a document as a new draft. */
export const siteContentDraftBodySchema = z.object({
  document: siteDocumentSchema,
  note: text().trim().max(500).default(""),
});

/** `POST /backoffice/content/versions/{id}/publish` and `…/rollback`: why, for the history. */
export const siteContentActionBodySchema = z.object({ note: text().trim().max(500).default("") });

/** `POST /backoffice/content/versions/{id}/preview`: a signed token that shows pages with this version. */
export const siteContentPreviewSchema = z.object({
  data: z.object({ token: z.string(), expires_at: instantSchema }),
});

/** A preview token as the pages pass it on: version id, expiry (epoch seconds) and signature. */
export const previewTokenSchema = z.string().regex(/^\d{1,15}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/);

/** `GET /site-settings` (`?preview=` a staff preview token): the document pages render with. */
export const publishedSiteSettingsSchema = z.object({
  data: z.object({
    /** The version's id; 0 before any version exists. */
    version: z.number().int(),
    document: siteDocumentSchema,
  }),
});
export const siteSettingsQuerySchema = z.object({ preview: previewTokenSchema.optional() });
