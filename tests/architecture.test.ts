import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  dependenciesAreUsed,
  domainIsPure,
  failuresAreNotSwallowed,
  fileLoops,
  importsAreDeclared,
  layersPointDown,
  relativeImportsStayHome,
  statusesAreNamed,
  webFilesStaySmall,
  webFoldersPointOneWay,
} from "./architecture-rules.js";
import { loadRepo } from "./import-graph.js";

// What ARCHITECTURE.md draws, held for the whole repository: bench → apps → services → packages →
// contracts → domain. `architecture-rules.test.ts` shows each rule failing on a planted violation.
const repo = loadRepo(join(import.meta.dirname, ".."));

describe("architecture", () => {
  it("reads every workspace, the benchmarks included", () => {
    expect(repo.workspaces.map((w) => w.name)).toEqual(
      expect.arrayContaining([
        "@sportsbook/domain",
        "@sportsbook/api",
        "@sportsbook/web",
        "@sportsbook/bench",
      ]),
    );
    expect(repo.files.length).toBeGreaterThan(400);
  });

  it("keeps the domain pure: no imports, no clock, chance or environment", () => {
    expect(domainIsPure(repo)).toEqual([]);
  });

  it("reaches other workspaces by package name, never by a relative path", () => {
    expect(relativeImportsStayHome(repo)).toEqual([]);
  });

  it("points imports down the layers; no service needs another to run", () => {
    expect(layersPointDown(repo)).toEqual([]);
  });

  it("declares every package a workspace imports, shipped code in dependencies", () => {
    expect(importsAreDeclared(repo)).toEqual([]);
  });

  it("uses every dependency a workspace declares", () => {
    expect(dependenciesAreUsed(repo)).toEqual([]);
  });

  it("has no import loop between the files of a workspace", () => {
    expect(fileLoops(repo)).toEqual([]);
  });

  it("names every status from its vocabulary instead of numbering it", () => {
    expect(statusesAreNamed(repo)).toEqual([]);
  });

  it("ignores no failure without saying why", () => {
    expect(failuresAreNotSwallowed(repo)).toEqual([]);
  });

  it("keeps the folders of apps/web/src importing downward only: no two import each other", () => {
    expect(webFoldersPointOneWay(repo)).toEqual([]);
  });

  it("keeps every source file and stylesheet of apps/web/src within 300 lines", () => {
    expect(webFilesStaySmall(repo)).toEqual([]);
  });
});
