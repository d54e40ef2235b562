import { publishedSiteSettingsSchema } from "@sportsbook/contracts/site-content";
import { apiBase } from "./api.server";
import { type SiteSettings, siteSettingsSchema } from "./site-settings";

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

interface Held {
  etag: string;
  settings: SiteSettings;
}
/** The published version last read: asked again with its ETag, so an unchanged one costs a bodiless 304. */
let held: Held | undefined;
/** One question in flight at a time: the proxy, the layout and the page of a burst share its answer. */
let asking: Promise<SiteSettings> | undefined;

/**
 * The site settings the pages render with: the version published in the back office (the API's
 * `GET /site-settings`, which follows publications on every node within a second), or with a staff
 * preview token, the version it was signed for. When the API cannot answer, the last version read
 * stays (the defaults before any), and the failure is logged.
 */
export async function loadSiteSettings(preview?: string): Promise<SiteSettings> {
  if (preview) {
    const settings = await ask(preview);
    if (settings) return withProcessOrigins(settings);
  }
  asking ??= ask().finally(() => {
    asking = undefined;
  });
  return withProcessOrigins(await asking);
}

async function ask(): Promise<SiteSettings>;
async function ask(preview: string): Promise<SiteSettings | undefined>;
async function ask(preview?: string): Promise<SiteSettings | undefined> {
  const url = `${apiBase()}/site-settings${preview ? `?preview=${encodeURIComponent(preview)}` : ""}`;
  const fallback = preview ? undefined : (held?.settings ?? DEFAULT_SITE_SETTINGS);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: "application/json", ...(held && !preview ? { "if-none-match": held.etag } : {}) },
      cache: "no-store",
      signal: AbortSignal.timeout(5_000),
    });
  } catch (err) {
    console.error(`[web] site settings: the API did not answer (${(err as Error).message})`);
    return fallback;
  }
  if (res.status === 304 && held && !preview) return held.settings;
  if (!res.ok) {
    // an expired preview link shows the published site; anything else is worth a line in the log
    if (!preview || res.status !== 401) console.error(`[web] site settings: HTTP ${res.status}`);
    return fallback;
  }
  // an answer that is not JSON is no document: refused below and logged like any bad one
  const answer = publishedSiteSettingsSchema.safeParse(await res.json().catch(() => undefined));
  const parsed = answer.success ? siteSettingsSchema.safeParse(answer.data.data.document) : undefined;
  if (!parsed?.success) {
    console.error("[web] site settings: the answer does not fit the document's schema; keeping the last one");
    return fallback;
  }
  if (!preview) held = { etag: res.headers.get("etag") ?? "", settings: parsed.data };
  return parsed.data;
}
