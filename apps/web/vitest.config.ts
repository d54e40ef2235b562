import { defineConfig } from "vitest/config";

// Component and unit tests of the web app run in jsdom; the end-to-end suites have their own project
// (vitest.e2e.config.ts) in Node, driving real Chromium against the running app.
export default defineConfig({
  test: {
    name: "@sportsbook/web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
