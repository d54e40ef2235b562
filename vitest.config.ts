import { defineConfig } from "vitest/config";

// Each workspace is its own Vitest project so a package can pick its own environment (jsdom for the web app).
export default defineConfig({
  test: {
    projects: [
      "packages/*",
      "services/*",
      "apps/*",
      "apps/web/vitest.e2e.config.ts",
      { test: { name: "repo", include: ["tests/**/*.test.ts"] } },
    ],
  },
});
