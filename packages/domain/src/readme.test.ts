import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as domain from "./index.js";

describe("package README", () => {
  it("names every runtime export of the package", () => {
    const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
    const missing = Object.keys(domain).filter((name) => !new RegExp(`\\b${name}\\b`).test(readme));
    expect(missing).toEqual([]);
  });
});
