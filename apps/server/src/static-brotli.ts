import { createReadStream, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
};

/** A path under the static folder (the router has decoded it): plain segments, never `..`. */
const staticPathSchema = z
  .string()
  .max(500)
  .regex(/^[\w@~.[\]()+-]+(\/[\w@~.[\]()+-]+)*$/)
  .refine((p) => !p.split("/").includes(".."));

/**
 * Answers `/_next/static/*` with the build's brotli copy (scripts/precompress-static.mjs) when the
 * client takes br and the copy exists; everything else goes to `fallback` (Next's own handler,
 * which sends gzip). The files are content-hashed, so they are cached for a year.
 */
export function serveStaticBrotli(
  app: FastifyInstance,
  staticDir: string,
  fallback: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.get("/_next/static/*", { compress: false }, async (request, reply) => {
    const wanted = staticPathSchema.safeParse((request.params as { "*": string })["*"]);
    const type = wanted.success ? TYPES[extname(wanted.data)] : undefined;
    const acceptsBr = /\bbr\b/.test(request.headers["accept-encoding"] ?? "");
    if (!wanted.success || !type || !acceptsBr) return fallback(request, reply);
    const file = normalize(join(staticDir, wanted.data));
    if (!file.startsWith(staticDir + sep)) return fallback(request, reply);
    const size = sizeOf(`${file}.br`);
    if (size === undefined) return fallback(request, reply);
    return reply
      .header("content-type", type)
      .header("content-encoding", "br")
      .header("content-length", size)
      .header("vary", "Accept-Encoding")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(createReadStream(`${file}.br`));
  });
}

function sizeOf(path: string): number | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : undefined;
  } catch {
    // no brotli copy (an older build, or a file not worth compressing): the fallback serves it
    return undefined;
  }
}
