import "../lib/zod-without-eval";

/** A refusal of the back office's API, with the catalogue's code and message. */
export class BackofficeError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** The fields at fault, as the API named them (`name.en`, `terms.amounts`). */
    readonly details: readonly { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

let csrf: string | undefined;

/** Keeps the session's CSRF token (from the sign-in or `/me` answer) for the calls that change things. */
export function rememberCsrfToken(token: string | undefined): void {
  csrf = token;
}

/** Calls `/api/backoffice{path}` on this origin with the staff cookie; answers the JSON body or throws. */
export async function boFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrf) headers["x-csrf-token"] = csrf;
  const res = await fetch(`/api/backoffice${path}`, {
    method,
    headers,
    credentials: "same-origin",
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  // an answer that is not JSON is no body: a refusal then carries its status alone
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const e = (body ?? {}) as {
      code?: number;
      message?: string;
      data?: { details?: { field: string; message: string }[] };
    };
    const details = e.data?.details?.map((d) => `${d.field}: ${d.message}`).join("; ");
    throw new BackofficeError(
      res.status,
      e.code ?? 0,
      [e.message ?? res.statusText, details].filter(Boolean).join(" — "),
      e.data?.details ?? [],
    );
  }
  return body as T;
}
