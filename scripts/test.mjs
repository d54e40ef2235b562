#!/usr/bin/env node
// The whole test command: type checking, lint, the dependency rules and every Vitest suite.
// Ends with one plain "N passed, N failed" line summed over all of them, which CI reads.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureWebBuild } from "./web-build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = join(root, ".cache");
mkdirSync(cacheDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return r.status === 0;
}

function check(label, cmd, args) {
  if (run(label, cmd, args)) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${label} failed`);
  }
}

const bin = (name) => join(root, "node_modules", ".bin", name);

check("typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);
if (existsSync(join(root, "apps/web/tsconfig.json"))) {
  check("typecheck web", bin("tsc"), ["--noEmit", "-p", "apps/web/tsconfig.json"]);
}
check("lint", bin("biome"), ["check", "."]);

const extra = process.argv.slice(2);
// The browser suites share one built app. Built here, before Vitest, the build is not raced by the
// unit suites for the machine's cores nor held to the suites' start-up deadline.
if (extra.length === 0) {
  console.log("\n▶ web build");
  if (ensureWebBuild(root)) passed += 1;
  else {
    failed += 1;
    console.log("✗ web build failed");
  }
}

const report = join(cacheDir, "vitest-report.json");
rmSync(report, { force: true });
const vitestOk = run("vitest", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...extra,
]);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  // A suite that fails to load has no failed tests but must still fail the run.
  const brokenSuites = r.testResults.filter((s) => s.status === "failed" && s.assertionResults.length === 0);
  failed += brokenSuites.length;
  if (r.numTotalTests === 0) {
    console.log("✗ vitest ran no test");
    failed += 1;
  }
} else {
  console.log("✗ vitest produced no report");
  failed += 1;
}
if (!vitestOk && failed === 0) failed += 1;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
