import {
  idParamsSchema,
  siteContentActionBodySchema,
  siteContentDetailSchema,
  siteContentDraftBodySchema,
  siteContentListSchema,
  siteContentPreviewSchema,
} from "@sportsbook/contracts";
import { PREVIEW_TTL_SECONDS, signPreviewToken } from "../content/preview-token.js";
import { listVersions, publishDraft, rollBack, saveDraft, versionDetail } from "../content/store.js";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { auditActorOf, recordStaffAction } from "./audit.js";
import { actorOf } from "./guard.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

/** The Content desk: versions of the site settings, drafts, previews, publication and rollback. */
export function registerContentRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/content/versions",
    {
      config: { operation: "listContent" },
      schema: {
        tags,
        security,
        summary: "Every version of the site settings, newest first, and which one the pages show",
        response: { 200: siteContentListSchema, ...errorResponses },
      },
    },
    async () => ({ data: await listVersions(ctx.db) }),
  );

  r.get(
    "/content/versions/:id",
    {
      config: { operation: "listContent" },
      schema: {
        tags,
        security,
        summary: "One version of the site settings with its document",
        params: idParamsSchema,
        response: { 200: siteContentDetailSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await versionDetail(ctx.db, request.params.id) }),
  );

  r.post(
    "/content/versions",
    {
      config: { operation: "saveContentDraft" },
      schema: {
        tags,
        security,
        summary: "Save a site settings document as a new draft (checked against the document's schema)",
        body: siteContentDraftBodySchema,
        response: { 200: siteContentDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        data: await saveDraft(ctx, { ...auditActorOf(actor), staffId: actor.staff.id }, request.body),
      };
    },
  );

  r.post(
    "/content/versions/:id/preview",
    {
      config: { operation: "previewContent" },
      schema: {
        tags,
        security,
        summary: "A signed token that shows the pages with this version (30 minutes)",
        params: idParamsSchema,
        response: { 200: siteContentPreviewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = request.params.id;
      const expires = Math.floor(ctx.now().getTime() / 1000) + PREVIEW_TTL_SECONDS;
      await ctx.db.transaction(async (tx) => {
        const found = await versionDetail(tx, id);
        await recordStaffAction(ctx, tx, auditActorOf(actor), {
          action: "content.previewed",
          targetType: "site_settings_version",
          targetId: found.id,
        });
      });
      return {
        data: {
          token: signPreviewToken(ctx.settings.realtimeTokenSecret, id, expires),
          expires_at: new Date(expires * 1000).toISOString(),
        },
      };
    },
  );

  r.post(
    "/content/versions/:id/publish",
    {
      config: { operation: "publishContent" },
      schema: {
        tags,
        security,
        summary: "Publish a draft: every page shows it from its next read",
        params: idParamsSchema,
        body: siteContentActionBodySchema,
        response: { 200: siteContentDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return { data: await publishDraft(ctx, auditActorOf(actor), request.params.id, request.body.note) };
    },
  );

  r.post(
    "/content/versions/:id/rollback",
    {
      config: { operation: "publishContent" },
      schema: {
        tags,
        security,
        summary: "Roll back to an earlier published version by publishing a copy of it",
        params: idParamsSchema,
        body: siteContentActionBodySchema,
        response: { 200: siteContentDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        data: await rollBack(
          ctx,
          { ...auditActorOf(actor), staffId: actor.staff.id },
          request.params.id,
          request.body.note,
        ),
      };
    },
  );
}
