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
  foldersImportingEachOther,
  importsAreDeclared,
  layersPointDown,
  relativeImportsStayHome,
  statusesAreNamed,
  swallowedFailureLines,
  webFilesStaySmall,
  webFoldersPointOneWay,
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
        "export const u = 1;",
        "export const v = (p: Promise<number>) => p.catch(() => null);",
        "// a missing answer reads as none: the caller shows its own error",
        "export const w = (p: Promise<number>) => p.catch(() => null);",
      ].join("\n"),
    });
    expect(failuresAreNotSwallowed(repo)).toEqual([
      "services/api/src/b.ts:2 ignores a failure without saying why: export const f = (p: Promise<void>) => p.catch(() => {});",
      "services/api/src/b.ts:6 ignores a failure without saying why: } catch {",
      "services/api/src/b.ts:12 ignores a failure without saying why: export const v = (p: Promise<number>) => p.catch(() => null);",
    ]);
  });

  it("read a silent fallback as said only beside it: on its line or the one above", () => {
    const fixture = [
      "const a = await res.json().catch(() => null);", // 1: nothing said
      "// not JSON: validated below as no body",
      "const b = await res.json().catch(() => undefined);", // 3: said above
      "const c = await ok().catch(() => false); // a check that cannot run is a no",
      "// said too far away",
      "const spacer = 1;",
      "const d = await res.json().catch(() => null);", // 7: the comment is two lines up
      "const e = await res.json().catch(() => 0);", // a real value, not a fallback to nothing
    ].join("\n");
    expect(swallowedFailureLines(fixture)).toEqual([1, 7]);
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

describe("the folders of the web app import downward only", () => {
  const graph = (edges: Record<string, string[]>) =>
    new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

  it("holds for folders that import one way", () => {
    expect(
      foldersImportingEachOther(
        graph({ app: ["shell", "ticket"], ticket: ["shell", "price"], price: ["shell"] }),
      ),
    ).toEqual([]);
  });

  it("fails on two folders that import each other, named once however many files do", () => {
    expect(
      foldersImportingEachOther(
        graph({ app: ["shell"], shell: ["ticket", "live"], ticket: ["shell", "live"], live: ["ticket"] }),
      ),
    ).toEqual(["live ⇄ ticket", "shell ⇄ ticket"]);
  });

  it("reads a folder of components/ as one folder, and a top-level folder of src as another", () => {
    const repo = plant({
      "apps/web/src/components/shell/Shell.tsx": `import { Slip } from "../ticket/Slip";\nexport const Shell = Slip;\n`,
      "apps/web/src/components/ticket/Slip.tsx": `import { bar } from "../shell/bar";\nimport { live } from "../../live/live";\nexport const Slip = bar + live;\n`,
      "apps/web/src/components/shell/bar.ts": "export const bar = 1;\n",
      "apps/web/src/live/live.ts": `import type { Slip } from "../components/ticket/Slip";\nexport const live: typeof Slip = 2;\n`,
    });
    expect(webFoldersPointOneWay(repo)).toEqual([
      "components/shell ⇄ components/ticket",
      "components/ticket ⇄ live",
    ]);
  });
});

describe("the web app's file length rule", () => {
  it("holds for short files and fails on a long source file or stylesheet, named with its length", () => {
    expect(webFilesStaySmall(plant())).toEqual([]);
    const long = (line: string, n: number) => line.repeat(n);
    const repo = plant({
      "apps/web/src/components/big/Big.tsx": long("export const a = 1;\n", 301),
      "apps/web/src/app/globals.css": long(".a { color: red; }\n", 300),
      "apps/web/src/components/big/Big.module.css": long(".b { color: red; }\n", 302),
    });
    expect(webFilesStaySmall(repo)).toEqual([
      "apps/web/src/components/big/Big.module.css has 302 lines",
      "apps/web/src/components/big/Big.tsx has 301 lines",
    ]);
  });
});
