import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..", "..", "..");

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the app exactly as `npm start` does (scripts/start.mjs: build if stale, then the server)
 * on a free port with embedded defaults and a temporary DATA_DIR, and waits until pages answer.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "sportsbook-e2e-"));
  const child = spawn(process.execPath, [join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    // Its own process group, so stopping it also stops the server it spawns.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      // Live matches move five times faster than real time, so odds change within seconds.
      FEED_SPEED: "5",
      // The suites test the pages, not the feed's freshness (the feed's own suites do). On a busy
      // 2-core machine the feed's writes of its producers' last messages fell behind the default
      // thresholds, and every prematch market was suspended as stale until the feed caught up:
      // suites then found no open price for a minute. A producer's outage still suspends its markets.
      FEED_STALE_LIVE_MS: "120000",
      FEED_STALE_PREMATCH_MS: "600000",
      // Every suite signs up players of its own, all from this machine's address.
      SIGN_UPS_PER_IP_PER_HOUR: "1000",
      // The host demo's suite starts an app with it; the others need no second port.
      HOST_DEMO: "off",
      // Suites write the settings file while the app runs; each change is published as a new version.
      SITE_SETTINGS_WATCH: "on",
      // Sign-in and sign-up are refused from here; only a suite that sends this country meets it.
      BLOCKED_COUNTRIES: "XK",
      ...env,
    },
  });
  let output = "";
  // The app's output also goes to a file, to read when a suite fails for reasons on the server side.
  mkdirSync(join(ROOT, ".cache"), { recursive: true });
  const log = createWriteStream(join(ROOT, ".cache", `e2e-app-${port}.log`));
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-20_000);
    log.write(b);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(baseUrl, child, () => output);
  } catch (err) {
    await stopGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      await stopGroup(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 200_000;
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the app exited during start-up:\n${output()}`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      const page = await fetch(`${baseUrl}/general-rules`).catch(() => null);
      if (page?.ok) return;
    }
    await new Promise<void>((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer within 200 s:\n${output()}`);
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}
