import { DEFAULT_RETRY, type RetryPolicy, retryDelay } from "@sportsbook/contracts";
import type { FeedLogger } from "../ingest/ingest.js";
import {
  type BookmakerDetails,
  type ProducerDescription,
  readDocument,
  responseMessage,
  toBookmaker,
  toProducers,
} from "./documents.js";

/** What a failed call to the provider's API means: its cause, and whether retrying can fix it. */
export class ProviderApiError extends Error {
  constructor(
    readonly path: string,
    readonly status: number | undefined,
    message: string,
    /** Credentials or permissions (401, 403): the access token must change, not the timing. */
    readonly refused: boolean,
    /** For the health figures: refused, timeout, unreachable, server (5xx), client (other 4xx), invalid. */
    readonly kind: "refused" | "timeout" | "unreachable" | "server" | "client" | "invalid",
  ) {
    super(message);
    this.name = "ProviderApiError";
  }
}

export interface UofRestOptions {
  /** The API's base, up to and including `/v1`. */
  apiUrl: string;
  token: string;
  /** The setting naming the token, told when the API refuses it. */
  setting?: string;
  /** A call that has not answered within this is abandoned and retried (default 10 s). */
  timeoutMs?: number;
  /** Attempts of one call before it fails (default 4). */
  attempts?: number;
  policy?: RetryPolicy;
  random?: () => number;
  /** Waits between attempts (tests pass a clock of their own). */
  sleep?: (ms: number) => Promise<void>;
  log?: FeedLogger;
  /** Counts every failed attempt by kind (`sportsbook_feed_api_failures_total`). */
  failed?: (kind: string) => void;
  fetch?: typeof fetch;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The UOF REST API as its SDKs call it: every request carries the access token in `x-access-token`,
 * is abandoned after a timeout, and is retried with backoff and jitter when retrying can help (a
 * timeout, no answer, a 5xx). A 401/403 is not retried here: its cause (the API's own message) is
 * reported with the setting to fix. Producers and market descriptions are fetched once (per
 * language), a fixture once per event and language until `forgetFixture` (a `fixture_change`).
 */
export function createUofRestClient(options: UofRestOptions) {
  const base = options.apiUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const attempts = options.attempts ?? 4;
  const policy = options.policy ?? DEFAULT_RETRY;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? wait;
  const doFetch = options.fetch ?? fetch;
  const setting = options.setting ?? "FEED_PROVIDER_TOKEN";
  const cache = new Map<string, Promise<string>>();
  const counters = { requests: 0, failures: 0, retries: 0 };

  function urlOf(path: string): string {
    return /^https?:\/\//.test(path) ? path : `${base}${path.startsWith("/") ? "" : "/"}${path}`;
  }

  async function once(method: "GET" | "POST", path: string): Promise<string> {
    counters.requests++;
    let res: Response;
    try {
      res = await doFetch(urlOf(path), {
        method,
        headers: { "x-access-token": options.token, accept: "application/xml" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      const cause =
        err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      throw timedOut
        ? new ProviderApiError(path, undefined, `no answer within ${timeoutMs} ms`, false, "timeout")
        : new ProviderApiError(path, undefined, `cannot be reached (${cause})`, false, "unreachable");
    }
    const body = await res.text().catch(() => "");
    if (res.ok) return body;
    const said = responseMessage(body) ?? (body.slice(0, 200) || res.statusText);
    if (res.status === 401 || res.status === 403)
      throw new ProviderApiError(
        path,
        res.status,
        `refused (${res.status}: ${said}): check the access token in ${setting} and what the provider granted it`,
        true,
        "refused",
      );
    throw new ProviderApiError(
      path,
      res.status,
      `answered ${res.status} (${said})`,
      false,
      res.status >= 500 ? "server" : "client",
    );
  }

  /** One call with its retries; a failure is logged once per call, each failed attempt counted. */
  async function call(method: "GET" | "POST", path: string): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(method, path);
      } catch (err) {
        const e =
          err instanceof ProviderApiError
            ? err
            : new ProviderApiError(path, undefined, String(err), false, "invalid");
        counters.failures++;
        options.failed?.(e.kind);
        const retryable = e.kind === "timeout" || e.kind === "unreachable" || e.kind === "server";
        if (!retryable || attempt >= attempts) {
          options.log?.[e.refused ? "error" : "warn"](
            { path, status: e.status, kind: e.kind, attempts: attempt },
            `the provider's API ${method} ${path} failed: ${e.message}`,
          );
          throw e;
        }
        counters.retries++;
        await sleep(retryDelay(policy, attempt, random()));
      }
    }
  }

  /** A GET whose answer is kept; a failed one is forgotten so the next caller asks again. */
  function cached(key: string, path: string): Promise<string> {
    const hit = cache.get(key);
    if (hit) return hit;
    const p = call("GET", path);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
    return p;
  }

  async function parsed<T>(
    path: string,
    body: string,
    read: (doc: ReturnType<typeof readDocument>) => T | string,
  ): Promise<T> {
    const r = read(readDocument(body));
    if (typeof r === "string") {
      options.failed?.("invalid");
      throw new ProviderApiError(path, 200, r, false, "invalid");
    }
    return r;
  }

  return {
    async whoami(): Promise<BookmakerDetails> {
      const path = "/users/whoami.xml";
      return parsed(path, await call("GET", path), (d) => (d.ok ? toBookmaker(d.doc) : d.reason));
    },
    async producers(): Promise<ProducerDescription[]> {
      const path = "/descriptions/producers.xml";
      return parsed(path, await cached("producers", path), (d) => (d.ok ? toProducers(d.doc) : d.reason));
    },
    /** The market descriptions with their mappings in one language, as the provider words them. */
    marketDescriptions(language: string): Promise<string> {
      return cached(`markets/${language}`, `/descriptions/${language}/markets.xml?include_mappings=true`);
    },
    /** An event's fixture document in one language, fetched once until `forgetFixture`. */
    fixture(urn: string, language: string): Promise<string> {
      return cached(`fixture/${urn}/${language}`, `/sports/${language}/sport_events/${urn}/fixture.xml`);
    },
    /** A `fixture_change` says the event's fixture moved on: the next `fixture` fetches it again. */
    forgetFixture(urn: string): void {
      for (const key of [...cache.keys()]) if (key.startsWith(`fixture/${urn}/`)) cache.delete(key);
    },
    /** Asks a producer to send again what it sent after `after` (everything current without it). */
    async initiateRecovery(
      producerApiUrl: string,
      request: { after?: number; requestId: number; nodeId?: number },
    ): Promise<void> {
      const q = new URLSearchParams();
      if (request.after !== undefined) q.set("after", String(request.after));
      if (request.nodeId !== undefined) q.set("node_id", String(request.nodeId));
      q.set("request_id", String(request.requestId));
      await call("POST", `${producerApiUrl}recovery/initiate_request?${q}`);
    },
    /** Asks a producer for one event's current odds again (its messages failed to apply). */
    async eventRecovery(
      producerApiUrl: string,
      urn: string,
      request: { requestId: number; nodeId?: number },
    ): Promise<void> {
      const q = new URLSearchParams();
      if (request.nodeId !== undefined) q.set("node_id", String(request.nodeId));
      q.set("request_id", String(request.requestId));
      await call("POST", `${producerApiUrl}odds/events/${urn}/initiate_request?${q}`);
    },
    stats: () => ({ ...counters, cached: cache.size }),
  };
}

export type UofRestClient = ReturnType<typeof createUofRestClient>;
