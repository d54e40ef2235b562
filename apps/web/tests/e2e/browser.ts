import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { ROOT } from "./app";

/** Flags for a headless Chromium on a closed network (no background traffic, no GPU, no sandbox in containers). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * Real Chromium from the @sparticuz/chromium npm package: `npm ci` brings it, nothing is downloaded.
 * It unpacks into the OS temp folder, so that is pointed at a project cache folder first.
 */
export async function chromiumExecutable(): Promise<string> {
  const cache = join(ROOT, ".cache", "chromium");
  mkdirSync(cache, { recursive: true });
  process.env.TMPDIR = cache;
  const { default: sparticuz } = await import("@sparticuz/chromium");
  return sparticuz.executablePath();
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumExecutable(),
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

export const DESKTOP = { width: 1366, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;
