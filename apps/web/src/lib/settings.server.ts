import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { type SiteSettings, siteSettingsSchema } from "./site-settings";

/** Where the operator's site settings document lives; edits apply on the next request, no redeploy. */
export function siteSettingsPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.SITE_SETTINGS_FILE ?? join(env.DATA_DIR ?? "./data", "site-settings.json");
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = siteSettingsSchema.parse({});

/**
 * Origins the server process allows to frame the site besides the document's (`PLATFORM_ORIGINS`,
 * comma separated): the host demo that `npm start` runs beside the sportsbook names itself here.
 */
function withProcessOrigins(settings: SiteSettings, env: NodeJS.ProcessEnv = process.env): SiteSettings {
  const extra = (env.PLATFORM_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter((o) => URL.canParse(o) && new URL(o).origin === o && !settings.platform.origins.includes(o));
  if (extra.length === 0) return settings;
  return {
    ...settings,
    platform: { ...settings.platform, origins: [...settings.platform.origins, ...extra] },
  };
}

interface Cached {
  path: string;
  mtimeMs: number;
  settings: SiteSettings;
}
let cached: Cached | undefined;

/**
 * Reads and validates the settings document. A missing file means the defaults; an invalid one is
 * reported with the wrong fields and the last valid document (or the defaults) stays in force.
 */
export async function loadSiteSettings(path = siteSettingsPath()): Promise<SiteSettings> {
  return withProcessOrigins(await loadDocument(path));
}

async function loadDocument(path: string): Promise<SiteSettings> {
  let mtimeMs: number;
  try {
    mtimeMs = (await stat(/*turbopackIgnore: true*/ path)).mtimeMs;
  } catch {
    return DEFAULT_SITE_SETTINGS;
  }
  if (cached && cached.path === path && cached.mtimeMs === mtimeMs) return cached.settings;
  const previous = cached?.path === path ? cached.settings : DEFAULT_SITE_SETTINGS;
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(/*turbopackIgnore: true*/ path, "utf8"));
  } catch (err) {
    console.error(
      `site settings ${path}: not valid JSON (${(err as Error).message}); keeping the previous settings`,
    );
    cached = { path, mtimeMs, settings: previous };
    return previous;
  }
  const parsed = siteSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
    console.error(`site settings ${path}: invalid (${issues}); keeping the previous settings`);
    cached = { path, mtimeMs, settings: previous };
    return previous;
  }
  cached = { path, mtimeMs, settings: parsed.data };
  return parsed.data;
}
