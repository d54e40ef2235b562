#!/usr/bin/env node
// `npm run cluster`: several app nodes, a feed node and HAProxy on this machine (see the README,
// *Running on several machines*). Builds the pages first when they are served and missing or stale.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureWebBuild } from "./web-build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const pages = !args.includes("--verify") && !args.includes("--no-pages");
if (pages && !ensureWebBuild(root)) {
  console.error("The web app failed to build; see the messages above.");
  process.exit(1);
}
// node with tsx's loader rather than the tsx launcher, so Ctrl-C reaches the cluster once
const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/cluster/main.ts", ...args], {
  cwd: root,
  stdio: "inherit",
});
// Ctrl-C reaches the whole process group; the cluster stops its nodes itself, so only wait for it
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => {});
child.on("exit", (code) => process.exit(code ?? 0));
