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
  webpack(webpackConfig: { resolve: { extensionAlias?: Record<string, string[]> } }) {
    webpackConfig.resolve.extensionAlias = { ".js": [".ts", ".tsx", ".js"], ".mjs": [".mts", ".mjs"] };
    return webpackConfig;
  },
};

export default createNextIntlPlugin("./src/i18n/request.ts")(config);
