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
    // What a poll waits for crosses a browser, the page server and often the feed: on a busy 2-core
    // machine a lazily loaded part can take seconds, which the 1 s default reads as a failure.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 240_000,
  },
});
