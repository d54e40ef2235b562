import { fileURLToPath } from "node:url";
import { SDK_VERSION } from "@sportsbook/host-sdk";
import { build } from "esbuild";
import type { FastifyInstance } from "fastify";

/** Where operators' pages load the host SDK from: the version is in the address, so it never changes. */
export const HOST_SDK_PATHS = {
  script: `/sdk/host-sdk@${SDK_VERSION}.js`,
  module: `/sdk/host-sdk@${SDK_VERSION}.mjs`,
} as const;

/**
 * The host SDK as a browser loads it: one self-contained file per form, the protocol's schemas
 * inlined, for a `<script src>` (it defines `window.SportsbookHost`) or an `import` from a module.
 */
export async function bundleHostSdk(): Promise<{ script: string; module: string }> {
  const bundle = async (entry: string, format: "iife" | "esm") => {
    const result = await build({
      entryPoints: [fileURLToPath(import.meta.resolve(entry))],
      bundle: true,
      minify: true,
      format,
      target: "es2020",
      platform: "browser",
      write: false,
      legalComments: "none",
      logLevel: "silent",
    });
    const file = result.outputFiles[0];
    if (!file) throw new Error(`bundling ${entry} produced nothing`);
    return file.text;
  };
  const [script, module] = await Promise.all([
    bundle("@sportsbook/host-sdk/script", "iife"),
    bundle("@sportsbook/host-sdk", "esm"),
  ]);
  return { script, module };
}

/**
 * Serves the host SDK at its versioned paths, bundled once on first request. Any site may load it
 * (it is public code meant for operators' pages; a module script from another origin needs CORS),
 * and browsers keep it for a year.
 */
export function registerHostSdk(app: FastifyInstance): void {
  let bundled: Promise<{ script: string; module: string }> | undefined;
  const bundle = () => {
    bundled ??= bundleHostSdk().catch((err: unknown) => {
      // the next request tries again rather than serving a failure forever
      bundled = undefined;
      throw err;
    });
    return bundled;
  };
  for (const form of ["script", "module"] as const)
    app.get(HOST_SDK_PATHS[form], async (_request, reply) => {
      const body = (await bundle())[form];
      return reply
        .type("text/javascript; charset=utf-8")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("access-control-allow-origin", "*")
        .header("cross-origin-resource-policy", "cross-origin")
        .send(body);
    });
}
