import { existsSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import next from "next";
import { serveStaticBrotli } from "./static-brotli.js";

/** The Next.js app's folder. */
export const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web");

export interface WebOptions {
  dataDir: string;
  publicUrl?: string | undefined;
  /** Hosts the pages' Content-Security-Policy allows beyond this origin and the site settings' own. */
  contentOrigins?: { img: string; frame: string; connect: string };
}

export interface Web {
  /** Points the page server at the API once the listening address is known (loopback, same process). */
  setApiUrl(url: string): void;
  /** Loads the production build; resolves false (pages answer 503) when there is no build. */
  prepare(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Serves every path that no Fastify route claims with Next.js's request handler: the pages live
 * beside `/api/*` and `/connection/websocket` on one origin. Unknown `/api` paths stay JSON 404s.
 */
export function mountWeb(app: FastifyInstance, opts: WebOptions): Web {
  // The page server reads its wiring from the environment of this process (Next has no other channel).
  process.env.DATA_DIR = opts.dataDir;
  if (opts.publicUrl) process.env.PUBLIC_URL = opts.publicUrl;
  if (opts.contentOrigins) {
    process.env.CSP_IMG_ORIGINS = opts.contentOrigins.img;
    process.env.CSP_FRAME_ORIGINS = opts.contentOrigins.frame;
    process.env.CSP_CONNECT_ORIGINS = opts.contentOrigins.connect;
  }

  let handle: ((req: FastifyRequest["raw"], res: FastifyReply["raw"]) => Promise<void>) | undefined;
  let nextApp: ReturnType<typeof next> | undefined;

  const toNext = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!handle) {
      return reply
        .code(503)
        .type("text/plain")
        .send("The web app is not built yet: run `npm start`, which builds it.");
    }
    reply.hijack();
    await handle(request.raw, reply.raw);
  };
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") {
      return reply
        .code(404)
        .send({ code: "not_found", message: `No route ${request.method} ${request.url.split("?")[0]}` });
    }
    return toNext(request, reply);
  });
  serveStaticBrotli(app, join(WEB_DIR, ".next", "static"), toNext);

  return {
    setApiUrl(url) {
      process.env.SPORTSBOOK_API_URL ??= url;
    },
    async prepare() {
      if (!existsSync(join(WEB_DIR, ".next", "BUILD_ID"))) return false;
      // Next attaches its own WebSocket upgrade listener to the server of the first request it
      // sees, and it would take /connection/websocket away from the realtime gateway. Pages need no
      // upgrades in production, so its listener goes on a server that never listens.
      nextApp = next({ dir: WEB_DIR, dev: false, quiet: true, httpServer: createHttpServer() });
      await nextApp.prepare();
      handle = nextApp.getRequestHandler();
      return true;
    },
    async close() {
      await nextApp?.close();
    },
  };
}
