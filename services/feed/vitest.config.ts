import { defineProject } from "vitest/config";

// Database suites replay whole feed sessions; running them one file at a time keeps a shared
// two-core machine responsive and their timings inside the limits.
export default defineProject({
  test: {
    name: "@sportsbook/feed",
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
