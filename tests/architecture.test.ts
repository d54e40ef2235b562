import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Dependencies point one way: apps → services → packages → contracts → domain, with no cycles.
const root = join(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx|mts)$/;

interface Workspace {
  name: string;
  dir: string;
  rank: number;
}

function workspaces(): Workspace[] {
  const out: Workspace[] = [];
  for (const group of ["packages", "services", "apps"]) {
    for (const entry of readdirSync(join(root, group))) {
      const dir = join(root, group, entry);
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string };
      const rank =
        pkg.name === "@sportsbook/domain"
          ? 0
          : pkg.name === "@sportsbook/contracts"
            ? 1
            : group === "packages"
              ? 2
              : group === "services"
                ? 3
                : 4;
      out.push({ name: pkg.name, dir, rank });
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === ".next" || entry === "data") continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) files.push(...sourceFiles(p));
    else if (SOURCE.test(entry)) files.push(p);
  }
  return files;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? "");
}

const all = workspaces();
const byName = new Map(all.map((w) => [w.name, w]));

function workspaceDeps(w: Workspace): Set<string> {
  const deps = new Set<string>();
  for (const f of sourceFiles(w.dir)) {
    for (const spec of importsOf(f)) {
      const name = spec.startsWith("@sportsbook/") ? spec.split("/").slice(0, 2).join("/") : undefined;
      if (name && name !== w.name) deps.add(name);
    }
  }
  return deps;
}

describe("architecture", () => {
  it("the domain package is pure: no node modules, globals of time and chance, or other packages", () => {
    const domain = byName.get("@sportsbook/domain");
    expect(domain).toBeDefined();
    const offences: string[] = [];
    for (const f of sourceFiles(join(domain?.dir ?? "", "src"))) {
      if (/\.test\.ts$/.test(f)) continue;
      const text = readFileSync(f, "utf8");
      for (const spec of importsOf(f))
        if (!spec.startsWith(".")) offences.push(`${relative(root, f)} imports ${spec}`);
      for (const banned of ["process.env", "Date.now(", "Math.random(", "new Date()", "require("]) {
        if (text.includes(banned)) offences.push(`${relative(root, f)} uses ${banned}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it("workspaces only import workspaces below them, and never an app", () => {
    const offences: string[] = [];
    for (const w of all) {
      for (const dep of workspaceDeps(w)) {
        const target = byName.get(dep);
        if (!target) offences.push(`${w.name} imports unknown ${dep}`);
        else if (target.rank > w.rank || (target.rank === w.rank && w.rank < 2) || target.rank === 4)
          offences.push(`${w.name} (layer ${w.rank}) imports ${dep} (layer ${target.rank})`);
      }
    }
    expect(offences).toEqual([]);
  });

  it("has no dependency cycles between workspaces", () => {
    const graph = new Map(all.map((w) => [w.name, [...workspaceDeps(w)]]));
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (n: string, path: string[]) => {
      if (state.get(n) === "done") return;
      if (state.get(n) === "visiting") {
        cycles.push([...path.slice(path.indexOf(n)), n].join(" → "));
        return;
      }
      state.set(n, "visiting");
      for (const d of graph.get(n) ?? []) visit(d, [...path, n]);
      state.set(n, "done");
    };
    for (const n of graph.keys()) visit(n, []);
    expect(cycles).toEqual([]);
  });

  it("every workspace declares the workspaces it imports", () => {
    const missing: string[] = [];
    for (const w of all) {
      const pkg = JSON.parse(readFileSync(join(w.dir, "package.json"), "utf8")) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const declared = { ...pkg.dependencies, ...pkg.devDependencies };
      for (const dep of workspaceDeps(w)) if (!(dep in declared)) missing.push(`${w.name} → ${dep}`);
    }
    expect(missing).toEqual([]);
  });
});
