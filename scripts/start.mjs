#!/usr/bin/env node
// `npm start`: runs the one-process sportsbook (pages, APIs, realtime, feed simulator) on PORT (3000).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureWebBuild } from "./web-build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
if (process.env.SERVE_PAGES !== "off" && !ensureWebBuild(root)) {
  console.error("The web app failed to build; see the messages above.");
  process.exit(1);
}
const child = spawn(join(root, "node_modules", ".bin", "tsx"), ["apps/server/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
