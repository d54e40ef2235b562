#!/usr/bin/env node
// Runs every bench/*.bench.ts in turn with tsx, one after the other so they do not disturb each
// other's timings. Exits non-zero when any benchmark fails. `npm run bench -- NAME` runs the ones
// whose file name contains NAME; any later arguments go to each of them (`-- api-bet --rounds 5`).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const filter = process.argv[2] ?? "";
const options = process.argv.slice(3);
const files = readdirSync(join(root, "bench"))
  .filter((f) => f.endsWith(".bench.ts") && f.includes(filter))
  .sort();

if (files.length === 0) {
  console.log(`no benchmark in bench/ matches "${filter}"`);
  process.exitCode = 1;
}

const failed = [];
for (const file of files) {
  console.log(`\n▶ bench/${file}`);
  const r = spawnSync(join(root, "node_modules", ".bin", "tsx"), [join("bench", file), ...options], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) failed.push(file);
}
if (failed.length > 0) {
  console.log(`\n✗ failed: ${failed.join(", ")}`);
  process.exitCode = 1;
}
