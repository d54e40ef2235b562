import { defineConfig } from "vitest/config";

// End-to-end suites: one app started as `npm start` starts it (free port, temporary DATA_DIR),
// shared by the suites, which run one after another so a 2-core machine keeps up.
export default defineConfig({
  test: {
    name: "@sportsbook/web-e2e",
    environment: "node",
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
