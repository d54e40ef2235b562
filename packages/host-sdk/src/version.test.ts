import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { SDK_VERSION } from "./version.js";

it("serves the SDK under its package's version", () => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8"));
  expect(SDK_VERSION).toBe(manifest.version);
});
