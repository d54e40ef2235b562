import { relative } from "node:path";
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

// `() => null` and the like yield a value the caller then handles; `() => {}` only discards.
const EMPTY_HANDLER = /\.catch\(\(\) => \{\}\)/;
const CATCH_BLOCK = /\bcatch (\(\w+\) )?\{\s*$/;
const NOTHING_DONE = /^(\}|return;|return null;|return undefined;|return false;)$/;
const isComment = (line: string | undefined) =>
  /^\s*(\/\/|\/\*|\*)/.test(line ?? "") || /\/\/ /.test(line ?? "");

/**
 * A failure is handled, reported, or said to be ignored on purpose: an empty `.catch` handler, or a
 * `catch` block that does nothing, needs a comment beside it saying why.
 */
export function failuresAreNotSwallowed(repo: Repo): string[] {
  const offences: string[] = [];
  for (const file of repo.files) {
    if (file.role !== "runtime" || file.workspace.layer === "bench") continue;
    const lines = file.text.split("\n");
    lines.forEach((line, i) => {
      // a comment on the line, inside the block, or on one of the three lines above (a chained call)
      const explained = [i - 3, i - 2, i - 1, i, i + 1].some((j) => isComment(lines[j]));
      if (explained) return;
      const swallowedHandler = EMPTY_HANDLER.test(line);
      const emptyBlock = CATCH_BLOCK.test(line) && NOTHING_DONE.test((lines[i + 1] ?? "").trim());
      if (swallowedHandler || emptyBlock)
        offences.push(`${where(repo, file)}:${i + 1} ignores a failure without saying why: ${line.trim()}`);
    });
  }
  return offences;
}
