import type { RealtimePublisher } from "@sportsbook/contracts";
import { createGateway } from "@sportsbook/gateway";
import Fastify, { type FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.js";

export interface Server {
  app: FastifyInstance;
  /** The realtime gateway's publisher: services composed here publish through it. */
  publisher: RealtimePublisher;
  start(): Promise<string>;
  stop(): Promise<void>;
}

/** Composes every part of the sportsbook behind one origin: pages, `/api` and `/connection/websocket`. */
export async function createServer(config: ServerConfig): Promise<Server> {
  const app = Fastify({ logger: { level: config.LOG_LEVEL } });

  app.get("/api/health", async () => ({ status: "ok" }));

  // Realtime: the gateway takes WebSocket upgrades on /connection/websocket of this origin, and its
  // publisher is the one every service composed here publishes through (Redis fans out when set).
  const gateway = createGateway({
    tokenSecret: config.REALTIME_TOKEN_SECRET,
    redisUrl: config.REDIS_URL,
    onError: (err) => app.log.error({ err }, "realtime gateway error"),
  });
  const publisher: RealtimePublisher = gateway.publisher;
  app.server.on("upgrade", (req, socket, head) => gateway.handleUpgrade(req, socket, head));

  return {
    app,
    publisher,
    async start() {
      await gateway.start();
      return app.listen({ port: config.PORT, host: config.HOST });
    },
    async stop() {
      await gateway.stop();
      await app.close();
    },
  };
}
