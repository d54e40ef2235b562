import { randomBytes } from "node:crypto";
import { createHostDemo } from "@sportsbook/host-demo";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.js";
import { HOST_SDK_PATHS } from "./host-sdk.js";

export interface HostDemoRunner {
  /** The key the host demo's session handovers use, unless the operator set OPERATOR_API_KEY. */
  operatorKey: string;
  /** Listens beside the sportsbook; resolves the host demo's address as a player opens it. */
  start(sportsbookPort: number, apiUrl: string): Promise<string>;
  stop(): Promise<void>;
}

const loopbackName = (host: string) => (host === "0.0.0.0" || host === "::" ? "localhost" : host);

/**
 * The host demo on its own port: a second origin, so the sportsbook runs in it as in a real host's
 * frame. Its origins join the ones allowed to frame the site. Without OPERATOR_API_KEY it gets a
 * key of this process only, unknown to anyone else.
 */
export function hostDemoRunner(config: ServerConfig): HostDemoRunner {
  const operatorKey = config.OPERATOR_API_KEY ?? randomBytes(32).toString("base64url");
  let app: FastifyInstance | undefined;
  return {
    operatorKey,
    async start(sportsbookPort, apiUrl) {
      const name = loopbackName(config.HOST);
      const sportsbookUrl = config.PUBLIC_URL ?? `http://${name}:${sportsbookPort}`;
      app = createHostDemo({ sportsbookUrl, apiUrl, operatorKey, sdkPath: HOST_SDK_PATHS.script });
      const port = config.HOST_DEMO_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1);
      await app.listen({ port, host: config.HOST });
      const address = app.server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      // Read by the page server on each request: these may frame the site and message it.
      const origins = [`http://localhost:${bound}`, `http://127.0.0.1:${bound}`];
      process.env.PLATFORM_ORIGINS = [process.env.PLATFORM_ORIGINS, ...origins].filter(Boolean).join(",");
      return `http://${name}:${bound}`;
    },
    async stop() {
      await app?.close();
    },
  };
}
