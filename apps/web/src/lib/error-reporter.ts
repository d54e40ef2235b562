import type { ClientErrorKind, ClientErrorReport } from "@sportsbook/contracts/http/client-errors";
import { describeError, isNoise } from "./error-filters";

type SentryClient = typeof import("@sentry/browser");

/** What the page knows of the call an error came from (SPEC §8: response URL, request and answer). */
export interface ErrorContext {
  /** What the page was doing ("reading the bets"), so a report says which failure it is. */
  during?: string;
  responseUrl?: string;
  status?: number;
  request?: unknown;
  response?: unknown;
}

export interface ErrorReportingOptions {
  /** A Sentry-compatible DSN; without it errors go to the server's log and metrics only. */
  dsn?: string | undefined;
  environment?: string | undefined;
  /** Told once the DSN's client has loaded and is sending. */
  onReady?: () => void;
}

let sentry: SentryClient | null = null;

/** Keys whose values never leave the page in a report (passwords, tokens, codes sent by SMS). */
const SECRET_KEY = /pass|token|secret|code|otp/i;

/** A JSON request body with its secrets masked; anything else is not attached. */
export function redactSecrets(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: its content is unknown, so none of it is sent
    return "[not JSON]";
  }
  return JSON.stringify(parsed, (key, value: unknown) => (SECRET_KEY.test(key) ? "[redacted]" : value));
}

const clip = (value: unknown) =>
  (typeof value === "string" ? value : (JSON.stringify(value) ?? "")).slice(0, 4000);

/**
 * The page's one error reporter (SPEC §8): the noise the SPEC filters out is dropped; every other
 * error goes to the server (logged and counted) and, when the site names a DSN, to it as well.
 */
export function reportError(
  error: unknown,
  kind: ClientErrorKind = "error",
  context: ErrorContext = {},
): void {
  if (typeof window === "undefined") {
    // rendered on the server: its log is where a failure shows
    console.error(`${context.during ?? "rendering"} failed`, error);
    return;
  }
  const report: ClientErrorReport = {
    kind,
    ...describeError(error),
    ...(context.during ? { during: context.during.slice(0, 200) } : {}),
    page: window.location.pathname,
    ...(context.responseUrl ? { response_url: context.responseUrl.slice(0, 2000) } : {}),
    ...(context.status !== undefined ? { status: context.status } : {}),
    ...(context.request !== undefined ? { request: clip(context.request) } : {}),
    ...(context.response !== undefined ? { response: clip(context.response) } : {}),
  };
  if (isNoise(report)) return;
  fetch("/api/client-errors", {
    method: "POST",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(report),
  }).catch((e: unknown) => console.warn("the error report could not be sent", e));
  sentry?.captureException(error instanceof Error ? error : new Error(report.message), {
    tags: { kind },
    extra: {
      ...(report.during ? { during: report.during } : {}),
      ...(report.response_url ? { response_url: report.response_url } : {}),
      ...(report.status !== undefined ? { status: report.status } : {}),
      ...(report.request ? { request: report.request } : {}),
      ...(report.response ? { response: report.response } : {}),
    },
  });
}

/**
 * A failure the page met and handled (it showed the player an error, kept what it had, or tries
 * again): reported, never swallowed, with what the page was doing. `kind` is `api` when a call's
 * answer was refused, `error` otherwise.
 */
export function reportFailure(
  during: string,
  error: unknown,
  context: Omit<ErrorContext, "during"> & { kind?: ClientErrorKind } = {},
): void {
  const { kind = "error", ...rest } = context;
  reportError(error, kind, { ...rest, during });
}

/**
 * Listens for the page's uncaught errors, rejections and images that fail to load (the sport and
 * team icons), and loads the Sentry client when a DSN is set; returns the function that stops.
 */
export function startErrorReporting(options: ErrorReportingOptions): () => void {
  const onError = (e: Event) => {
    if (e instanceof ErrorEvent) {
      reportError(e.error ?? e.message, "error");
      return;
    }
    const target = e.target;
    if (target instanceof HTMLImageElement) {
      const src = target.currentSrc || target.src;
      const failed = new Error(`image failed to load: ${src}`);
      failed.name = "ImageLoadError";
      reportError(failed, "icon", { responseUrl: src });
    }
  };
  const onRejection = (e: PromiseRejectionEvent) => reportError(e.reason, "unhandled_rejection");
  // Capture: an image's load error does not bubble to the window.
  window.addEventListener("error", onError, true);
  window.addEventListener("unhandledrejection", onRejection);
  let stopped = false;
  if (options.dsn) {
    const dsn = options.dsn;
    import("@sentry/browser")
      .then((client) => {
        if (stopped) return;
        client.init({
          dsn,
          ...(options.environment ? { environment: options.environment } : {}),
          // This reporter catches and filters; Sentry only sends what it is handed.
          defaultIntegrations: false,
          integrations: [client.dedupeIntegration(), client.httpContextIntegration()],
        });
        sentry = client;
        options.onReady?.();
      })
      .catch((e: unknown) => console.warn("the error reporting client could not load", e));
  }
  return () => {
    stopped = true;
    window.removeEventListener("error", onError, true);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
