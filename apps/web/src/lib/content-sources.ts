import type { SiteSettings } from "./site-settings";

/** The hosts beyond this origin that a page may load images from, frame, or connect to. */
export interface ContentSources {
  img: string[];
  frame: string[];
  connect: string[];
}

/** The environment variables an operator names further hosts in (comma-separated origins). */
const CONTENT_SOURCE_ENV = {
  img: "CSP_IMG_ORIGINS",
  frame: "CSP_FRAME_ORIGINS",
  connect: "CSP_CONNECT_ORIGINS",
} as const;

/**
 * The origin of an absolute http(s) (or, for connections, ws(s)) address; nothing for a path, a data
 * URL or a templated host.
 */
function originOf(address: string, schemes = /^https?:\/\//i): string | undefined {
  if (!schemes.test(address) || !URL.canParse(address)) return undefined;
  const url = new URL(address);
  return /[{}]|%7b|%7d/i.test(url.host) ? undefined : url.origin;
}

/** The realtime endpoints the settings name (SPEC §5 transports), paths on this origin included. */
function realtimeEndpoints(settings: SiteSettings): string[] {
  const { transports, emulationEndpoint } = settings.realtime;
  return [
    ...(typeof transports === "string" ? [transports] : transports.map((t) => t.endpoint)),
    emulationEndpoint,
  ];
}

/** Every layout block of the document, wherever it is placed (layout, custom pages). */
function blocksOf(value: unknown, found: { kind: string; src?: string }[] = []) {
  if (Array.isArray(value)) for (const item of value) blocksOf(item, found);
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.kind === "string")
      found.push({
        kind: record.kind,
        ...(typeof record.src === "string" ? { src: record.src } : {}),
      });
    for (const child of Object.values(record)) blocksOf(child, found);
  }
  return found;
}

/** The listed origins of one variable, each checked to be an origin and nothing wider. */
function listed(value: string | undefined, schemes?: RegExp): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "" && originOf(entry, schemes) === entry);
}

const unique = (values: (string | undefined)[]) => [
  ...new Set(values.filter((v): v is string => v !== undefined)),
];

/**
 * The hosts the site settings make the page use (image and banner blocks, logo and favicon; iframe
 * blocks and the chat), and those the operator names for what the settings do not hold: stream
 * providers and bonus banners (`CSP_FRAME_ORIGINS`, `CSP_IMG_ORIGINS`), an API host of its own
 * (`CSP_CONNECT_ORIGINS`); the realtime transports come from the settings. The embedded default needs none: its sandbox TV, checkout and
 * images are served from this origin.
 */
export function contentSources(
  settings: SiteSettings,
  env: Readonly<Record<string, string | undefined>>,
): ContentSources {
  const blocks = blocksOf(settings);
  const srcOf = (kinds: readonly string[]) =>
    blocks.filter((b) => kinds.includes(b.kind) && b.src).map((b) => originOf(b.src ?? ""));
  return {
    img: unique([
      originOf(settings.logo),
      originOf(settings.favicon),
      ...srcOf(["image", "banner"]),
      ...listed(env[CONTENT_SOURCE_ENV.img]),
    ]),
    frame: unique([
      ...srcOf(["iframe"]),
      settings.chat ? originOf(settings.chat.url) : undefined,
      // the iframe deposit modal shows the platform's deposit page
      settings.platform.depositPage ? originOf(settings.platform.depositPage) : undefined,
      ...listed(env[CONTENT_SOURCE_ENV.frame]),
    ]),
    connect: unique([
      ...realtimeEndpoints(settings).map((e) => originOf(e, /^(https?|wss?):\/\//i)),
      settings.errorReporting.dsn ? originOf(settings.errorReporting.dsn) : undefined,
      ...listed(env[CONTENT_SOURCE_ENV.connect], /^(https?|wss?):\/\//i),
    ]),
  };
}
