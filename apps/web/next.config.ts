import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// SPEC §9: image quality base 80; AVIF at 0.8125 of it (65), WebP at 0.875 (70) — the qualities
// ResponsiveImage asks the optimizer for.
const IMAGE_QUALITY = { base: 80, avif: 65, webp: 70 } as const;

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Types are checked by the test command (tsc -p apps/web); the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Workspace packages are TypeScript source; Next compiles them with the app.
  transpilePackages: ["@sportsbook/domain", "@sportsbook/contracts"],
  images: {
    formats: ["image/avif", "image/webp"],
    qualities: [IMAGE_QUALITY.avif, IMAGE_QUALITY.webp, IMAGE_QUALITY.base],
    deviceSizes: [360, 720, 960, 1280, 1920],
    imageSizes: [16, 24, 32, 48, 64, 96, 128, 256],
    remotePatterns: [{ protocol: "https", hostname: "**" }],
  },
  // Workspace packages import their own files as `./x.js` (TypeScript ESM style); the bundler must
  // resolve those to the `.ts` sources. Turbopack has no equivalent yet, so builds use webpack.
  webpack(webpackConfig: WebpackConfig, { isServer, dev }: { isServer: boolean; dev: boolean }) {
    webpackConfig.resolve.extensionAlias = { ".js": [".ts", ".tsx", ".js"], ".mjs": [".mts", ".mjs"] };
    const splitChunks = webpackConfig.optimization?.splitChunks;
    if (!isServer && !dev && splitChunks) splitChunks.cacheGroups = { ...splitChunks.cacheGroups, shell };
    return webpackConfig;
  },
};

/** The parts of webpack's configuration this file touches. */
interface WebpackConfig {
  resolve: { extensionAlias?: Record<string, string[]> };
  optimization?: { splitChunks?: false | { cacheGroups?: Record<string, unknown> } };
}

const LAYOUT_ENTRY = "app/[locale]/layout";

/**
 * Every page loads the locale layout's chunks, and with them webpack's default split of the modules
 * the layout shares with pages and lazily loaded parts: five chunks of 2.5–11 KB compressed, each a
 * request with response headers of its own. One chunk holds them instead: the same code, smaller
 * compressed as one, in one response. Modules only the layout uses stay in its own chunk, and React
 * and the Next runtime in theirs (the framework and library groups rank above this one); nothing
 * outside the layout's own modules moves into a page's first load.
 */
const shell = {
  name: "shell",
  chunks: "all",
  enforce: true,
  priority: 10,
  test: (
    module: unknown,
    { chunkGraph }: { chunkGraph: { getModuleChunks(m: unknown): { name?: string | null }[] } },
  ) => {
    const chunks = chunkGraph.getModuleChunks(module);
    return chunks.length > 1 && chunks.some((c) => c.name === LAYOUT_ENTRY);
  },
};

export default createNextIntlPlugin({
  requestConfig: "./src/i18n/request.ts",
  // Messages compiled at build time: the browser formats them without the ICU parser in its first
  // load, and without parsing each message as the page hydrates.
  experimental: { messages: { path: "./src/messages", format: "json", locales: "infer", precompile: true } },
})(config);
