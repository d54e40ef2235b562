import { errorResponseSchema } from "@sportsbook/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requestLocale } from "./i18n.js";

/** Error answers every route documents. */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  500: errorResponseSchema,
} as const;

/**
 * Serializes a hot route's answers with `JSON.stringify` alone instead of encoding them through
 * their zod schema first, which cost bet placement about 0.07 ms of CPU, a sixth of its API
 * share. The handler's return type is the schema's type (checked when compiling) and the route's
 * tests check its answers against the schema; the schema still documents the route.
 */
export const unencodedAnswers = () => (data: unknown) => JSON.stringify(data);

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** The language a request asks for (`Accept-Language`), used to localise names and messages. */
export function localeOf(request: FastifyRequest): string {
  return requestLocale(request.headers["accept-language"]);
}

/** The SPEC §3 pagination block. */
export function pagination(total: number, page: number, limit: number) {
  return { total, page, limit, last_page: Math.max(1, Math.ceil(total / limit)) };
}

/** The `Idempotency-Key` header, if sent; 1–200 visible characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers["idempotency-key"];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}
