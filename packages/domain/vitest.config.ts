import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "@sportsbook/domain",
    include: ["src/**/*.test.ts"],
    // Property tests run from a fixed seed so every run checks the same cases.
    setupFiles: ["./vitest.setup.ts"],
  },
});
