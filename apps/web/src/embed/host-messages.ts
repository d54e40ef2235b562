import { type HostMessage, hostMessageSchema } from "@sportsbook/contracts/window-messages";
import { isAllowedParentOrigin, type ParentOrigins } from "@sportsbook/domain";

export type HostMessageRead =
  | { ok: true; message: HostMessage }
  | { ok: false; reason: "origin" | "invalid" | "not-for-us" };

/**
 * Reads a window message from the host (SPEC §5): only from an allowed platform origin and only in
 * a shape of the protocol. Messages of other kinds (a script of the host page talking to itself,
 * a browser extension) have no `type` and are not ours to report.
 */
export function readHostMessage(
  event: { origin: string; data: unknown },
  allowed: ParentOrigins,
): HostMessageRead {
  const data = event.data;
  if (typeof data !== "object" || data === null || !("type" in data))
    return { ok: false, reason: "not-for-us" };
  if (!isAllowedParentOrigin(event.origin, allowed)) return { ok: false, reason: "origin" };
  const parsed = hostMessageSchema.safeParse(data);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, reason: "invalid" };
}

/**
 * The origin of the page framing this one, when it is an allowed platform origin: the only origin
 * messages to the host are sent to (never `*`, which would hand balances to any framing page).
 */
export function hostOrigin(
  ancestors: readonly string[] | undefined,
  referrer: string,
  allowed: ParentOrigins,
): string | undefined {
  // a referrer that is not a URL names no host
  const origin = ancestors?.[0] ?? (URL.canParse(referrer) ? new URL(referrer).origin : undefined);
  return origin && isAllowedParentOrigin(origin, { ...allowed, hasSessionOrToken: false })
    ? origin
    : undefined;
}
