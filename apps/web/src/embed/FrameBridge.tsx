"use client";
import {
  type FrameMessagePayloads,
  type FrameMessageType,
  frameMessage,
  type HostMessage,
} from "@sportsbook/contracts/window-messages";
import type { ParentOrigins } from "@sportsbook/domain";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useMemo, useRef } from "react";
import { useClientConfig } from "../components/shell/ClientConfig";
import { useSelectionCount, useTicket } from "../components/ticket/TicketContext";
import { SHARE_PARAM } from "../components/ticket/ticket-keys";
import { reportFailure } from "../lib/error-reporter";
import { localizeHref, splitLocale } from "../lib/locale-url";
import { switchLocale } from "../lib/switch-locale";
import { useOddsFormat } from "../odds/OddsFormatContext";
import { usePlayer, usePlayerStore } from "../player/player-context";
import { currentAccount } from "../player/player-store";
import { setHostLink } from "./host-link";
import { hostOrigin, readHostMessage } from "./host-messages";

type Post = <T extends FrameMessageType>(type: T, payload: FrameMessagePayloads[T]) => void;

/** SPEC §9: the frame reports its size at most every 100 ms while it changes. */
const PAGE_SIZE_DEBOUNCE_MS = 100;

/**
 * The sportsbook's side of the window-message protocol with its host platform (SPEC §7): tells the
 * host it is ready, which page it shows, its size, the balance and the slip; follows the host's
 * locale, page, odds format, currency, slip and shared-bet messages. Only allowed platform origins
 * are heard or written to.
 */
export function FrameBridge() {
  const config = useClientConfig();
  const router = useRouter();
  const pathname = usePathname();
  const player = usePlayer();
  const store = usePlayerStore();
  const { setFormat } = useOddsFormat();
  const selections = useSelectionCount();
  const { openPanel } = useTicket();
  const allowed: ParentOrigins = useMemo(
    () => ({
      whitelist: config.platform.origins,
      hasSessionOrToken: false,
      ...(config.platform.firstPartyOrigin ? { firstPartyOrigin: config.platform.firstPartyOrigin } : {}),
    }),
    [config.platform],
  );
  const target = useMemo(
    () => hostOrigin([...(window.location.ancestorOrigins ?? [])], document.referrer, allowed),
    [allowed],
  );
  // one sender for every effect, always writing to the current target
  const post = useRef<Post>(() => undefined);
  post.current = (type, payload) => {
    if (target) window.parent.postMessage(frameMessage(type, payload), target);
  };

  useEffect(() => {
    if (!target) {
      console.warn("framed by a page whose origin is not an allowed platform origin: not talking to it");
      return;
    }
    setHostLink({ post: (type, payload) => post.current(type, payload) });
    post.current("initialized", { locale: config.locale });
    return () => setHostLink({ post: undefined });
  }, [target, config.locale]);

  useEffect(() => {
    post.current("page-loaded", { path: splitLocale(pathname, config).rest });
  }, [pathname, config]);

  useEffect(() => {
    // The document's own height, not the root's scroll height, which is never less than the frame's:
    // a frame sized to it could grow but never shrink. Nothing in frame mode stretches to the frame's
    // height (`:root[data-framed]` in the styles), so the body is as tall as the page's content.
    const root = document.documentElement;
    root.dataset.framed = "";
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = "";
    const report = () => {
      const size = { width: root.scrollWidth, height: Math.ceil(document.body.scrollHeight) };
      const key = `${size.width}x${size.height}`;
      if (key === last) return;
      last = key;
      post.current("page-size-changed", size);
    };
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(report, PAGE_SIZE_DEBOUNCE_MS);
    });
    observer.observe(document.body);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      delete root.dataset.framed;
    };
  }, []);

  // A session that ended under the player: the host, which signs its players in, is told and may
  // hand a new one over (SPEC §5), rather than the frame quietly showing a signed-out page.
  useEffect(() => {
    if (player.sessionEnded) post.current("session-ended", { reason: player.sessionEnded });
  }, [player.sessionEnded]);

  useEffect(() => {
    // SPEC §7 top-event-clicked: the host may track or answer a choice in the top events list.
    const onClick = (event: MouseEvent) => {
      const card =
        event.target instanceof Element
          ? event.target.closest<HTMLElement>('[data-list="top-events"] [data-match]')
          : null;
      const matchId = Number(card?.dataset.match);
      if (Number.isSafeInteger(matchId) && matchId > 0) post.current("top-event-clicked", { matchId });
    };
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);

  const account = currentAccount(player);
  useEffect(() => {
    if (account) post.current("balance-changed", { currency: account.code, balance: account.balance });
  }, [account]);

  useEffect(() => {
    post.current("bet-slip-state-changed", { selections });
  }, [selections]);

  useEffect(() => {
    const apply = (message: HostMessage) => {
      switch (message.type) {
        case "change_locale":
          if (message.payload.locale !== config.locale && config.locales.includes(message.payload.locale))
            switchLocale(message.payload.locale, config, player.status === "logged_in");
          return;
        case "page_changed":
          router.push(localizeHref(message.payload.path, config.locale, config));
          return;
        case "open_bet_slip":
          openPanel(message.payload.tab);
          return;
        case "odds_changed":
          setFormat(message.payload.format);
          return;
        case "apply_bet_code": {
          const url = new URL(window.location.href);
          url.searchParams.set(SHARE_PARAM, message.payload.code);
          window.location.assign(url.toString());
          return;
        }
        case "change_currency":
          store
            .switchCurrency(message.payload.currency)
            .then((switched) => switched && post.current("notify-currency-changed", message.payload))
            .catch((err: unknown) => reportFailure("switching currency for the host", err));
          return;
        case "search_modal": {
          const search = document.querySelector<HTMLInputElement>("header input[type=search]");
          if (message.payload.open) search?.focus();
          else search?.blur();
          return;
        }
        case "iframe_integration":
          setHostLink({ listeners: new Set(message.payload.listeners) });
          return;
        case "viewport": {
          // The frame is as tall as its page, so fixed modals would centre in the whole frame and
          // bars stuck to its bottom would sit at the page's end; the host says which part of the
          // frame its window shows, and modals, the tab bar and the slip sheet are placed there.
          const { top, height } = message.payload;
          const root = document.documentElement;
          root.style.setProperty("--host-viewport-height", `${height}px`);
          root.style.setProperty("--host-viewport-top", `${top}px`);
          root.style.setProperty(
            "--host-viewport-bottom",
            `${Math.max(0, window.innerHeight - top - height)}px`,
          );
          root.dataset.hostViewport = "";
          return;
        }
      }
    };
    const onMessage = (event: MessageEvent) => {
      const read = readHostMessage(event, allowed);
      if (read.ok) apply(read.message);
      else if (read.reason !== "not-for-us")
        console.warn(`window message ignored (${read.reason}) from ${event.origin}`);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [allowed, config, player.status, router, setFormat, store, openPanel]);

  return null;
}
