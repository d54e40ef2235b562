import {
  type FrameMessage,
  frameMessageSchema,
  type HostMessage,
  type HostMessageInput,
  hostMessageSchema,
} from "@sportsbook/contracts/window-messages";

export type FrameMessageRead =
  | { ok: true; message: FrameMessage }
  | { ok: false; reason: "not-for-us" | "origin" | "source" | "invalid" };

/**
 * Reads a window message as one from the sportsbook's frame: only from the frame's own window and
 * the sportsbook's origin, and only in a shape of the protocol. Messages without the sportsbook's
 * source tag are another script's (the host page's own, an extension's) and not ours to report.
 */
export function readFrameMessage(
  event: { origin: string; source: unknown; data: unknown },
  expected: { origin: string; source: unknown },
): FrameMessageRead {
  const data = event.data;
  if (typeof data !== "object" || data === null || (data as { source?: unknown }).source !== "sportsbook")
    return { ok: false, reason: "not-for-us" };
  if (event.origin !== expected.origin) return { ok: false, reason: "origin" };
  // another frame of the sportsbook's origin on the page (a second widget) is not this one
  if (event.source !== expected.source) return { ok: false, reason: "source" };
  const parsed = frameMessageSchema.safeParse(data);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, reason: "invalid" };
}

/**
 * The origin the frame's address points at: the only origin commands are written to and messages
 * are heard from. Only http(s) addresses are frames of a sportsbook.
 */
export function sportsbookOrigin(src: string, base: string): string {
  const url = new URL(src, base);
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new TypeError(`the sportsbook's address must be http(s), not ${url.protocol}`);
  return url.origin;
}

/**
 * A command for the frame, checked against the protocol before it leaves: a wrong one (a path with an
 * origin, an unknown locale shape) is the host's mistake and throws here rather than being dropped
 * silently by the frame.
 */
export function hostCommand(message: HostMessageInput): HostMessage {
  const parsed = hostMessageSchema.safeParse(message);
  if (!parsed.success)
    throw new TypeError(
      `not a valid ${message.type} message: ${parsed.error.issues.map((i) => `${i.path.join(".") || "message"}: ${i.message}`).join("; ")}`,
    );
  return parsed.data;
}
