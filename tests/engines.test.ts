import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

// The Node versions the project declares must be ones every installed package accepts: a range
// wider than a dependency's makes `npm ci` warn and that package fail on the versions in between.
const root = join(import.meta.dirname, "..");

function declaredRange(): string {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { engines?: { node?: string } };
  const range = pkg.engines?.node;
  if (!range) throw new Error("package.json declares no engines.node");
  return range;
}

/** name@version → engines.node of every package under node_modules, nested ones included. */
function installedEngines(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith("@")) {
      installedEngines(path, out);
      continue;
    }
    const manifest = join(path, "package.json");
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as {
        name?: string;
        version?: string;
        engines?: { node?: unknown };
      };
      if (typeof pkg.engines?.node === "string") out.set(`${pkg.name}@${pkg.version}`, pkg.engines.node);
    }
    const nested = join(path, "node_modules");
    if (existsSync(nested)) installedEngines(nested, out);
  }
  return out;
}

describe("engines", () => {
  it("the declared Node range is one every installed package accepts", () => {
    const range = declaredRange();
    const engines = installedEngines(join(root, "node_modules"));
    // the walk found the packages that narrow the range today, so an empty walk cannot pass
    expect(engines.size).toBeGreaterThan(100);
    const refused = [...engines].filter(([, accepted]) => !semver.subset(range, accepted));
    expect(refused).toEqual([]);
  });

  it("the Node running the tests is in the declared range", () => {
    expect(semver.satisfies(process.version, declaredRange())).toBe(true);
  });
});
