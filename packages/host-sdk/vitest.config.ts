import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "@sportsbook/host-sdk",
    include: ["src/**/*.test.ts"],
    // The SDK runs in an operator's page: its tests need a window, frames and postMessage.
    environment: "jsdom",
  },
});
