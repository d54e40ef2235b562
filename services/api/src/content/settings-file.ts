import { statSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { checkDocument, importDocument, type SiteDocument } from "./store.js";

/**
 * Reads the operator's settings file. A file that is missing when it was named on purpose, is not
 * JSON or fails the schema is an error naming each problem: a typo must stop the start, never leave
 * the site on the defaults unnoticed. Missing when not named: undefined (the defaults).
 */
export async function readSettingsFile(path: string, named: boolean): Promise<SiteDocument | undefined> {
  let raw: string;
  try {
    raw = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" && !named) return undefined;
    throw new Error(`site settings ${path}: cannot be read (${(err as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new Error(`site settings ${path}: not valid JSON (${(err as Error).message})`);
  }
  try {
    return checkDocument(json);
  } catch (err) {
    const details = err instanceof ApiError ? (err.extra.details ?? []) : [];
    const issues = details.map((d) => `${d.field.replace(/^document\.?/, "") || "(root)"}: ${d.message}`);
    throw new Error(`site settings ${path}: invalid (${issues.join("; ")})`);
  }
}

/**
 * First start: the file (or the defaults) becomes version 1. Later starts leave the stored versions
 * alone, though the file is still read, so a broken one is reported at once.
 */
export async function seedSiteSettings(
  ctx: AppContext,
  path: string,
  named: boolean,
): Promise<number | undefined> {
  const document = (await readSettingsFile(path, named)) ?? {};
  return importDocument(ctx, document, named ? `Imported from ${path}` : "Defaults at first start", {
    onlyIfEmpty: true,
  });
}

/**
 * With `SITE_SETTINGS_WATCH`, the file stays a way in: when its modification time moves, its document
 * is published as a new version (unless the pages show it already); removing the file publishes the
 * defaults. A broken file is logged and counted, and the version in force stays.
 */
export function watchSettingsFile(
  ctx: AppContext,
  path: string,
  onError: (err: Error) => void,
): () => Promise<void> {
  const mtimeOf = (): number => {
    try {
      return statSync(path).mtimeMs;
    } catch {
      return 0; // no file: the defaults
    }
  };
  // The file as the start found it was imported (or not) by the seed: only later changes count.
  let seen = mtimeOf();
  let running: Promise<void> | undefined;
  const check = async () => {
    const mtimeMs = await stat(path).then(
      (s) => s.mtimeMs,
      () => 0, // no file: the defaults
    );
    if (mtimeMs === seen) return;
    seen = mtimeMs;
    try {
      const document = mtimeMs === 0 ? {} : ((await readSettingsFile(path, true)) ?? {});
      await importDocument(ctx, document, `Imported from ${path}`, { onlyIfEmpty: false });
    } catch (err) {
      ctx.metrics.siteSettingsFileRefusals.inc();
      onError(err as Error);
    }
  };
  // Callers at the same moment share one look at the file.
  return () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };
}
