import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@sportsbook/db", include: ["src/**/*.test.ts", "tests/**/*.test.ts"], testTimeout: 30_000 },
});
