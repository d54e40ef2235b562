import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";

// The repository read as the architecture rules see it: workspaces with their manifests, and every
// source file with the imports it makes, relative ones resolved to the file they name.

/** Lower layers never import higher ones; `bench` sits on top of everything it measures. */
export const LAYERS = ["domain", "contracts", "package", "service", "app", "bench"] as const;
export type Layer = (typeof LAYERS)[number];

export interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  exports?: Record<string, string>;
}

export interface Workspace {
  name: string;
  dir: string;
  layer: Layer;
  manifest: Manifest;
}

/** How a file runs: shipped code, a test (or test support), or build and test configuration. */
export type FileRole = "runtime" | "test" | "config";

export interface Import {
  specifier: string;
  /** `import type` / `export type`: erased at build time, so it cannot form a run-time edge. */
  typeOnly: boolean;
  /** The file a relative (or own-package) import resolves to. */
  file?: string;
  /** The npm package a bare import names (`next/link` → `next`). */
  pkg?: string;
}

export interface SourceFile {
  path: string;
  workspace: Workspace;
  role: FileRole;
  imports: Import[];
  text: string;
}

export interface Repo {
  root: string;
  /** The root manifest: its devDependencies are the shared test and build tooling. */
  manifest: Manifest;
  workspaces: Workspace[];
  files: SourceFile[];
}

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED_DIRS = new Set(["node_modules", ".next", ".cache", "data", "public", "drizzle"]);
const CONFIG = /(^|\/)(vitest(\.[a-z0-9]+)?\.(config|setup)|next\.config|drizzle\.config)\.(ts|mts|mjs|js)$/;
const BUILTINS = new Set(builtinModules);

const IMPORT =
  /(?:^|[;\s])(import|export)\s+(type\s+)?(?:[^'"();]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

function layerOf(group: string, name: string): Layer {
  if (name === "@sportsbook/domain") return "domain";
  if (name === "@sportsbook/contracts") return "contracts";
  if (group === "packages") return "package";
  if (group === "services") return "service";
  if (group === "apps") return "app";
  return "bench";
}

function workspaceDirs(root: string, manifest: { workspaces?: string[] }): string[] {
  const dirs: string[] = [];
  for (const pattern of manifest.workspaces ?? []) {
    if (pattern.endsWith("/*")) {
      const base = join(root, pattern.slice(0, -2));
      for (const entry of readdirSync(base).sort()) {
        if (existsSync(join(base, entry, "package.json"))) dirs.push(join(base, entry));
      }
    } else if (existsSync(join(root, pattern, "package.json"))) dirs.push(join(root, pattern));
  }
  return dirs;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (SKIPPED_DIRS.has(entry)) continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) files.push(...sourceFiles(p));
    else if (SOURCE.test(entry) && !entry.endsWith(".d.ts")) files.push(p);
  }
  return files;
}

/** `next/link` → `next`, `@scope/pkg/sub` → `@scope/pkg`; undefined for relative and node imports. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return undefined;
  if (specifier.startsWith("node:") || BUILTINS.has(specifier.split("/")[0] ?? "")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function resolveFile(base: string): string | undefined {
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, "");
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.mjs`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Where an own-workspace import such as `@sportsbook/db/testing` lands, through its `exports`. */
function resolveExport(workspace: Workspace, specifier: string): string | undefined {
  const sub = specifier.slice(workspace.name.length);
  const key = sub === "" ? "." : `.${sub}`;
  const exportsMap = workspace.manifest.exports ?? {};
  const direct = exportsMap[key];
  if (direct) return resolveFile(join(workspace.dir, direct));
  const pattern = exportsMap["./*"];
  if (pattern && key !== ".") return resolveFile(join(workspace.dir, pattern.replace("*", key.slice(2))));
  return undefined;
}

function roleOf(path: string, dir: string): FileRole {
  const rel = relative(dir, path).split(sep).join("/");
  if (CONFIG.test(rel)) return "config";
  if (/\.test\.(ts|tsx)$/.test(rel) || rel.startsWith("tests/") || rel.includes("/tests/")) return "test";
  return "runtime";
}

export function parseImports(text: string, from: string, workspaces: Workspace[]): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const specifier = m[3] ?? m[4] ?? "";
    const typeOnly = m[2] !== undefined;
    if (specifier.startsWith(".")) {
      const file = resolveFile(resolve(dirname(from), specifier));
      out.push({ specifier, typeOnly, ...(file ? { file } : {}) });
      continue;
    }
    const pkg = packageOf(specifier);
    const own = workspaces.find((w) => pkg === w.name);
    const file = own ? resolveExport(own, specifier) : undefined;
    out.push({ specifier, typeOnly, ...(pkg ? { pkg } : {}), ...(file ? { file } : {}) });
  }
  return out;
}

export function loadRepo(root: string): Repo {
  const manifest = readJson<Manifest & { workspaces?: string[] }>(join(root, "package.json"));
  const workspaces: Workspace[] = workspaceDirs(root, manifest).map((dir) => {
    const m = readJson<Manifest>(join(dir, "package.json"));
    const group = relative(root, dir).split(sep)[0] ?? "";
    return { name: m.name, dir, layer: layerOf(group, m.name), manifest: m };
  });
  const files: SourceFile[] = [];
  for (const workspace of workspaces) {
    for (const path of sourceFiles(workspace.dir)) {
      const text = readFileSync(path, "utf8");
      files.push({
        path,
        workspace,
        role: roleOf(path, workspace.dir),
        imports: parseImports(text, path, workspaces),
        text,
      });
    }
  }
  return { root, manifest, workspaces, files };
}

export function workspaceOfPath(repo: Repo, path: string): Workspace | undefined {
  return repo.workspaces.find((w) => path === w.dir || path.startsWith(w.dir + sep));
}

export function rankOf(layer: Layer): number {
  return LAYERS.indexOf(layer);
}
