import { rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// The page server re-reads the document when its modification time changes; make each write distinct.
let version = 0;

/** Writes the site settings document the running app reads (in its data directory). */
export function writeSettings(dataDir: string, doc: unknown): void {
  const file = join(dataDir, "site-settings.json");
  writeFileSync(file, JSON.stringify(doc));
  version += 1;
  const t = new Date(Date.now() + version * 1000);
  utimesSync(file, t, t);
}

/** Removes the document: the app falls back to its defaults. */
export function removeSettings(dataDir: string): void {
  rmSync(join(dataDir, "site-settings.json"), { force: true });
}
