import { LINK_STATES } from "@sportsbook/contracts/link";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { typed } from "../http/route-kit.js";
import { docsPage, type OpenApiDocument } from "./docs-page.js";

const linksSchema = z.record(
  z.string(),
  z.object({
    state: z.enum(LINK_STATES),
    cause: z.string().optional(),
    refused: z.boolean().optional(),
    since: z.iso.datetime(),
    failures: z.number().int(),
  }),
);

function linksOf(ctx: AppContext): z.infer<typeof linksSchema> {
  return Object.fromEntries(
    Object.entries(ctx.links()).map(([name, l]) => [name, { ...l, since: new Date(l.since).toISOString() }]),
  );
}

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
        summary: "Readiness: the database answers; the outside connections' state, and why one is down",
        description:
          "Ready as long as the database answers: a feed or another outside connection that is down " +
          "degrades the book (its markets suspended) without stopping this node, and `links` says why.",
        response: {
          200: z.object({ status: z.literal("ready"), database: z.string(), links: linksSchema }),
          503: z.object({ status: z.literal("unavailable"), database: z.string(), links: linksSchema }),
        },
      },
    },
    async (_request, reply) => {
      const links = linksOf(ctx);
      try {
        await ctx.database.ping();
        return { status: "ready" as const, database: ctx.database.kind, links };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const, database: ctx.database.kind, links });
      }
    },
  );
  app.get("/metrics", { schema: { hide: true } as object }, async (_request, reply) => {
    reply.type(ctx.metrics.registry.contentType);
    return ctx.metrics.registry.metrics();
  });
  app.get("/openapi.json", { schema: { hide: true } as object }, async () => app.swagger());
  app.get("/docs", { schema: { hide: true } as object }, async (_request, reply) => {
    reply.type("text/html; charset=utf-8");
    return docsPage(app.swagger() as unknown as OpenApiDocument);
  });
}
