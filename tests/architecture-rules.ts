import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { type Repo, rankOf, type SourceFile, type Workspace, workspaceOfPath } from "./import-graph.js";

// Each rule returns its offences as readable lines; an empty list means the rule holds.

function where(repo: Repo, file: SourceFile): string {
  return relative(repo.root, file.path);
}

function declared(w: Workspace): Record<string, string> {
  return { ...w.manifest.dependencies, ...w.manifest.devDependencies };
}

/** The domain is pure: nothing imported from outside it, no clock, chance or environment. */
export function domainIsPure(repo: Repo): string[] {
  const offences: string[] = [];
  for (const file of repo.files) {
    if (file.workspace.layer !== "domain" || file.role !== "runtime") continue;
    for (const i of file.imports)
      if (!i.specifier.startsWith(".")) offences.push(`${where(repo, file)} imports ${i.specifier}`);
    for (const banned of ["process.env", "Date.now(", "Math.random(", "new Date()", "require("])
      if (file.text.includes(banned)) offences.push(`${where(repo, file)} uses ${banned}`);
  }
  return offences;
}

/** A relative import never leaves its workspace: other workspaces are reached by package name. */
export function relativeImportsStayHome(repo: Repo): string[] {
  const offences: string[] = [];
  for (const file of repo.files) {
    for (const i of file.imports) {
      if (!i.specifier.startsWith(".")) continue;
      if (!i.file) {
        offences.push(`${where(repo, file)} imports ${i.specifier}, which does not exist`);
        continue;
      }
      const target = workspaceOfPath(repo, i.file);
      if (target !== file.workspace)
        offences.push(
          `${where(repo, file)} reaches into ${target ? target.name : "a folder outside every workspace"} by ${i.specifier}`,
        );
    }
  }
  return offences;
}

/**
 * Imports between workspaces point down the layers. Shipped code never imports its own layer
 * (one service never needs another to run), so no loop between workspaces can form; tests may
 * drive a sibling service, never an app.
 */
export function layersPointDown(repo: Repo): string[] {
  const byName = new Map(repo.workspaces.map((w) => [w.name, w]));
  const offences: string[] = [];
  for (const file of repo.files) {
    const from = file.workspace;
    for (const i of file.imports) {
      const target = i.pkg ? byName.get(i.pkg) : undefined;
      if (!target || target === from) continue;
      const up = rankOf(target.layer) > rankOf(from.layer);
      const sideways = rankOf(target.layer) === rankOf(from.layer);
      const sidewaysAllowed = file.role !== "runtime" && target.layer !== "app";
      if (up || (sideways && !sidewaysAllowed))
        offences.push(`${where(repo, file)} (${from.layer}) imports ${target.name} (${target.layer})`);
    }
  }
  return offences;
}

/**
 * Every package a file imports is declared by its workspace; shipped code only uses
 * `dependencies`. Tests and configuration may also use the root's shared tooling.
 */
export function importsAreDeclared(repo: Repo): string[] {
  const tooling = repo.manifest.devDependencies ?? {};
  const offences = new Set<string>();
  for (const file of repo.files) {
    const w = file.workspace;
    for (const i of file.imports) {
      if (!i.pkg || i.pkg === w.name) continue;
      const inDeps = i.pkg in (w.manifest.dependencies ?? {});
      const inDev = i.pkg in (w.manifest.devDependencies ?? {}) || i.pkg in tooling;
      const ok = file.role === "runtime" && !i.typeOnly ? inDeps : inDeps || inDev;
      if (!ok) offences.add(`${w.name}: ${where(repo, file)} imports ${i.pkg}, not declared`);
    }
  }
  return [...offences];
}

/**
 * Every declared dependency is used: imported by a file, named by a script, or (for tools a
 * configuration names, such as a test environment) written as a string in a config file.
 * `@types/x` counts as used when `x` is.
 */
export function dependenciesAreUsed(repo: Repo): string[] {
  const offences: string[] = [];
  for (const w of repo.workspaces) {
    const files = repo.files.filter((f) => f.workspace === w);
    const used = new Set<string>();
    for (const f of files) for (const i of f.imports) if (i.pkg) used.add(i.pkg);
    const scripts = Object.values(w.manifest.scripts ?? {}).join(" ");
    const configText = files
      .filter((f) => f.role === "config")
      .map((f) => f.text)
      .join("\n");
    const hasNodeImports = files.some((f) => /from\s*["']node:|import\(\s*["']node:/.test(f.text));
    const isUsed = (dep: string): boolean => {
      if (used.has(dep)) return true;
      if (new RegExp(`(^|[\\s/])${dep.replace(/[/@.]/g, "\\$&")}(\\s|$)`).test(scripts)) return true;
      if (configText.includes(`"${dep}"`)) return true;
      if (dep === "@types/node") return hasNodeImports;
      if (dep.startsWith("@types/")) {
        const bare = dep.slice("@types/".length);
        const typed = bare.includes("__") ? `@${bare.replace("__", "/")}` : bare;
        return used.has(typed);
      }
      return false;
    };
    for (const dep of Object.keys(declared(w)).sort())
      if (!isUsed(dep)) offences.push(`${w.name} declares ${dep} but nothing uses it`);
  }
  return offences;
}

/**
 * Import loops between the files of one workspace. Type-only imports count too: a loop of types
 * still means neither file can be read, moved or tested without the other.
 */
export function fileLoops(repo: Repo): string[] {
  const edges = new Map<string, Set<string>>();
  for (const file of repo.files) {
    const set = edges.get(file.path) ?? new Set<string>();
    for (const i of file.imports) {
      if (!i.file) continue;
      if (workspaceOfPath(repo, i.file) === file.workspace) set.add(i.file);
    }
    edges.set(file.path, set);
  }
  return cycles(edges).map((c) => c.map((p) => relative(repo.root, p)).join(" → "));
}

/**
 * The folder of apps/web/src a path sits in, as its layering sees it: each folder under
 * `components/` is one of its own, the others are the top-level folders; undefined outside src.
 */
export function webFolderOf(repo: Repo, path: string): string | undefined {
  const rel = relative(join(repo.root, "apps/web/src"), path).split(sep);
  if (rel[0] === ".." || rel.length < 2) return undefined;
  return rel[0] === "components" && rel.length > 2 ? `components/${rel[1]}` : rel[0];
}

/** Which folders of apps/web/src each folder's shipped files import (type imports too: they couple). */
export function webFolderGraph(repo: Repo): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of repo.files) {
    const from = file.role === "runtime" ? webFolderOf(repo, file.path) : undefined;
    if (!from) continue;
    const set = edges.get(from) ?? new Set<string>();
    for (const i of file.imports) {
      const to = i.file ? webFolderOf(repo, i.file) : undefined;
      if (to && to !== from) set.add(to);
    }
    edges.set(from, set);
  }
  return edges;
}

/** Each pair of folders that import each other, as `a ⇄ b`, once, sorted: folders import downward only. */
export function foldersImportingEachOther(edges: Map<string, Set<string>>): string[] {
  const pairs = new Set<string>();
  for (const [a, targets] of edges)
    for (const b of targets) if (a !== b && edges.get(b)?.has(a)) pairs.add([a, b].sort().join(" ⇄ "));
  return [...pairs].sort();
}

/** The folders of apps/web/src that import each other. */
export function webFoldersPointOneWay(repo: Repo): string[] {
  return foldersImportingEachOther(webFolderGraph(repo));
}

/** Every strongly connected group of more than one node (or a node importing itself), once each. */
export function cycles(edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || edges.get(node)?.has(node)) found.push(group.reverse());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The files that number the statuses; everywhere else a status is named, never numbered. */
export const STATUS_VOCABULARY = [
  "packages/domain/src/match-status.ts",
  "services/feed/src/model.ts",
  "services/feed/src/swarm/schema.ts",
];

// A status compared with, set to or listed as a small number (HTTP statuses have three digits).
const BARE_STATUS = [
  /\b\w*[sS]tatus\w*\)?\s*(?:===|!==|==|!=|<=|>=|<|>)\s*-?\d{1,2}(?![\d.])/,
  /\b\w*[sS]tatus\w*\??:\s*-?\d{1,2}\s*[,}\n]/,
  /\b\w*[sS]tatus\w*\}?\s+in\s*\(\s*-?\d/,
  /\b\w*[sS]tatus\w*\}?\s*=\s*-?\d{1,2}(?![\d.])/,
  /\b\w*[sS]tatus\w*\??:\s*["'`]-?\d/,
];

/** Shipped code names match, market and event statuses from their vocabulary instead of numbering them. */
export function statusesAreNamed(repo: Repo): string[] {
  const offences: string[] = [];
  for (const file of repo.files) {
    // benchmarks read exit statuses of the processes they run, not the product's statuses
    if (file.role !== "runtime" || file.workspace.layer === "bench") continue;
    if (STATUS_VOCABULARY.includes(where(repo, file))) continue;
    file.text.split("\n").forEach((line, i) => {
      if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
      if (BARE_STATUS.some((pattern) => pattern.test(line)))
        offences.push(`${where(repo, file)}:${i + 1} numbers a status: ${line.trim()}`);
    });
  }
  return offences;
}

const EMPTY_HANDLER = /\.catch\(\(\) => \{\}\)/;
// `() => null` and the like turn a failure into a value the caller may read as "nothing": said why
// on the same line or the one above, so a silent fallback is always a decision someone wrote down.
const FALLBACK_HANDLER = /\.catch\(\(\) => (null|undefined|false)\)/;
const CATCH_BLOCK = /\bcatch (\(\w+\) )?\{\s*$/;
const NOTHING_DONE = /^(\}|return;|return null;|return undefined;|return false;)$/;
const isComment = (line: string | undefined) =>
  /^\s*(\/\/|\/\*|\*)/.test(line ?? "") || /\/\/ /.test(line ?? "");

/**
 * The lines of one file's text that ignore a failure without a comment saying why (1-based): an
 * empty `.catch` handler or a `catch` block that does nothing (a comment within three lines above
 * or one below will do, for a chained call), or a `.catch` that falls back to `null`, `undefined` or
 * `false` (a comment on the same line or the one above).
 */
export function swallowedFailureLines(text: string): number[] {
  const lines = text.split("\n");
  const found: number[] = [];
  lines.forEach((line, i) => {
    const near = [i - 3, i - 2, i - 1, i, i + 1].some((j) => isComment(lines[j]));
    const beside = [i - 1, i].some((j) => isComment(lines[j]));
    const swallowedHandler = EMPTY_HANDLER.test(line) && !near;
    const emptyBlock = CATCH_BLOCK.test(line) && NOTHING_DONE.test((lines[i + 1] ?? "").trim()) && !near;
    const silentFallback = FALLBACK_HANDLER.test(line) && !beside;
    if (swallowedHandler || emptyBlock || silentFallback) found.push(i + 1);
  });
  return found;
}

/**
 * A failure is handled, reported, or said to be ignored on purpose: an empty `.catch` handler, a
 * `catch` block that does nothing, or a `.catch` falling back to nothing needs a comment saying why.
 */
export function failuresAreNotSwallowed(repo: Repo): string[] {
  const offences: string[] = [];
  for (const file of repo.files) {
    if (file.role !== "runtime" || file.workspace.layer === "bench") continue;
    const lines = file.text.split("\n");
    for (const n of swallowedFailureLines(file.text))
      offences.push(
        `${where(repo, file)}:${n} ignores a failure without saying why: ${(lines[n - 1] ?? "").trim()}`,
      );
  }
  return offences;
}

/** The longest a source file or stylesheet of the web app may grow before it is split. */
export const WEB_FILE_MAX_LINES = 300;

/** Source files and stylesheets of `apps/web/src` longer than `WEB_FILE_MAX_LINES`, with their length. */
export function webFilesStaySmall(repo: Repo): string[] {
  const src = join(repo.root, "apps", "web", "src");
  const offences: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|css)$/.test(entry.name)) {
        const lines = readFileSync(path, "utf8").split("\n").length - 1;
        if (lines > WEB_FILE_MAX_LINES)
          offences.push(`${relative(repo.root, path).split(sep).join("/")} has ${lines} lines`);
      }
    }
  };
  walk(src);
  return offences.sort();
}
