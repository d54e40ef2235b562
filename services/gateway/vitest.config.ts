import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@sportsbook/gateway",
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    // Token lifetimes are whole seconds in the protocol, so refresh tests take a few real seconds.
    testTimeout: 15_000,
  },
});
