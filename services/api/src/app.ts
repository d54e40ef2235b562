import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import type { ApiConfig } from "./config.js";
import { watchSettingsFile } from "./content/settings-file.js";
import { type AppContext, createContext } from "./context.js";
import { apiPlugin } from "./http/plugin.js";

export interface Api {
  /** The context the routes share (database, publisher, clock, metrics). */
  ctx: AppContext;
  /** The routes as a plugin, to register under `/api` in another Fastify app. */
  plugin: FastifyPluginAsync;
  /** A standalone app with the routes under `/api`; tests call `app.inject()`. */
  app: FastifyInstance;
  start(options: { port: number; host?: string }): Promise<string>;
  stop(): Promise<void>;
}

/** Builds the API (routes, context, standalone app) without listening. */
export async function createApi(config: ApiConfig): Promise<Api> {
  const ctx = createContext(config);
  const watch = config.siteSettingsWatch;
  if (watch) ctx.syncSiteSettingsFile = watchSettingsFile(ctx, watch.path, watch.onError);
  const plugin = apiPlugin(ctx);
  const options = { bodyLimit: 256 * 1024, trustProxy: config.trustProxy ?? false };
  const app = config.logger
    ? Fastify({ ...options, loggerInstance: config.logger })
    : Fastify({ ...options, logger: false });
  await app.register(plugin, { prefix: "/api" });
  return {
    ctx,
    plugin,
    app,
    start: (options) => app.listen({ port: options.port, host: options.host ?? "127.0.0.1" }),
    stop: () => app.close(),
  };
}
