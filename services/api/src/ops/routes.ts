import { LINK_STATES } from "@sportsbook/contracts/link";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { typed } from "../http/route-kit.js";
import { DOCS_PAGE_POLICY, docsPage, type OpenApiDocument } from "./docs-page.js";

const iso = z.iso.datetime().nullable();

/**
 * The feed as this node reads it. A stale feed leaves the node ready (accounts, prematch and pages
 * still work; live selections are refused one by one), but says so: `live` when every producer is
 * fresh, `stale` when any is silent past its threshold or down, `unknown` before any producer is heard.
 */
const feedSchema = z.object({
  status: z.enum(["live", "stale", "unknown"]),
  leader: z.string().nullable(),
  read_at: iso,
  producers: z.array(
    z.object({
      provider: z.string(),
      producer: z.number().int(),
      kind: z.enum(["live", "prematch"]),
      status: z.enum(["up", "down"]),
      last_message_at: iso,
      last_alive_at: iso,
      silence_ms: z.number().int().nullable(),
      threshold_ms: z.number().int(),
      stale: z.boolean(),
    }),
  ),
});

function feedReadiness(ctx: AppContext): z.infer<typeof feedSchema> | undefined {
  if (!ctx.feed) return undefined;
  const r = ctx.feed.report();
  const at = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    status: r.producers.length === 0 ? "unknown" : r.producers.some((p) => p.stale) ? "stale" : "live",
    leader: r.leader,
    read_at: at(r.readAt),
    producers: r.producers.map((p) => ({
      provider: p.provider,
      producer: p.producer,
      kind: p.kind,
      status: p.status,
      last_message_at: at(p.lastMessageAt),
      last_alive_at: at(p.lastAliveAt),
      silence_ms: p.silenceMs === null ? null : Math.round(p.silenceMs),
      threshold_ms: p.thresholdMs,
      stale: p.stale,
    })),
  };
}

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
        summary:
          "Readiness: the database answers; the odds feed's freshness and leader, and the outside connections' state",
        description:
          "Ready as long as the database answers: a stale feed or another outside connection that is down " +
          "degrades the book (its markets suspended) without stopping this node; `feed` and `links` say why. " +
          "A node shutting down answers 503 `draining` first, while it still finishes the requests under way.",
        response: {
          200: z.object({
            status: z.literal("ready"),
            database: z.string(),
            feed: feedSchema.optional(),
            links: linksSchema,
          }),
          503: z.object({
            status: z.enum(["unavailable", "draining"]),
            database: z.string(),
            feed: feedSchema.optional(),
            links: linksSchema,
          }),
        },
      },
    },
    async (_request, reply) => {
      const feed = feedReadiness(ctx);
      const links = linksOf(ctx);
      const parts = { database: ctx.database.kind, ...(feed ? { feed } : {}), links };
      if (ctx.draining()) return reply.status(503).send({ status: "draining" as const, ...parts });
      try {
        await ctx.database.ping();
        return { status: "ready" as const, ...parts };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const, ...parts });
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
