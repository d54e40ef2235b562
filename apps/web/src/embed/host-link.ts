import type {
  FrameMessagePayloads,
  FrameMessageType,
  HostAction,
} from "@sportsbook/contracts/window-messages";
import { useSyncExternalStore } from "react";

export type { HostAction };

type Post = <T extends FrameMessageType>(type: T, payload: FrameMessagePayloads[T]) => void;

interface HostLink {
  /** Writes to the allowed host framing this page; absent outside a frame or for a foreign host. */
  post: Post | undefined;
  /** The actions the host said it handles itself. */
  listeners: ReadonlySet<HostAction>;
}

let link: HostLink = { post: undefined, listeners: new Set() };
const subscribers = new Set<() => void>();

/** Called by the frame bridge as it learns who frames the page and what the host listens for. */
export function setHostLink(next: Partial<HostLink>): void {
  link = { ...link, ...next };
  for (const notify of subscribers) notify();
}

/** Tells the host something, when an allowed host frames the page; does nothing otherwise. */
export function postToHost<T extends FrameMessageType>(type: T, payload: FrameMessagePayloads[T]): void {
  link.post?.(type, payload);
}

/** Hands an account action to the host when it listens for it; true when the host took it. */
export function delegateToHost(action: HostAction): boolean {
  if (!link.post || !link.listeners.has(action)) return false;
  link.post(action, {});
  return true;
}

const subscribe = (notify: () => void) => {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
};

/** Whether an allowed host frames the page and handles this action itself. */
export function useHostHandles(action: HostAction | undefined): boolean {
  return useSyncExternalStore(
    subscribe,
    () => action !== undefined && link.post !== undefined && link.listeners.has(action),
    () => false,
  );
}

/**
 * Where an account action goes: to the host when it handles it; else to the sportsbook's own modal,
 * unless the operator says accounts belong to the host platform (`platform.accounts: "host"`), in
 * which case it is disabled until a host that handles it frames the page.
 */
export function accountActionRoute(
  handledByHost: boolean,
  accounts: "sportsbook" | "host",
): "host" | "modal" | "disabled" {
  if (handledByHost) return "host";
  return accounts === "host" ? "disabled" : "modal";
}

/** The current route of an account action, outside React (hash and modal handlers). */
export function currentAccountActionRoute(action: HostAction, accounts: "sportsbook" | "host") {
  return accountActionRoute(link.post !== undefined && link.listeners.has(action), accounts);
}
