import type {
  FrameMessagePayloads,
  FrameMessageType,
  HostAction,
  HostMessageInput,
} from "@sportsbook/contracts/window-messages";
import { HOST_ACTIONS } from "@sportsbook/contracts/window-messages";
import { hostCommand, readFrameMessage, sportsbookOrigin } from "./messages.js";

export type SportsbookEvent = FrameMessageType;
export type SportsbookHandler<T extends SportsbookEvent> = (payload: FrameMessagePayloads[T]) => void;
export type OddsFormat = Extract<HostMessageInput, { type: "odds_changed" }>["payload"]["format"];

export interface MountOptions {
  /**
   * The sportsbook's address for this player: a page (`https://sports.example/live`) or, for a
   * signed-in player, `/init-sportsbook?token=…&path=…` with the token the host's server obtained.
   */
  src: string;
  /** Where the frame goes: an element or a CSS selector. Ignored when `frame` is given. */
  container?: Element | string;
  /** An iframe already on the page (rendered by the host's server) to adopt instead of creating one. */
  frame?: HTMLIFrameElement;
  /** The frame's accessible name. */
  title?: string;
  /** The least height, in CSS pixels, the frame keeps while its page is shorter or not yet loaded. */
  minHeight?: number;
  /**
   * Sign-in, sign-up and deposit handled by the host (SPEC §5 `iframe_integration`): the frame then
   * sends these messages instead of opening its own forms. By default, each action the host has an
   * `on` handler for when the frame starts.
   */
  delegate?: readonly HostAction[];
  /** Told of every message refused by the origin, source or schema checks (by default `console.warn`). */
  onRejected?: (reason: "origin" | "source" | "invalid", origin: string) => void;
}

export interface Sportsbook {
  /** The frame the sportsbook runs in. */
  readonly frame: HTMLIFrameElement;
  /** The sportsbook's origin: the only one heard from and written to. */
  readonly origin: string;
  /** Listens for one kind of message from the frame; returns the function that stops listening. */
  on<T extends SportsbookEvent>(type: T, handler: SportsbookHandler<T>): () => void;
  /** Opens an app path (`/live`, `/soccer`) inside the frame. */
  navigate(path: string): void;
  /** Opens the side panel on the bet slip or on My bets. */
  openSlip(tab?: "BET_SLIP" | "MY_BETS"): void;
  /** Restores a shared slip from its code. */
  applyBetCode(code: string): void;
  changeLocale(locale: string): void;
  changeCurrency(currency: string): void;
  setOddsFormat(format: OddsFormat): void;
  /** Focuses (or leaves) the frame's search box. */
  search(open: boolean): void;
  /** Loads another address in the frame (a new session handover, for one). */
  load(src: string): void;
  /** Stops listening and removes the frame it created. */
  destroy(): void;
}

/**
 * Mounts the sportsbook in a frame on the host's page and speaks its window messages: waits for the
 * frame's `initialized` before writing to it (commands given earlier wait), hands it the actions the
 * host takes over, keeps the frame as tall as the page it shows and tells it which part the host's
 * window shows (where its modals and slip belong).
 */
export function mountSportsbook(options: MountOptions): Sportsbook {
  const origin = sportsbookOrigin(options.src, window.location.href);
  const frame = options.frame ?? document.createElement("iframe");
  const created = !options.frame;
  const minHeight = options.minHeight ?? 0;
  const handlers = new Map<SportsbookEvent, Set<(payload: never) => void>>();
  const rejected =
    options.onRejected ??
    ((reason: string, from: string) => console.warn(`sportsbook message refused (${reason}) from ${from}`));
  let ready = false;
  let queued: HostMessageInput[] = [];

  if (created) {
    frame.title = options.title ?? "Sportsbook";
    frame.style.cssText = `display:block;width:100%;border:0;overflow:hidden;height:${minHeight || 600}px`;
    const parent =
      typeof options.container === "string"
        ? document.querySelector(options.container)
        : (options.container ?? null);
    if (!parent) throw new TypeError("mountSportsbook needs a container element or a frame");
    parent.append(frame);
  }

  const write = (message: HostMessageInput) => {
    frame.contentWindow?.postMessage(hostCommand(message), origin);
  };
  const send = (message: HostMessageInput) => {
    hostCommand(message);
    if (ready) write(message);
    else queued.push(message);
  };

  let viewportFrame = 0;
  const reportViewport = () => {
    viewportFrame = 0;
    if (!ready) return;
    // the part of the frame the window shows: from how far the frame is scrolled past, as tall as
    // what of it is on screen (a header above the frame or the page's end below take the rest)
    const box = frame.getBoundingClientRect();
    const shown = Math.min(window.innerHeight, box.bottom) - Math.max(0, box.top);
    write({
      type: "viewport",
      payload: {
        width: Math.round(window.innerWidth),
        height: Math.max(0, Math.round(shown)),
        top: Math.max(0, Math.round(-box.top)),
      },
    });
  };
  // at most one viewport message per painted frame, however fast the host page scrolls
  const onViewportChange = () => {
    if (!viewportFrame) viewportFrame = requestAnimationFrame(reportViewport);
  };

  const emit = <T extends SportsbookEvent>(type: T, payload: FrameMessagePayloads[T]) => {
    for (const handler of handlers.get(type) ?? []) {
      try {
        (handler as SportsbookHandler<T>)(payload);
      } catch (err) {
        // one host handler's failure does not keep the others from hearing the message
        console.error(`a sportsbook ${type} handler failed`, err);
      }
    }
  };

  const onMessage = (event: MessageEvent) => {
    const read = readFrameMessage(event, { origin, source: frame.contentWindow });
    if (!read.ok) {
      if (read.reason !== "not-for-us") rejected(read.reason, event.origin);
      return;
    }
    const message = read.message;
    if (message.type === "initialized") {
      // every page load in the frame starts over: it hears the delegation again, then what waited
      ready = true;
      const delegate = options.delegate ?? HOST_ACTIONS.filter((a) => (handlers.get(a)?.size ?? 0) > 0);
      write({ type: "iframe_integration", payload: { listeners: [...delegate] } });
      reportViewport();
      const waiting = queued;
      queued = [];
      for (const m of waiting) write(m);
    }
    if (message.type === "page-size-changed") {
      frame.style.height = `${Math.max(minHeight, message.payload.height)}px`;
      onViewportChange();
    }
    emit(message.type, message.payload as FrameMessagePayloads[typeof message.type]);
  };

  window.addEventListener("message", onMessage);
  window.addEventListener("scroll", onViewportChange, { passive: true });
  window.addEventListener("resize", onViewportChange);
  if (created) frame.src = options.src;

  return {
    frame,
    origin,
    on(type, handler) {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
    navigate: (path) => send({ type: "page_changed", payload: { path } }),
    openSlip: (tab = "BET_SLIP") => send({ type: "open_bet_slip", payload: { tab } }),
    applyBetCode: (code) => send({ type: "apply_bet_code", payload: { code } }),
    changeLocale: (locale) => send({ type: "change_locale", payload: { locale } }),
    changeCurrency: (currency) => send({ type: "change_currency", payload: { currency } }),
    setOddsFormat: (format) => send({ type: "odds_changed", payload: { format } }),
    search: (open) => send({ type: "search_modal", payload: { open } }),
    load(src) {
      if (sportsbookOrigin(src, window.location.href) !== origin)
        throw new TypeError(`the frame stays on ${origin}`);
      ready = false;
      frame.src = src;
    },
    destroy() {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("scroll", onViewportChange);
      window.removeEventListener("resize", onViewportChange);
      if (viewportFrame) cancelAnimationFrame(viewportFrame);
      handlers.clear();
      if (created) frame.remove();
    },
  };
}
