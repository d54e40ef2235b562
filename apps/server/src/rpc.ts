import { text } from "@sportsbook/contracts";
import { ErrorCode, ReplyError, type RpcHandler } from "@sportsbook/gateway";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

/**
 * RPC methods of a realtime connection, each a public read of the Sportsbook API answered in this
 * process: a page already connected for live data can fetch a match's markets or the counters over
 * the same socket instead of opening an HTTP request. Player-specific reads stay on HTTP, where the
 * session cookie and CSRF rules apply.
 */
export const RPC_ROUTES = {
  sports: "/sports",
  categories: "/categories",
  tournaments: "/tournaments",
  matches: "/matches",
  match: "/matches/:id",
  match_markets: "/matches/:id/markets",
  counters: "/counters",
  search: "/search",
} as const;

const rpcDataSchema = z
  .object({
    /** The `:id` of routes that name one entity. */
    id: z
      .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), text().regex(/^[\w:.-]{1,100}$/)])
      .optional(),
    /** Query parameters as the HTTP call takes them. */
    query: z.record(text().max(50), z.union([text().max(500), z.number(), z.boolean()])).optional(),
    /** Language of names, as the HTTP call's Accept-Language. */
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
      .optional(),
  })
  .strict();

/** First API error codes start here; below are the realtime protocol's own. */
const API_ERROR_CODE_BASE = 1000;

function badRequest(message: string): ReplyError {
  return new ReplyError({ code: ErrorCode.badRequest, message });
}

/** The RPC handlers, routing each method to `apiPrefix` + its route through `app.inject`. */
export function apiRpcHandlers(app: FastifyInstance, apiPrefix = "/api"): Record<string, RpcHandler> {
  const handlers: Record<string, RpcHandler> = {};
  for (const [method, route] of Object.entries(RPC_ROUTES)) {
    handlers[method] = async (_ctx, data) => {
      const parsed = rpcDataSchema.safeParse(data ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "bad rpc data");
      const { id, query, locale } = parsed.data;
      const needsId = route.includes(":id");
      if (needsId !== (id !== undefined)) throw badRequest(needsId ? "id is required" : "id is not taken");
      const path = needsId ? route.replace(":id", encodeURIComponent(String(id))) : route;
      const search = new URLSearchParams(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)]));
      const res = await app.inject({
        method: "GET",
        url: `${apiPrefix}${path}${search.size > 0 ? `?${search}` : ""}`,
        headers: locale ? { "accept-language": locale } : {},
      });
      const body: unknown = res.body.length > 0 ? res.json() : undefined;
      if (res.statusCode >= 200 && res.statusCode < 300) return body;
      // The API's catalogue error, code and localized message, for the caller to show.
      const error = body as { code?: unknown; message?: unknown } | undefined;
      const code = typeof error?.code === "number" ? error.code : res.statusCode;
      throw new ReplyError({
        code: code >= API_ERROR_CODE_BASE ? code : API_ERROR_CODE_BASE + res.statusCode,
        message: typeof error?.message === "string" ? error.message : `HTTP ${res.statusCode}`,
      });
    };
  }
  return handlers;
}
