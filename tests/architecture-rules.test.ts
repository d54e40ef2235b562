import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  cycles,
  dependenciesAreUsed,
  domainIsPure,
  failuresAreNotSwallowed,
  fileLoops,
  importsAreDeclared,
  layersPointDown,
  relativeImportsStayHome,
  statusesAreNamed,
} from "./architecture-rules.js";
import { loadRepo, type Repo } from "./import-graph.js";

// Each rule on a small repository written to disk: clean as planted, then with one violation.
const scratch = mkdtempSync(join(tmpdir(), "architecture-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Tree = Record<string, string | object>;

const manifest = (name: string, deps: Record<string, string> = {}, dev: Record<string, string> = {}) => ({
  name,
  exports: { ".": "./src/index.ts" },
  dependencies: deps,
  devDependencies: dev,
});

const CLEAN: Tree = {
  "package.json": {
    workspaces: ["packages/*", "services/*", "apps/*", "bench"],
    devDependencies: { vitest: "4" },
  },
  "packages/domain/package.json": manifest("@sportsbook/domain"),
  "packages/domain/src/index.ts": `export { one } from "./one.js";\n`,
  "packages/domain/src/one.ts": "export const one = 1;\n",
  "packages/contracts/package.json": manifest("@sportsbook/contracts", {
    "@sportsbook/domain": "*",
    zod: "4",
  }),
  "packages/contracts/src/index.ts": `import { z } from "zod";\nimport { one } from "@sportsbook/domain";\nexport const schema = z.literal(one);\n`,
  "services/api/package.json": manifest("@sportsbook/api", { "@sportsbook/contracts": "*" }),
  "services/api/src/index.ts": `export { schema } from "@sportsbook/contracts";\nexport { a } from "./a.js";\n`,
  "services/api/src/a.ts": `import type { B } from "./b.js";\nexport const a = (b: B) => b;\n`,
  "services/api/src/b.ts": "export type B = number;\n",
  "services/api/tests/a.test.ts": `import { it } from "vitest";\nimport { a } from "../src/a.js";\nit("a", () => a(1));\n`,
  "services/feed/package.json": manifest(
    "@sportsbook/feed",
    { "@sportsbook/contracts": "*" },
    { "@sportsbook/api": "*" },
  ),
  "services/feed/src/index.ts": `export { schema } from "@sportsbook/contracts";\n`,
  "services/feed/tests/settle.test.ts": `import { a } from "@sportsbook/api";\nexport const x = a(2);\n`,
  "apps/web/package.json": manifest("@sportsbook/web", { "@sportsbook/contracts": "*" }, { jsdom: "26" }),
  "apps/web/src/index.ts": `import "@sportsbook/contracts";\n`,
  "apps/web/vitest.config.ts": `export default { test: { environment: "jsdom" } };\n`,
  "bench/package.json": manifest("@sportsbook/bench", { "@sportsbook/api": "*" }),
  "bench/api.bench.ts": `import { a } from "@sportsbook/api";\na(3);\n`,
};

let planted = 0;
function plant(changes: Tree = {}): Repo {
  planted += 1;
  const root = join(scratch, String(planted));
  for (const [path, content] of Object.entries({ ...CLEAN, ...changes })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === "string" ? content : JSON.stringify(content));
  }
  return loadRepo(root);
}

const RULES = {
  domainIsPure,
  relativeImportsStayHome,
  layersPointDown,
  importsAreDeclared,
  dependenciesAreUsed,
  fileLoops,
  statusesAreNamed,
  failuresAreNotSwallowed,
};

describe("architecture rules", () => {
  it("find nothing in a repository that keeps them", () => {
    const repo = plant();
    expect(repo.workspaces).toHaveLength(6);
    for (const [name, rule] of Object.entries(RULES)) expect(rule(repo), name).toEqual([]);
  });

  it("catch a domain that reads the clock or imports a package", () => {
    const repo = plant({
      "packages/domain/src/one.ts": `import { z } from "zod";\nexport const one = Date.now() > 0 ? 1 : z;\n`,
    });
    expect(domainIsPure(repo)).toEqual([
      "packages/domain/src/one.ts imports zod",
      "packages/domain/src/one.ts uses Date.now(",
    ]);
  });

  it("catch a relative path into another workspace, from the benchmarks too", () => {
    const repo = plant({
      "services/feed/src/index.ts": `export { a } from "../../api/src/a.js";\n`,
      "bench/api.bench.ts": `import { a } from "../services/api/tests/a.test.js";\n`,
      "apps/web/src/index.ts": `import "./missing.js";\n`,
    });
    expect(relativeImportsStayHome(repo).sort()).toEqual([
      "apps/web/src/index.ts imports ./missing.js, which does not exist",
      "bench/api.bench.ts reaches into @sportsbook/api by ../services/api/tests/a.test.js",
      "services/feed/src/index.ts reaches into @sportsbook/api by ../../api/src/a.js",
    ]);
  });

  it("catch a service that needs another to run, and any import upwards", () => {
    const repo = plant({
      "services/feed/src/index.ts": `import { a } from "@sportsbook/api";\nexport const b = a(1);\n`,
      "packages/contracts/src/extra.ts": `import type { a } from "@sportsbook/api";\nexport type A = typeof a;\n`,
      "services/feed/tests/web.test.ts": `import "@sportsbook/web";\n`,
    });
    expect(layersPointDown(repo).sort()).toEqual([
      "packages/contracts/src/extra.ts (contracts) imports @sportsbook/api (service)",
      "services/feed/src/index.ts (service) imports @sportsbook/api (service)",
      "services/feed/tests/web.test.ts (service) imports @sportsbook/web (app)",
    ]);
  });

  it("catch a package imported without being declared, or shipped from devDependencies", () => {
    const repo = plant({
      "services/api/src/b.ts": `import pino from "pino";\nimport { a } from "@sportsbook/api";\nexport type B = number;\nexport const log = pino(a);\n`,
      "services/feed/src/index.ts": `import { a } from "@sportsbook/api";\nexport const b = a;\n`,
    });
    expect(importsAreDeclared(repo)).toEqual([
      "@sportsbook/api: services/api/src/b.ts imports pino, not declared",
      "@sportsbook/feed: services/feed/src/index.ts imports @sportsbook/api, not declared",
    ]);
  });

  it("catch a declared dependency nothing uses", () => {
    const repo = plant({
      "services/api/package.json": manifest(
        "@sportsbook/api",
        { "@sportsbook/contracts": "*", "@tanstack/react-query": "5" },
        { "@types/ws": "8" },
      ),
    });
    expect(dependenciesAreUsed(repo)).toEqual([
      "@sportsbook/api declares @tanstack/react-query but nothing uses it",
      "@sportsbook/api declares @types/ws but nothing uses it",
    ]);
  });

  it("catch an import loop inside a workspace, even through types alone", () => {
    const repo = plant({
      "services/api/src/b.ts": `import type { a } from "./a.js";\nexport type B = Parameters<typeof a>[0] | number;\n`,
    });
    expect(fileLoops(repo)).toEqual(["services/api/src/a.ts → services/api/src/b.ts"]);
  });

  it("catch a status written as a number outside its vocabulary, in code and in SQL", () => {
    const repo = plant({
      "services/api/src/b.ts": [
        "export type B = number;",
        "export const open = (m: { status: number }) => m.status === 1;",
        "export const draft = { status: -1, code: 4 };",
        'export const live = "select count(*) from markets where markets.status = 1";',
        'export const query = { match_status: "0,1" };',
        "export const found = (res: Response) => res.status === 404;",
        "// a comment may say status === 1",
      ].join("\n"),
      "packages/domain/src/match-status.ts": "export const MARKET_STATUS = { status: 1 };\n",
    });
    expect(statusesAreNamed(repo)).toEqual([
      "services/api/src/b.ts:2 numbers a status: export const open = (m: { status: number }) => m.status === 1;",
      "services/api/src/b.ts:3 numbers a status: export const draft = { status: -1, code: 4 };",
      'services/api/src/b.ts:4 numbers a status: export const live = "select count(*) from markets where markets.status = 1";',
      'services/api/src/b.ts:5 numbers a status: export const query = { match_status: "0,1" };',
    ]);
  });

  it("catch a failure ignored without a word on why", () => {
    const repo = plant({
      "services/api/src/b.ts": [
        "export type B = number;",
        "export const f = (p: Promise<void>) => p.catch(() => {});",
        "export function g() {",
        "  try {",
        "    return JSON.parse('x');",
        "  } catch {",
        "    return null;",
        "  }",
        "}",
        "export const h = (p: Promise<void>) => p.catch(() => {}); // closing: nothing left to release",
        "export const v = (p: Promise<number>) => p.catch(() => null);",
      ].join("\n"),
    });
    expect(failuresAreNotSwallowed(repo)).toEqual([
      "services/api/src/b.ts:2 ignores a failure without saying why: export const f = (p: Promise<void>) => p.catch(() => {});",
      "services/api/src/b.ts:6 ignores a failure without saying why: } catch {",
    ]);
  });

  it("find each loop once, a file importing itself included", () => {
    const edges = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a", "d"])],
      ["d", new Set(["d"])],
      ["e", new Set(["a"])],
    ]);
    expect(cycles(edges)).toEqual([["d"], ["a", "b", "c"]]);
  });
});
