import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { typed } from "../http/route-kit.js";
import { DOCS_PAGE_POLICY, docsPage, type OpenApiDocument } from "./docs-page.js";

export function registerOpsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  r.get(
    "/live",
    {
      schema: {
        tags: ["operations"],
        summary: "Liveness",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  );
  r.get(
    "/ready",
    {
      schema: {
        tags: ["operations"],
        summary: "Readiness: the database answers",
        response: {
          200: z.object({ status: z.literal("ready"), database: z.string() }),
          503: z.object({ status: z.literal("unavailable"), database: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await ctx.database.ping();
        return { status: "ready" as const, database: ctx.database.kind };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const, database: ctx.database.kind });
      }
    },
  );
  app.get("/metrics", { schema: { hide: true } as object }, async (_request, reply) => {
    reply.type(ctx.metrics.registry.contentType);
    return ctx.metrics.registry.metrics();
  });
  // The reference is a map of every door: a production node opens it only when told to.
  if (!ctx.settings.apiDocs) return;
  app.get("/openapi.json", { schema: { hide: true } as object }, async () => app.swagger());
  app.get("/docs", { schema: { hide: true } as object }, async (_request, reply) => {
    reply.type("text/html; charset=utf-8").header("content-security-policy", DOCS_PAGE_POLICY);
    return docsPage(app.swagger() as unknown as OpenApiDocument);
  });
}
