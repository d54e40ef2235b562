import type { ClientErrorReport } from "@sportsbook/contracts/http/client-errors";

/**
 * SPEC §8 filters: what a page meets without anything being broken, and is not reported. A request
 * the page or the player cancelled, the network going away, a code chunk that failed to load (a
 * deploy replaced it; the next navigation loads the new one), the not-found page, and the
 * ResizeObserver loop notice browsers raise when a layout settles over two frames.
 */
export function isNoise(report: Pick<ClientErrorReport, "name" | "message" | "page">): boolean {
  const { name, message, page } = report;
  if (name === "AbortError" || /\b(aborted|cancell?ed)\b/i.test(message)) return true;
  if (
    /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/i.test(
      message,
    )
  )
    return true;
  if (name === "ChunkLoadError" || /Loading (CSS )?chunk [\w-]+ failed/i.test(message)) return true;
  if (/(^|\/)404\/?$/.test(page)) return true;
  return /ResizeObserver loop/i.test(message);
}

/** What a page knows of an error: its name, message and stack, whatever was thrown. */
export function describeError(error: unknown): Pick<ClientErrorReport, "name" | "message" | "stack"> {
  if (error instanceof Error)
    return {
      name: error.name || "Error",
      message: error.message,
      ...(error.stack ? { stack: error.stack.slice(0, 8000) } : {}),
    };
  return { name: "NonError", message: typeof error === "string" ? error : safeJson(error) };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 2000) ?? String(value);
  } catch {
    // a value that cannot be written out is reported by its type alone
    return Object.prototype.toString.call(value);
  }
}
