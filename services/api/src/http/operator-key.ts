import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { ApiError } from "./errors.js";

/**
 * Admits the operator's server-to-server calls (`X-Operator-Key`). Without the right key, or with no
 * key configured, the call answers 404 so the operator surface is not even visible.
 */
export function assertOperator(ctx: AppContext, request: FastifyRequest): void {
  const key = ctx.payments.operatorKey;
  const shown = request.headers["x-operator-key"];
  if (!key || typeof shown !== "string") throw new ApiError("notFound");
  const a = Buffer.from(key);
  const b = Buffer.from(shown);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new ApiError("notFound");
}
