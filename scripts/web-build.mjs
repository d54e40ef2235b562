// Builds the Next.js pages when the build is missing or older than any of their sources.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { precompressStatic } from "./precompress-static.mjs";

const SOURCES = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/next.config.ts",
  "apps/web/package.json",
  "packages/domain/src",
  "packages/contracts/src",
  "package-lock.json",
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.endsWith(".test.ts") || entry.endsWith(".test.tsx")) continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/**
 * Written only once a build and its precompression have finished: `next build` writes BUILD_ID
 * early, so a build killed halfway would otherwise pass for a current one and serve empty pages.
 */
const completeMarker = (root) => join(root, "apps/web/.next/BUILD_COMPLETE");

/** Why the build must be (re)made, or null when it is current. */
export function webBuildReason(root) {
  const marker = completeMarker(root);
  if (!existsSync(marker)) return "missing";
  const built = statSync(marker).mtimeMs;
  const changed = SOURCES.find((s) => newest(join(root, s)) > built);
  return changed ? `stale (${changed} changed)` : null;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Holds a build lock (a folder, created atomically) so that two starts in one checkout never build
 * at the same time; a lock left by a process that died is taken over.
 */
function withBuildLock(root, log, fn) {
  mkdirSync(join(root, ".cache"), { recursive: true });
  const lock = join(root, ".cache", "web-build.lock");
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch {
      const pid = Number(readFileSync(join(lock, "pid"), "utf8").trim() || "0");
      if (pid && !alive(pid)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (waited === 0) log("▶ another start is building the web app; waiting for it");
      sleep(500);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs `next build` when needed, printing the step; returns false when the build failed. */
export function ensureWebBuild(root, log = console.log) {
  if (!webBuildReason(root)) {
    log("▶ web app build is current");
    return true;
  }
  return withBuildLock(root, log, () => {
    const reason = webBuildReason(root);
    if (!reason) {
      log("▶ web app build is current");
      return true;
    }
    log(`▶ building the web app (next build --webpack; build ${reason})`);
    const started = Date.now();
    rmSync(completeMarker(root), { force: true });
    const r = spawnSync(join(root, "node_modules/.bin/next"), ["build", "--webpack"], {
      cwd: join(root, "apps/web"),
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    });
    if (r.status !== 0) return false;
    const precompressed = precompressStatic(join(root, "apps/web/.next/static"));
    writeFileSync(completeMarker(root), new Date(started).toISOString());
    log(
      `▶ web app built in ${((Date.now() - started) / 1000).toFixed(1)} s (${precompressed} static files precompressed)`,
    );
    return true;
  });
}
