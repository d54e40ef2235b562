import { clientErrorBodySchema } from "@sportsbook/contracts";
import type { FastifyInstance } from "fastify";
import { Counter } from "prom-client";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { errorResponses, typed } from "../http/route-kit.js";

const CLIENT_ERRORS_METRIC = "sportsbook_client_errors_total";

/** A report is a few kilobytes: a page that sends more is not reporting an error. */
const CLIENT_ERROR_BODY_LIMIT = 32 * 1024;

/**
 * SPEC §8 error reporting, the server's side: every error a page reports (after the page's filters)
 * is logged and counted, whether or not a Sentry-compatible DSN also receives it, so an operator
 * without one still sees what breaks in players' browsers.
 */
export function registerClientErrorRoutes(app: FastifyInstance, ctx: AppContext): void {
  // One counter per registry: the routes are mounted by the API's own app and by a server composing it.
  const reported =
    (ctx.metrics.registry.getSingleMetric(CLIENT_ERRORS_METRIC) as Counter<"kind"> | undefined) ??
    new Counter({
      name: CLIENT_ERRORS_METRIC,
      help: "Errors the pages reported, by kind",
      labelNames: ["kind"],
      registers: [ctx.metrics.registry],
    });
  const r = typed(app);
  r.post(
    "/client-errors",
    {
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      schema: {
        tags: ["ops"],
        summary: "Reports an error a page met (logged and counted)",
        body: clientErrorBodySchema,
        response: { 202: z.object({ data: z.object({ accepted: z.literal(true) }) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const report = request.body;
      reported.inc({ kind: report.kind });
      request.log.warn(
        { clientError: report },
        `page error (${report.kind})${report.during ? ` ${report.during}` : ""}: ${report.name}: ${report.message}`,
      );
      return reply.code(202).send({ data: { accepted: true as const } });
    },
  );
}
