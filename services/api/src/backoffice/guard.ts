import type { BackofficeOperation } from "@sportsbook/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { type Actor, requireStaff } from "./session.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The back-office operation a route performs, checked against the caller's role before the handler. */
    operation?: BackofficeOperation;
    /** A back-office route open without a staff session (sign-in, an invitation link). */
    public?: true;
  }
}

const actors = new WeakMap<FastifyRequest, Actor>();

/**
 * Makes every route registered in `app` name its operation (or say it is public): a route that
 * names neither is refused at start-up, so no back-office call goes unchecked. Before its input is even validated
 * the caller's session and role are checked against the operation's roles.
 */
export function guardBackoffice(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("onRoute", (route) => {
    const config = route.config as { operation?: BackofficeOperation; public?: true } | undefined;
    if (!config?.operation && !config?.public)
      throw new Error(`back-office route ${route.method} ${route.url} names no operation`);
  });
  app.addHook("preValidation", async (request) => {
    const operation = request.routeOptions.config.operation;
    if (operation) actors.set(request, await requireStaff(ctx, request, operation));
  });
}

/** The staff member the guard admitted for this request. */
export function actorOf(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw new Error("a back-office route ran without its operation's guard");
  return actor;
}
