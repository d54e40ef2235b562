import type { z } from "zod";

/** Base URL of the Sportsbook API as seen from the page server (same process: loopback). */
export function apiBase(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SPORTSBOOK_API_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}/api`).replace(/\/$/, "");
}

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined>;

function withQuery(path: string, query: Query = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Calls the Sportsbook API with the page's language and validates the answer. Any failure
 * (unreachable, non-2xx, wrong shape) becomes an ApiError so a page can show its empty state.
 */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: { locale: string; query?: Query; cookie?: string },
): Promise<z.infer<S>> {
  const url = `${apiBase()}${withQuery(path, opts.query)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        "accept-language": opts.locale,
        "x-language": opts.locale,
        accept: "application/json",
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
      cache: "no-store",
      signal: AbortSignal.timeout(5000),
    });
  } catch (err) {
    throw new ApiError(`${path}: ${(err as Error).message}`, 0);
  }
  if (!res.ok) throw new ApiError(`${path}: HTTP ${res.status}`, res.status);
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiError(
      `${path}: unexpected answer (${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message})`,
      502,
    );
  }
  return parsed.data;
}

/** Like apiGet, but a failure yields `fallback` and is logged: catalog blocks degrade to their empty state. */
export async function apiGetOr<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: { locale: string; query?: Query; cookie?: string },
  fallback: z.infer<S>,
): Promise<z.infer<S>> {
  try {
    return await apiGet(path, schema, opts);
  } catch (err) {
    console.warn(`[web] ${(err as Error).message}`);
    return fallback;
  }
}
