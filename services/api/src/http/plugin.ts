import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import { TEXT_REFUSAL } from "@sportsbook/contracts";
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { clearSessionCookies } from "../auth/session.js";
import { registerBackofficeRoutes } from "../backoffice/routes.js";
import { registerBetRoutes } from "../bets/routes.js";
import { registerBonusRoutes } from "../bonuses/routes.js";
import { registerCatalogueRoutes } from "../catalogue/routes.js";
import { registerSiteSettingsRoutes } from "../content/routes.js";
import type { AppContext } from "../context.js";
import { registerGameRoutes } from "../games/routes.js";
import { registerAccountRoutes } from "../identity/index.js";
import { registerJackpotRoutes } from "../jackpots/routes.js";
import { registerOpsRoutes } from "../ops/routes.js";
import { registerPaymentRoutes } from "../payments/routes.js";
import { registerPlayerRoutes } from "../player/routes.js";
import { registerPushRoutes } from "../push/routes.js";
import { registerClientErrorRoutes } from "../reports/client-error-routes.js";
import { databaseErrorOf, UNSTORABLE_TEXT } from "./database-errors.js";
import { ApiError, errorBody, validationError } from "./errors.js";
import { requestLocale } from "./i18n.js";

function fieldOf(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return [context, path].filter(Boolean).join(".") || "body";
}

/** Turns anything thrown into the catalogue's error body, keeping the cause in the log. */
function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  const database = databaseErrorOf(error);
  if (database && UNSTORABLE_TEXT.has(database.code)) {
    // A second line of defence behind text(): the input is at fault, not the server.
    return validationError([{ field: "body", message: TEXT_REFUSAL }]);
  }
  if (database) {
    // Logged by code and message only: the wrapping error names every parameter of the query.
    request.log.error({ database }, "database error");
    return new ApiError("internal");
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(
      error.validation.map((v) => ({
        field: fieldOf(error.validationContext, v.instancePath),
        message: v.message ?? "invalid",
      })),
    );
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause }, "response did not match its schema");
    return new ApiError("internal");
  }
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return new ApiError("payloadTooLarge");
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, bad cookies: the body is at fault.
    return validationError([{ field: "body", message: error.message }]);
  }
  request.log.error({ err: error }, "unhandled error");
  return new ApiError("internal");
}

/**
 * Every API route with its validation, errors, cookies, OpenAPI document and metrics. Register it
 * under a prefix (`/api`) in any Fastify app.
 */
export function apiPlugin(ctx: AppContext): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(cookie);
    await app.register(swagger, {
      openapi: {
        openapi: "3.0.3",
        info: {
          title: "Sportsbook API",
          version: "1.0.0",
          description:
            "Sportsbook and Platform API. Money is integer minor units; odds are integers × 1000. Errors follow docs/errors.md.",
        },
        components: {
          securitySchemes: {
            session: { type: "apiKey", in: "cookie", name: "sb_session" },
            csrf: { type: "apiKey", in: "header", name: "X-CSRF-Token" },
            staffSession: { type: "apiKey", in: "cookie", name: "sb_staff" },
          },
        },
      },
      transform: jsonSchemaTransform,
    });

    // A JSON content type with no body (SPEC §7 calls such as POST /websocket/token take none) is
    // read as no body; routes that want one still refuse it through their schema.
    const parseJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text === "") return done(null, undefined);
      return parseJson(request, text, done);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const apiError = toApiError(error, request);
      // An ended session's cookies go with the 401 (set as they were, or a frame's partitioned ones
      // stay), so the next page is a visitor's for real. A bearer token's request names no cookie.
      if (apiError.kind === "sessionExpired" && !request.headers.authorization)
        clearSessionCookies(ctx, request, reply);
      return reply
        .status(apiError.status)
        .send(errorBody(apiError, requestLocale(request.headers["accept-language"])));
    });
    app.setNotFoundHandler((request, reply) =>
      reply
        .status(404)
        .send(errorBody(new ApiError("notFound"), requestLocale(request.headers["accept-language"]))),
    );

    app.addHook("onResponse", async (request, reply) => {
      ctx.metrics.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? "unmatched",
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    registerOpsRoutes(app, ctx);
    registerPlayerRoutes(app, ctx);
    registerAccountRoutes(app, ctx);
    registerCatalogueRoutes(app, ctx);
    registerBetRoutes(app, ctx);
    registerPaymentRoutes(app, ctx);
    registerBonusRoutes(app, ctx);
    registerJackpotRoutes(app, ctx);
    registerGameRoutes(app, ctx);
    registerClientErrorRoutes(app, ctx);
    registerPushRoutes(app, ctx);
    registerBackofficeRoutes(app, ctx);
    registerSiteSettingsRoutes(app, ctx);
  };
}
