import { publishedSiteSettingsSchema, siteSettingsQuerySchema } from "@sportsbook/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { verifyPreviewToken } from "./preview-token.js";
import { versionExists } from "./store.js";

/**
 * `GET /site-settings`: the published site settings the pages render with. The answer's ETag is
 * the version, so a page server asking again with `If-None-Match` gets a bodiless 304 until the
 * next publication. With `preview`, a staff preview token, it answers that token's version.
 */
export function registerSiteSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  r.get(
    "/site-settings",
    {
      schema: {
        tags: ["settings"],
        summary: "The published site settings document (layout, pages, theme, locales)",
        querystring: siteSettingsQuerySchema,
        response: {
          200: publishedSiteSettingsSchema,
          304: z.null().describe("Unchanged since the version named in If-None-Match"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache");
      const token = request.query.preview;
      if (token !== undefined) {
        const id = verifyPreviewToken(ctx.settings.realtimeTokenSecret, token, ctx.now());
        const row = id === undefined ? undefined : await versionExists(ctx.db, id);
        if (!row) throw new ApiError("unauthorized", { message: "This preview link is not valid any more." });
        reply.header("cache-control", "private, no-store");
        return { data: { version: row.id, document: row.document as Record<string, unknown> } };
      }
      await ctx.syncSiteSettingsFile?.();
      const published = await ctx.siteContent.get(ctx.now());
      const etag = `"${published.version}"`;
      reply.header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.code(304).send(null);
      return { data: published };
    },
  );
}
