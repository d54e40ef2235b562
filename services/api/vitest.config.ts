import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@sportsbook/api",
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
