import { cache } from "react";
import type { z } from "zod";

/** The status of a call the API never answered (network failure or timeout). */
const NO_ANSWER = 0;

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

export interface ApiCall {
  locale: string;
  query?: Query;
  /** The visitor's cookies, so signed-in answers (favourites) reach the page. */
  cookie?: string;
  method?: "GET" | "POST";
  body?: unknown;
}

function withQuery(path: string, query: Query = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Calls the Sportsbook API in the page's language and validates the answer. Any failure
 * (unreachable, non-2xx, wrong shape) becomes an ApiError.
 */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  call: ApiCall,
): Promise<z.infer<S>> {
  const url = `${apiBase()}${withQuery(path, call.query)}`;
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const answer = await fetchJson(url, call.method ?? "GET", call.locale, call.cookie, body);
  if ("error" in answer) throw new ApiError(`${path}: ${answer.error}`, answer.status);
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(`${path}: unexpected answer (${issue?.path.join(".")}: ${issue?.message})`, 502);
  }
  return parsed.data;
}

type Answer = { json: unknown } | { error: string; status: number };

/**
 * One API call per distinct request in a page render: blocks that need the same list (the sport
 * list in the sidebar and in the side menu) share the answer through React's per-request cache.
 */
const fetchJson = cache(
  async (
    url: string,
    method: string,
    locale: string,
    cookie: string | undefined,
    body: string | undefined,
  ): Promise<Answer> => {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          "accept-language": locale,
          accept: "application/json",
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...(cookie ? { cookie } : {}),
        },
        ...(body !== undefined ? { body } : {}),
        cache: "no-store",
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      return { error: (err as Error).message, status: NO_ANSWER };
    }
    if (!res.ok) return { error: `HTTP ${res.status}`, status: res.status };
    // a body that is not JSON is no body; the caller's schema refuses it
    return { json: await res.json().catch(() => undefined) };
  },
);

/**
 * Like apiGet, but a failure yields `fallback`: a catalog block shows its empty state. Client errors
 * that are expected (401 for visitors) stay quiet; anything else is logged.
 */
export async function apiGetOr<S extends z.ZodType>(
  path: string,
  schema: S,
  call: ApiCall,
  fallback: z.infer<S>,
): Promise<z.infer<S>> {
  try {
    return await apiGet(path, schema, call);
  } catch (err) {
    if (!(err instanceof ApiError && (err.status === 401 || err.status === 404)))
      console.warn(`[web] ${(err as Error).message}`);
    return fallback;
  }
}
